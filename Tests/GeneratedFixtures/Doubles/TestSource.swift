import Foundation

/// The error the fixture publishers fail with.
public nonisolated struct TestFailure: Error, Equatable, Sendable {
    public let code: Int
    public init(code: Int) { self.code = code }
}

/// A registration API to play by hand: observers register with `send`, `finish` and `fail`
/// closures and get a token back. It counts registrations and unregistrations per token, and it
/// is thread-safe, so stress tests can emit from several threads at once.
public nonisolated final class TestSource: @unchecked Sendable {
    private nonisolated struct Observer {
        let send: @Sendable (Int) -> Void
        let finish: @Sendable () -> Void
        let fail: @Sendable (TestFailure) -> Void
    }

    private let lock = NSLock()
    private var observers: [Int: Observer] = [:]
    private var nextToken = 0
    private var unregistrations: [Int: Int] = [:]
    private var registrations = 0

    /// Values sent synchronously from inside `addObserver`, before it returns the token.
    public var valuesSentDuringRegistration: [Int] = []
    /// Whether `addObserver` finishes the stream before it returns the token.
    public var finishesDuringRegistration = false
    /// Runs at the end of `addObserver`, the observer registered, before the token is returned: a
    /// test holds the registering thread here while another thread emits.
    public var afterRegistration: (@Sendable () -> Void)?
    /// What `initial: currentValue` reads; `emit(_:)` sets it before sending.
    public var currentValue: Int { lock.withLock { current } }
    private var current = 0

    public init() {}

    public func addObserver(
        send: @escaping @Sendable (Int) -> Void, finish: @escaping @Sendable () -> Void,
        fail: @escaping @Sendable (TestFailure) -> Void
    ) -> Int {
        let token = lock.withLock {
            registrations += 1
            nextToken += 1
            observers[nextToken] = Observer(send: send, finish: finish, fail: fail)
            return nextToken
        }
        for value in valuesSentDuringRegistration { send(value) }
        if finishesDuringRegistration { finish() }
        afterRegistration?()
        return token
    }

    public func removeObserver(_ token: Int) {
        lock.withLock {
            unregistrations[token, default: 0] += 1
            observers[token] = nil
        }
    }

    /// How many times `addObserver` was called.
    public var registrationCount: Int { lock.withLock { registrations } }
    /// How many times `removeObserver` was called, for any token.
    public var unregistrationCount: Int { lock.withLock { unregistrations.values.reduce(0, +) } }
    /// Whether some token was unregistered more than once.
    public var hasDuplicateUnregistration: Bool { lock.withLock { unregistrations.values.contains { $0 > 1 } } }
    /// Observers registered and not yet removed.
    public var activeObserverCount: Int { lock.withLock { observers.count } }

    /// Sends `value` to every registered observer.
    public func emit(_ value: Int) {
        lock.withLock { current = value }
        for observer in snapshot() { observer.send(value) }
    }

    public func finish() {
        for observer in snapshot() { observer.finish() }
    }

    public func fail(_ failure: TestFailure) {
        for observer in snapshot() { observer.fail(failure) }
    }

    private func snapshot() -> [Observer] {
        lock.withLock { observers.keys.sorted().compactMap { observers[$0] } }
    }
}

/// Runs work at once, standing in for a completion-handler API's queue.
public nonisolated struct ImmediateQueue: Sendable {
    public init() {}

    public func async(_ work: () -> Void) { work() }
}
