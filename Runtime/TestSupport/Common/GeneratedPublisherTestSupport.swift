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

// MARK: - Waiting

/// A count that tasks can wait for without sleeping: each waiter resumes as soon as the count
/// reaches its number, whichever thread raises it. A wait that is not met within ``patience``
/// gives up, so that a broken source fails its test instead of hanging it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class TestCount: @unchecked Sendable {
    /// How long a wait lasts by the clock, in seconds, before it gives up once the tasks queued
    /// meanwhile have had their turn: far longer than anything a working source takes, even when
    /// the tests around it keep every thread of a small machine busy for a while. The
    /// environment variable `GENERATED_PUBLISHER_TEST_PATIENCE` (a positive number of seconds)
    /// replaces the minute, for a run that expects failures and need not wait a minute for each.
    static let patience: TimeInterval = {
        let setting = ProcessInfo.processInfo.environment["GENERATED_PUBLISHER_TEST_PATIENCE"]
        guard let seconds = setting.flatMap(TimeInterval.init), seconds > 0 else { return 60 }
        return seconds
    }()

    private nonisolated struct Waiter {
        let id: Int
        let count: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let lock = NSLock()
    private var current = 0
    private var waiters: [Waiter] = []
    private var nextID = 0

    init() {}

    var value: Int { lock.withLock { current } }

    /// Adds `amount` (which may be negative) and resumes the waiters it satisfies.
    func increment(by amount: Int = 1) {
        let satisfied = lock.withLock {
            current += amount
            let count = current
            defer { waiters.removeAll { $0.count <= count } }
            return waiters.filter { $0.count <= count }
        }
        for waiter in satisfied { waiter.continuation.resume(returning: true) }
    }

    /// Returns `true` once the count is at least `count`, or `false` after ``patience``.
    @discardableResult
    func reaching(_ count: Int) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id: Int? = lock.withLock {
                guard current < count else { return nil }
                nextID += 1
                waiters.append(Waiter(id: nextID, count: count, continuation: continuation))
                return nextID
            }
            guard let id else { return continuation.resume(returning: true) }
            let priority = Task.currentPriority
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.patience) { [weak self] in
                // The clock ran out, but on a busy machine the task that would raise the count may
                // still wait behind others for a thread (the whole test run shares one per core):
                // give up only once a task made now has had its turn, after the tasks queued before it.
                Task.detached(priority: priority) { [weak self] in
                    await Task.yield()
                    self?.giveUp(id)
                }
            }
        }
    }

    private func giveUp(_ id: Int) {
        let waiter: Waiter? = lock.withLock {
            guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }
}

// MARK: - Helpers

/// Observes whether an object has been released.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object?) {
        self.object = object
    }
}

/// Hands values that tests only read to several threads, whatever their type.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct SharedForTest<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// What `make` returns, made on the main actor for a caller on the main thread: how an XCTest case,
/// whose synchronous tests run on the main thread but are not `@MainActor`, makes the samples of a
/// main-actor sender. Like `MainActor.assumeIsolated`, it stops the test off the main thread; unlike
/// it, the value need not be `Sendable` (`NSAttributedString` is not): it goes back to the thread
/// that made it. The checks hand it to other threads only as they do every value, in
/// `SharedForTest` or `ConcurrentProducers`, to be delivered and counted there, never inspected.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated func madeOnMainActor<Value>(_ make: @MainActor () -> Value) -> Value {
    MainActor.assumeIsolated { SharedForTest(make()) }.value
}

/// The failure generated tests send where a publisher fails with any `Error`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct GeneratedTestFailure: Error, Equatable {}

// MARK: - Checks

/// What a check finds: each expectation of its guarantee that does not hold, as a sentence, goes to
/// `report`, which records it as a failure of the running test in its framework (`XCTFail`,
/// `Issue.record`); the test support itself imports no test framework.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct BrokenExpectations {
    let report: (String) -> Void

    /// Reports `expectation` unless `condition` holds.
    func expect(_ condition: Bool, _ expectation: @autoclosure () -> String) {
        if !condition { report(expectation()) }
    }

    /// Reports that `what` is `actual`, not `expected`, when they differ.
    func expectEqual<Value: Equatable>(_ actual: Value, _ expected: Value, _ what: String) {
        expect(actual == expected, "\(what): \(actual), expected \(expected)")
    }

    /// Reports unless `received` are the samples of `indices`, in order; only their count when
    /// values cannot be compared (`equal` is `nil`).
    func expectSamples<Value>(
        _ received: [Value], _ indices: [Int], sample: (Int) -> Value, equal: ((Value, Value) -> Bool)?
    ) {
        expectEqual(received.count, indices.count, "values received")
        guard let equal, received.count == indices.count else { return }
        let same = zip(received, indices.map(sample)).allSatisfy { equal($0, $1) }
        expect(same, "the values received are not the samples \(indices), in order")
    }
}

/// What `test:` gives to drive a declaration through its real owner: a new owner's publisher or
/// sequence (`source`), and the schema's code on that owner: `fire` (makes the source report a
/// value), `finish`, and the count of `registrations` or of `pulls`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct OwnerDrive<Source, Value> {
    let source: Source
    let fire: (Value) -> Void
    let finish: (() -> Void)?
    let registrations: () -> Int
    let pulls: () -> Int

    /// A push source's owner.
    init(
        source: Source, fire: @escaping (Value) -> Void, finish: (() -> Void)?,
        registrations: @escaping () -> Int
    ) {
        self.source = source
        self.fire = fire
        self.finish = finish
        self.registrations = registrations
        pulls = { 0 }
    }

    /// A pull source's owner.
    init(source: Source, pulls: @escaping () -> Int) {
        self.source = source
        fire = { _ in }
        finish = nil
        registrations = { 0 }
        self.pulls = pulls
    }
}

/// What a push source's declaration says about values that arrive while nobody asks for them.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum ExpectedNoDemandPolicy: Sendable {
    case drop
    case latest
    case buffer(Int, dropsOldest: Bool)
    /// Every value kept: a sequence whose declaration leaves `whenNoDemand` out.
    case unbounded

    /// Of six values 0...5 where only value 0 meets demand (or an awaiting consumer), the indices
    /// of those delivered.
    var deliveredOfSix: [Int] {
        let late = Array(1...5)
        switch self {
        case .drop: return [0]
        case .latest: return [0, 5]
        case let .buffer(size, dropsOldest): return [0] + (dropsOldest ? late.suffix(size) : late.prefix(size))
        case .unbounded: return [0] + late
        }
    }

    /// Whether the policy keeps values for later, so that an end waits for them.
    var keepsValues: Bool { deliveredOfSix.count > 1 }

    /// Of 1,000 values sent while nobody asks, how many the policy keeps, and whether the last
    /// one sent is among them.
    var keptOfAThousand: (count: Int, lastIsKept: Bool) {
        switch self {
        case .drop: return (0, false)
        case .latest: return (1, true)
        case let .buffer(size, dropsOldest): return (min(size, 1_000), dropsOldest)
        case .unbounded: return (1_000, true)
        }
    }
}

/// When a push source's declaration says it attaches to its source.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum ExpectedStart: Sendable {
    /// On the first demand (a publisher) or the first `next()` (a sequence).
    case onDemand
    /// At subscription (a publisher) or when the iterator is made (a sequence).
    case onSubscribe

    var isOnDemand: Bool {
        if case .onDemand = self { return true }
        return false
    }
}
