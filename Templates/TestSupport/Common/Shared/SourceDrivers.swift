//
// Test support for generated publishers and sequences, whichever forms the module emits: drivers
// that play a source by hand, a count to wait for, and small helpers. It needs neither Combine nor
// a test framework. Emitted once per test module; the support of each form is beside it.

import Foundation

// MARK: - Drivers

/// Plays a push source by hand: hand `register` and `unregister` to a publisher's or a sequence's
/// `init(register:unregister:)`, then `emit`, `finish` or `fail`. Counts registrations.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class PushSourceDriver<Output, Failure: Error>: @unchecked Sendable {
    private nonisolated struct Observer {
        let send: @Sendable (Output) -> Void
        let finish: @Sendable () -> Void
        let fail: @Sendable (Failure) -> Void
    }

    private let lock = NSLock()
    private var observers: [Int: Observer] = [:]
    private var nextToken = 0
    private var registrations = 0
    private var unregistrations = 0
    private let registered = TestCount()

    /// The type of ``register(send:finish:fail:)``, which a publisher's or a sequence's
    /// `init(register:unregister:)` takes.
    typealias Register = (
        _ send: @escaping @Sendable (Output) -> Void, _ finish: @escaping @Sendable () -> Void,
        _ fail: @escaping @Sendable (Failure) -> Void
    ) -> Int
    /// The type of ``unregister(_:)``.
    typealias Unregister = (_ token: Int) -> Void

    init() {}

    var registerCount: Int { lock.withLock { registrations } }
    var unregisterCount: Int { lock.withLock { unregistrations } }
    var isRegistered: Bool { lock.withLock { !observers.isEmpty } }

    func register(
        send: @escaping @Sendable (Output) -> Void, finish: @escaping @Sendable () -> Void,
        fail: @escaping @Sendable (Failure) -> Void
    ) -> Int {
        let token = lock.withLock {
            registrations += 1
            nextToken += 1
            observers[nextToken] = Observer(send: send, finish: finish, fail: fail)
            return nextToken
        }
        registered.increment()
        return token
    }

    func unregister(_ token: Int) {
        lock.withLock {
            unregistrations += 1
            observers[token] = nil
        }
    }

    /// Returns `true` once `register` has been called `count` times in all (`false` if that takes
    /// longer than `TestCount.patience`): for a sequence that registers on its first `next()`, a
    /// sign that its consumer awaits that call.
    @discardableResult
    func registrations(reaching count: Int) async -> Bool {
        await registered.reaching(count)
    }

    /// Sends `value` to every registered observer, as the source would.
    func emit(_ value: Output) {
        for observer in snapshot() { observer.send(value) }
    }

    func finish() {
        for observer in snapshot() { observer.finish() }
    }

    func fail(_ error: Failure) {
        for observer in snapshot() { observer.fail(error) }
    }

    private func snapshot() -> [Observer] {
        lock.withLock { observers.keys.sorted().compactMap { observers[$0] } }
    }
}

/// Plays a pull source by hand: returns the scripted values in order, then ends (`nil`) or throws.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class PullSourceDriver<Output, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: [Output]
    private let ending: Failure?
    private var pulls = 0

    /// - Parameters:
    ///   - values: Returned one per call to `next()`.
    ///   - ending: Thrown after the last value; `nil` ends the stream with `nil`.
    init(values: [Output], ending: Failure? = nil) {
        self.remaining = values
        self.ending = ending
    }

    /// How many times `next()` was called.
    var pullCount: Int { lock.withLock { pulls } }

    func next() throws(Failure) -> Output? {
        let (value, error): (Output?, Failure?) = lock.withLock {
            pulls += 1
            if !remaining.isEmpty { return (remaining.removeFirst(), nil) }
            return (nil, ending)
        }
        if let error { throw error }
        return value
    }
}
