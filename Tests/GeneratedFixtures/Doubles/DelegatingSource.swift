import Foundation

/// The delegate of a `DelegatingSource`; every method has a default, as optional methods of an
/// `@objc` protocol are optional.
public nonisolated protocol DelegatingSourceDelegate: AnyObject {
    func source(_ source: DelegatingSource, didEmit level: Int)
    func source(_ source: DelegatingSource, shouldEmit level: Int) -> Bool
    func sourceDidEnd(_ source: DelegatingSource)
}

nonisolated extension DelegatingSourceDelegate {
    public func source(_ source: DelegatingSource, didEmit level: Int) {}
    public func source(_ source: DelegatingSource, shouldEmit level: Int) -> Bool { true }
    public func sourceDidEnd(_ source: DelegatingSource) {}
}

/// A nonisolated source that reports to a delegate it holds weakly, callable from any thread.
public nonisolated final class DelegatingSource: @unchecked Sendable {
    private let lock = NSLock()
    private weak var storedDelegate: (any DelegatingSourceDelegate)?
    private var storedSubscriptions: [Any] = []
    fileprivate let lifetimeAnchors = LifetimeAnchors()

    public init() {}

    public var delegate: (any DelegatingSourceDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    /// What the source keeps of its own, as an object keeps its subscriptions to its own delegate
    /// calls: released with it.
    public var subscriptions: [Any] {
        get { lock.withLock { storedSubscriptions } }
        set { lock.withLock { storedSubscriptions = newValue } }
    }

    /// Reports `level` to the delegate.
    public func emit(_ level: Int) {
        delegate?.source(self, didEmit: level)
    }

    /// Asks the delegate whether to emit `level`; `true` without a delegate.
    public func requestEmission(_ level: Int) -> Bool {
        delegate?.source(self, shouldEmit: level) ?? true
    }

    /// Tells the delegate the source has ended.
    public func end() {
        delegate?.sourceDidEnd(self)
    }
}

/// Keeps the watchers of its deallocation, so that its delegate streams finish when it goes (Linux
/// has no associated objects).
nonisolated extension DelegatingSource: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}
