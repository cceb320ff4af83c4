import Foundation
import Testing

@testable import GeneratedFixtures

/// Model-based tests of the push iteration behind every generated push sequence
/// (`PushIteration` in GeneratedPublisherSupport+Async.swift, emitted verbatim).
///
/// Each test runs thousands of random, seeded programs of `next()` calls, values and ends sent by
/// the source, cancellations of the awaiting task and releases of the iterator, against the engine
/// and against ``IterationModel``, a small reference of the documented semantics; what each
/// `next()` returns and how often the source is registered and unregistered must be identical.
/// Orderings are made, not waited for: a `next()` that the model says must wait is awaited by a
/// child task, and the program goes on only once the engine reports it awaiting
/// (`isAwaitingValue`).
///
/// Reproduce: a failure prints the program's seed; `ASYNC_MODEL_SEED=<n>` changes the base seed,
/// `ASYNC_MODEL_PROGRAMS=<n>` how many programs run per variant.
@Suite struct AsyncIterationModelTests {
    enum Variant: String, CaseIterable, CustomTestStringConvertible {
        case drop, latest, bufferDropOldest, bufferDropNewest, unbounded, onSubscribe, sendsDuringRegistration

        var policy: NoDemandPolicy {
            switch self {
            case .drop, .sendsDuringRegistration: .drop
            case .latest: .latest
            case .bufferDropOldest, .onSubscribe: .buffer(capacity: 3, dropOldest: true)
            case .bufferDropNewest: .buffer(capacity: 3, dropOldest: false)
            case .unbounded: .unbounded
            }
        }

        var start: SourceStart { self == .onSubscribe ? .onSubscribe : .onDemand }
        /// Values the source sends from inside its registration call.
        var sentDuringRegistration: [Int] { self == .sendsDuringRegistration ? [-1, -2] : [] }
        var testDescription: String { rawValue }
    }

    static let programs = ProcessInfo.processInfo.environment["ASYNC_MODEL_PROGRAMS"].flatMap(Int.init) ?? 400
    static let baseSeed = ProcessInfo.processInfo.environment["ASYNC_MODEL_SEED"].flatMap(UInt64.init) ?? 0x5EED_A5C

    @Test(arguments: Variant.allCases)
    func programsMatchTheModel(variant: Variant) async {
        for index in 0..<Self.programs {
            let salt = UInt64(Variant.allCases.firstIndex(of: variant)!) << 32
            let seed = Self.baseSeed &+ salt &+ UInt64(index)
            var generator = SplitMix64(seed: seed)
            let program = Operation.randomProgram(using: &generator)
            let mismatch = await run(program, variant: variant)
            if let mismatch {
                Issue.record("\(variant) program seed \(seed): \(mismatch)\nprogram: \(program)")
                return
            }
        }
    }

    // MARK: Programs

    enum Operation: CustomStringConvertible {
        case next, send(Int), finish, fail(Int), cancel, release

        var description: String {
            switch self {
            case .next: "next"
            case let .send(value): "send(\(value))"
            case .finish: "finish"
            case let .fail(code): "fail(\(code))"
            case .cancel: "cancel"
            case .release: "release"
            }
        }

        static func randomProgram(using generator: inout SplitMix64) -> [Operation] {
            var program: [Operation] = []
            var value = 0
            for _ in 0..<Int(generator.next() % 24 + 1) {
                switch generator.next() % 20 {
                case 0..<8: program.append(.next)
                case 8..<16:
                    value += 1
                    program.append(.send(value))
                case 16: program.append(.finish)
                case 17: program.append(.fail(Int(generator.next() % 9)))
                case 18: program.append(.cancel)
                default: program.append(.release)
                }
            }
            return program
        }
    }

    /// What a `next()` returned.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(Int?)
        case failure(Int)

        var description: String {
            switch self {
            case let .value(value?): "\(value)"
            case .value(nil): "nil"
            case let .failure(code): "failure(\(code))"
            }
        }
    }

    // MARK: Running a program

    /// Runs `program` on the engine and on the model; a description of the first difference.
    func run(_ program: [Operation], variant: Variant) async -> String? {
        let source = ScriptedSource(sentDuringRegistration: variant.sentDuringRegistration)
        var model = IterationModel(policy: variant.policy, start: variant.start)
        model.sentDuringRegistration = variant.sentDuringRegistration
        var handle: PushIterationHandle<Int, TestFailure>? = PushIterationHandle(
            name: "model", whenNoDemand: variant.policy, start: variant.start, attach: source.attach)
        let iteration = handle!.iteration
        var pending: Task<Outcome, Never>?
        var step = 0

        func check(_ expected: Outcome, _ task: Task<Outcome, Never>) async -> String? {
            guard let actual = await Self.returned(by: task) else {
                return "step \(step): next() did not return within a minute; the model returns \(expected)"
            }
            return actual == expected ? nil : "step \(step): next() returned \(actual), the model \(expected)"
        }

        for operation in program {
            step += 1
            switch operation {
            case .next:
                guard pending == nil, handle != nil else { continue }
                let task = Task { await Self.outcome(of: iteration) }
                if let expected = model.next() {
                    if let mismatch = await check(expected, task) { return mismatch }
                } else {
                    let registrations = model.registrations
                    guard await Self.awaits(iteration, task, registeredWith: source, registrations) else {
                        let returned = await Self.returned(by: task).map(String.init(describing:)) ?? "nothing"
                        return "step \(step): next() returned \(returned); the model waits"
                    }
                    pending = task
                }
            case let .send(value):
                source.send(value)
                if let delivered = model.send(value), let task = pending {
                    pending = nil
                    if let mismatch = await check(.value(delivered), task) { return mismatch }
                }
            case .finish, .fail:
                if case let .fail(code) = operation {
                    source.fail(TestFailure(code: code))
                } else {
                    source.finish()
                }
                let reported = operation.isFinish ? model.finish() : model.fail(operation.failureCode)
                if let reported, let task = pending {
                    pending = nil
                    if let mismatch = await check(reported, task) { return mismatch }
                }
            case .cancel:
                guard handle != nil else { continue }
                let task =
                    pending
                    ?? Task {
                        withUnsafeCurrentTask { $0?.cancel() }
                        return await Self.outcome(of: iteration)
                    }
                pending = nil
                task.cancel()
                model.cancel()
                if let mismatch = await check(.value(nil), task) { return mismatch }
            case .release:
                // An iterator cannot be released while its `next()` runs: `next()` is `mutating`.
                guard pending == nil, handle != nil else { continue }
                handle = nil
                model.cancel()
            }
        }
        if let task = pending {
            task.cancel()
            model.cancel()
            if let mismatch = await check(.value(nil), task) { return mismatch }
        }
        handle = nil
        model.cancel()
        let counts = (source.registrations, source.unregistrations)
        let expected = (model.registrations, model.unregistrations)
        guard counts == expected else {
            return "registrations and unregistrations \(counts), the model \(expected)"
        }
        return nil
    }

    static func outcome(of iteration: PushIteration<Int, TestFailure>) async -> Outcome {
        do throws(TestFailure) {
            return .value(try await iteration.next())
        } catch {
            return .failure(error.code)
        }
    }

    /// Waits until the engine reports the consumer awaiting and the source holds the events the
    /// model says it was registered with; `false` if `task` returned instead, or after a minute.
    ///
    /// Both, because `next()` reports awaiting before its registration call runs: a value sent in
    /// between never reaches the source's events, and the model would wait for it forever.
    static func awaits(
        _ iteration: PushIteration<Int, TestFailure>, _ task: Task<Outcome, Never>,
        registeredWith source: ScriptedSource, _ registrations: Int
    ) async -> Bool {
        let finished = TestCount()
        let watcher = Task {
            _ = await task.value
            finished.increment()
        }
        defer { watcher.cancel() }
        let deadline = ContinuousClock.now + .seconds(60)
        while !iteration.isAwaitingValue || source.registrations < registrations {
            if finished.value > 0 || ContinuousClock.now > deadline { return false }
            await Task.yield()
        }
        return true
    }

    /// What `task`'s `next()` returned, or `nil` if it has not returned within a minute: a hang
    /// fails the program with its seed instead of stalling the whole run.
    static func returned(by task: Task<Outcome, Never>) async -> Outcome? {
        let first = FirstResult<Outcome?>()
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(60))
            first.offer(nil)
        }
        defer { watchdog.cancel() }
        return await withCheckedContinuation { continuation in
            first.deliver(to: continuation)
            Task { first.offer(await task.value) }
        }
    }
}

extension AsyncIterationModelTests.Operation {
    fileprivate var isFinish: Bool {
        if case .finish = self { return true }
        return false
    }

    fileprivate var failureCode: Int {
        if case let .fail(code) = self { return code }
        return 0
    }
}

/// Resumes a continuation with the first of several results offered from different tasks,
/// whether it comes before or after the continuation.
final class FirstResult<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?
    private var first: Value?
    private var isDelivered = false

    func deliver(to continuation: CheckedContinuation<Value, Never>) {
        let ready: Value? = lock.withLock {
            guard let first else {
                self.continuation = continuation
                return nil
            }
            isDelivered = true
            return first
        }
        if let ready { continuation.resume(returning: ready) }
    }

    func offer(_ value: Value) {
        let waiting: CheckedContinuation<Value, Never>? = lock.withLock {
            guard !isDelivered, first == nil else { return nil }
            guard let continuation = continuation.take() else {
                first = value
                return nil
            }
            isDelivered = true
            return continuation
        }
        waiting?.resume(returning: value)
    }
}

// MARK: - The model

/// The documented semantics of one push iteration, sequentially.
struct IterationModel {
    typealias Outcome = AsyncIterationModelTests.Outcome

    let policy: NoDemandPolicy
    var sentDuringRegistration: [Int] = []
    private(set) var registrations = 0
    private(set) var unregistrations = 0
    private var kept: [Int] = []
    /// The source's end or the cancellation, once it happened.
    private var end: Outcome?
    private var isOver = false
    private var isAwaiting = false

    init(policy: NoDemandPolicy, start: SourceStart) {
        self.policy = policy
        if start == .onSubscribe { register() }
    }

    private var isAttached: Bool { registrations > unregistrations }

    /// What `next()` returns at once, or `nil` when it waits.
    mutating func next() -> Outcome? {
        if isOver { return .value(nil) }
        if !kept.isEmpty { return .value(kept.removeFirst()) }
        if let end {
            isOver = true
            return end
        }
        isAwaiting = true
        if registrations == 0 {
            register()
            // Values sent from inside the registration call: the first goes to the waiting consumer.
            if !isAwaiting, let first = delivered.popLast() { return .value(first) }
        }
        return nil
    }

    private var delivered: [Int] = []

    private mutating func register() {
        registrations += 1
        for value in sentDuringRegistration {
            if let value = send(value) { delivered.append(value) }
        }
    }

    /// The value the waiting consumer gets, if it waits; otherwise the policy keeps or drops it.
    mutating func send(_ value: Int) -> Int? {
        guard isAttached, end == nil else { return nil }
        if isAwaiting {
            isAwaiting = false
            return value
        }
        switch policy {
        case .drop: break
        case .latest: kept = [value]
        case let .buffer(capacity, dropOldest):
            if kept.count < capacity {
                kept.append(value)
            } else if dropOldest {
                kept.removeFirst()
                kept.append(value)
            }
        case .unbounded: kept.append(value)
        }
        return nil
    }

    /// What the waiting consumer gets, if it waits.
    mutating func finish() -> Outcome? { ended(with: .value(nil)) }

    mutating func fail(_ code: Int) -> Outcome? { ended(with: .failure(code)) }

    private mutating func ended(with outcome: Outcome) -> Outcome? {
        guard isAttached, end == nil else { return nil }
        end = outcome
        unregistrations += 1
        guard isAwaiting else { return nil }
        isAwaiting = false
        isOver = true
        return outcome
    }

    /// The awaiting task is cancelled, a cancelled task calls `next()`, or the iterator is released.
    mutating func cancel() {
        if isAttached { unregistrations += 1 }
        kept = []
        isAwaiting = false
        isOver = true
        end = end ?? .value(nil)
    }
}

// MARK: - Doubles

/// A push source for the model tests: counts registrations, sends to the registered iteration.
final class ScriptedSource: @unchecked Sendable {
    private let lock = NSLock()
    private var events: IterationEvents<Int, TestFailure>?
    private var registered = 0
    private var unregistered = 0
    private let sentDuringRegistration: [Int]

    init(sentDuringRegistration: [Int] = []) {
        self.sentDuringRegistration = sentDuringRegistration
    }

    var registrations: Int { lock.withLock { registered } }
    var unregistrations: Int { lock.withLock { unregistered } }

    func attach(_ events: IterationEvents<Int, TestFailure>) -> () -> Void {
        lock.withLock {
            registered += 1
            self.events = events
        }
        for value in sentDuringRegistration { events.send(value) }
        return { [self] in
            lock.withLock {
                unregistered += 1
                self.events = nil
            }
        }
    }

    func send(_ value: Int) { lock.withLock { events }?.send(value) }
    func finish() { lock.withLock { events }?.finish() }
    func fail(_ failure: TestFailure) { lock.withLock { events }?.fail(failure) }
}
