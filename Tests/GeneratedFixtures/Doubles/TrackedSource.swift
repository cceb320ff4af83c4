import Foundation

/// Counts the `TrackedValue`s alive, so that tests can see which values something still holds.
public nonisolated final class LiveCount: @unchecked Sendable {
    private let lock = NSLock()
    private var live = 0

    public init() {}

    public var value: Int { lock.withLock { live } }

    fileprivate func add(_ delta: Int) { lock.withLock { live += delta } }
}

/// A value with identity: counted while alive, and able to run code when it is freed (for example
/// to call back into the subscription that held it).
public nonisolated final class TrackedValue: @unchecked Sendable {
    public let index: Int
    private let count: LiveCount?
    private let onRelease: (@Sendable (Int) -> Void)?

    public init(_ index: Int, count: LiveCount? = nil, onRelease: (@Sendable (Int) -> Void)? = nil) {
        self.index = index
        self.count = count
        self.onRelease = onRelease
        count?.add(1)
    }

    deinit {
        count?.add(-1)
        onRelease?(index)
    }
}

/// A registration API that sends `TrackedValue`s: observers register with `send` and `finish` and
/// get a token back. Thread-safe; it keeps no value it sends.
public nonisolated final class TrackedSource: @unchecked Sendable {
    private nonisolated struct Observer {
        let send: @Sendable (TrackedValue) -> Void
        let finish: @Sendable () -> Void
    }

    private let lock = NSLock()
    private var observers: [Int: Observer] = [:]
    private var nextToken = 0
    private var unregistrations = 0

    public init() {}

    public func addObserver(
        send: @escaping @Sendable (TrackedValue) -> Void, finish: @escaping @Sendable () -> Void
    ) -> Int {
        lock.withLock {
            nextToken += 1
            observers[nextToken] = Observer(send: send, finish: finish)
            return nextToken
        }
    }

    public func removeObserver(_ token: Int) {
        lock.withLock {
            unregistrations += 1
            observers[token] = nil
        }
    }

    /// How many times `removeObserver` was called.
    public var unregistrationCount: Int { lock.withLock { unregistrations } }

    /// Sends `value` to every registered observer.
    public func emit(_ value: TrackedValue) {
        for observer in lock.withLock({ Array(observers.values) }) { observer.send(value) }
    }

    public func finish() {
        for observer in lock.withLock({ Array(observers.values) }) { observer.finish() }
    }
}
