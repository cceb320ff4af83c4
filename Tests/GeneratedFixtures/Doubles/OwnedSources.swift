import Foundation

/// A source that is its own owner, as a custom view or a model is: it keeps its observers itself,
/// ticks its own counter, and may keep subscriptions to its own streams (`subscriptions`), which
/// must not keep it alive (`lifetime: endsWithOwner`). It keeps the watch of its deallocation
/// (`LifetimeAnchoring`), as an app's Swift-native object would without the Objective-C runtime.
public nonisolated final class ChattyView: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var observers: [Int: @Sendable (Int) -> Void] = [:]
    private var nextToken = 0
    private var ticks = 0
    fileprivate let lifetimeAnchors = LifetimeAnchors()

    /// What the view keeps of its own, as a custom view keeps its subscriptions to its own streams.
    public var subscriptions: [Any] = []

    public init() {}

    /// Registers `observer`; returns the token that removes it.
    public func addObserver(_ observer: @escaping @Sendable (Int) -> Void) -> Int {
        lock.withLock {
            nextToken += 1
            observers[nextToken] = observer
            return nextToken
        }
    }

    public func removeObserver(_ token: Int) {
        lock.withLock { _ = observers.removeValue(forKey: token) }
    }

    /// Observers registered and not yet removed.
    public var liveObserverCount: Int { lock.withLock { observers.count } }

    /// Sends `value` to every registered observer.
    public func emit(_ value: Int) {
        let snapshot = lock.withLock { observers.keys.sorted().compactMap { observers[$0] } }
        for observer in snapshot { observer(value) }
    }

    /// The next number of the view's own ticks, from 1.
    public func nextTick() -> Int {
        lock.withLock {
            ticks += 1
            return ticks
        }
    }
}

nonisolated extension ChattyView: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}
