//
// Test support for the async form: a consumer that calls `next()` only when a test asks and records
// what each call returned, and a clock whose time moves only when a test says so. It builds on
// GeneratedPublisherTestSupport.swift, imports neither Combine nor a test framework, and never
// sleeps: tests wait for counts (`TestCount`). Emitted once per test module whose schemas emit the
// async form.

import Foundation

// MARK: - Scripted consumer

/// What one call to `next()` returned.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum NextResult: Equatable, Sendable {
    case value
    /// `nil`: the end, after a failure, or a cancelled task's answer.
    case end
    case failure
}

/// A task that consumes one iterator of a sequence as a test scripts it: it calls `next()` only
/// when asked (`request`, `requestUntilEnd`), one call at a time, and records what each returned;
/// between calls it is not awaiting `next()`. Tests wait for its records (`results(reaching:)`,
/// `ended()`) instead of sleeping, cancel its task (`cancel()`), and make it let go of the iterator
/// (`releaseIterator()`).
///
/// The iterator is made by the initializer, so a source that starts when its iterator is made
/// (`start: onSubscribe`) is registered when it returns; from then on only the consumer's task
/// touches it. The task ends, releasing the iterator, when the consumer is released.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class SequenceTestConsumer<Element, Failure: Error>: @unchecked Sendable {
    private let script: ConsumerScript<Element, Failure>
    private let task: Task<Void, Never>

    init<Source: AsyncSequence>(_ sequence: Source) where Source.Element == Element {
        let iterator = ConsumedIterator<Element, Failure>(sequence.makeAsyncIterator())
        let script = ConsumerScript<Element, Failure>()
        self.script = script
        task = Task { await script.run(iterator) }
    }

    deinit { script.close() }

    /// Calls `next()` `count` more times, each after the previous one returned.
    func request(_ count: Int = 1) {
        script.enqueue(Array(repeating: .next, count: count))
    }

    /// Calls `next()` again and again until it returns `nil` or throws.
    func requestUntilEnd() {
        script.drain()
    }

    /// Lets go of the iterator between two calls to `next()`, and returns once it has (`false` if
    /// that takes longer than `TestCount.patience`).
    @discardableResult
    func releaseIterator() async -> Bool {
        let released = script.releaseCount.value + 1
        script.enqueue([.release])
        return await script.releaseCount.reaching(released)
    }

    /// Cancels the consuming task: a call to `next()` it is awaiting, and every later one, is made
    /// by a cancelled task.
    func cancel() {
        task.cancel()
    }

    /// Returns `true` once `count` calls to `next()` have returned (`false` if that takes longer
    /// than `TestCount.patience`).
    @discardableResult
    func results(reaching count: Int) async -> Bool {
        await script.resultCount.reaching(count)
    }

    /// Returns `true` once a call to `next()` has returned `nil` or thrown (`false` if that takes
    /// longer than `TestCount.patience`).
    @discardableResult
    func ended() async -> Bool {
        await script.endCount.reaching(1)
    }

    /// Calls `next()` once and runs `send` until that call returns, yielding between sends, and
    /// returns whether it did within `TestCount.patience`. For a source that drops what comes while
    /// the consumer is not awaiting and gives no sign that it awaits (it registered when the
    /// iterator was made): the first send that finds the consumer awaiting is the one it gets, and
    /// the sends before it are dropped.
    @discardableResult
    func request(
        isolation: isolated (any Actor)? = #isolation, sendingUntilReturned send: () -> Void
    ) async -> Bool {
        let returned = script.resultCount.value + 1
        request()
        return await eventually {
            guard script.resultCount.value < returned else { return true }
            send()
            return false
        }
    }

    /// What each call to `next()` returned, in order.
    var nextResults: [NextResult] {
        script.outcomes.map {
            switch $0 {
            case .value: .value
            case .end: .end
            case .failure: .failure
            }
        }
    }

    /// The values returned, in order.
    var values: [Element] {
        script.outcomes.compactMap {
            if case let .value(value) = $0 { return value }
            return nil
        }
    }

    /// The error thrown, if one was.
    var failure: Failure? {
        for case let .failure(error) in script.outcomes { return error }
        return nil
    }

    /// Whether a call returned `nil` or threw.
    var hasEnded: Bool { script.endCount.value > 0 }
}

/// One call's outcome, with the value or error.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
private nonisolated enum ConsumerOutcome<Element, Failure: Error> {
    case value(Element)
    case end
    case failure(Failure)
}

/// What the consumer's task does next.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
private nonisolated enum ConsumerCommand {
    case next
    case release
}

/// The iterator, touched only by the consumer's task, one call at a time. Its type is erased here,
/// so that the task captures no generic parameter of the initializer.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
private nonisolated final class ConsumedIterator<Element, Failure: Error>: @unchecked Sendable {
    private var pull: (() async -> ConsumerOutcome<Element, Failure>)?

    init<Iterator: AsyncIteratorProtocol>(_ iterator: Iterator) where Iterator.Element == Element {
        // Only this task calls it, one call at a time; the compiler cannot see that the closure is
        // never called concurrently.
        nonisolated(unsafe) var iterator = iterator
        pull = {
            do {
                guard let value = try await iterator.next() else { return .end }
                return .value(value)
            } catch let error as Failure {
                return .failure(error)
            } catch {
                preconditionFailure("next() threw \(error), which is not a \(Failure.self)")
            }
        }
    }

    func next() async -> ConsumerOutcome<Element, Failure> {
        guard let pull else { preconditionFailure("next() after the iterator was released") }
        return await pull()
    }

    func release() {
        pull = nil
    }
}

/// The commands a test gives its consumer and the outcomes its task records, behind one lock.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
private nonisolated final class ConsumerScript<Element, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var commands: [ConsumerCommand] = []
    private var isDraining = false
    private var isClosed = false
    private var waiting: CheckedContinuation<ConsumerCommand?, Never>?
    private var recorded: [ConsumerOutcome<Element, Failure>] = []
    let resultCount = TestCount()
    let endCount = TestCount()
    let releaseCount = TestCount()

    var outcomes: [ConsumerOutcome<Element, Failure>] { lock.withLock { recorded } }

    /// The task's loop: one command at a time until the consumer is released.
    func run(_ iterator: ConsumedIterator<Element, Failure>) async {
        while let command = await nextCommand() {
            switch command {
            case .next:
                record(await iterator.next())
            case .release:
                iterator.release()
                releaseCount.increment()
            }
        }
        iterator.release()
    }

    func enqueue(_ more: [ConsumerCommand]) {
        resume(
            lock.withLock {
                commands += more
                return takeWaitingLocked()
            })
    }

    func drain() {
        resume(
            lock.withLock {
                isDraining = true
                return takeWaitingLocked()
            })
    }

    func close() {
        resume(
            lock.withLock {
                isClosed = true
                return takeWaitingLocked()
            })
    }

    private func record(_ outcome: ConsumerOutcome<Element, Failure>) {
        let ends: Bool
        switch outcome {
        case .value: ends = false
        case .end, .failure: ends = true
        }
        lock.withLock {
            recorded.append(outcome)
            if ends { isDraining = false }
        }
        if ends { endCount.increment() }
        resultCount.increment()
    }

    private func nextCommand() async -> ConsumerCommand? {
        await withCheckedContinuation { (continuation: CheckedContinuation<ConsumerCommand?, Never>) in
            let ready: ConsumerCommand?? = lock.withLock {
                if let command = takeCommandLocked() { return .some(command) }
                if isClosed { return .some(nil) }
                waiting = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The waiting task and the command to resume it with, if there is one. Called with the lock held.
    private func takeWaitingLocked() -> (CheckedContinuation<ConsumerCommand?, Never>, ConsumerCommand?)? {
        guard let continuation = waiting else { return nil }
        if let command = takeCommandLocked() {
            waiting = nil
            return (continuation, command)
        }
        guard isClosed else { return nil }
        waiting = nil
        return (continuation, nil)
    }

    private func takeCommandLocked() -> ConsumerCommand? {
        if !commands.isEmpty { return commands.removeFirst() }
        return isDraining ? .next : nil
    }

    private func resume(_ waiting: (CheckedContinuation<ConsumerCommand?, Never>, ConsumerCommand?)?) {
        if let (continuation, command) = waiting { continuation.resume(returning: command) }
    }
}

// MARK: - Yielding and producing

/// Yields until `condition` holds, and returns whether it did within `TestCount.patience`: for what
/// gives no other sign, such as a target added by a hop to the main actor. Never sleeps; runs on
/// the caller's actor, so `condition` may be the caller's code.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async -> Bool {
    let deadline = Date(timeIntervalSinceNow: TestCount.patience)
    while !condition() {
        guard Date() < deadline else {
            // As `TestCount` waits: the clock ran out, but what makes `condition` hold may still wait
            // behind other tasks for a thread; it is asked once more after a task made now has run.
            await Task.detached(priority: Task.currentPriority) { await Task.yield() }.value
            return condition()
        }
        await Task.yield()
    }
    return true
}

/// Values that several threads send at once, each thread every `threads`th value in order, and
/// what a sequence delivering them may not do.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct ConcurrentProducers<Value>: @unchecked Sendable {
    let values: [Value]
    let threads: Int

    init(_ values: [Value], threads: Int = 4) {
        self.values = values
        self.threads = threads
    }

    /// Sends every value through `emit`, from `threads` threads at once; returns when all are sent.
    func send(_ emit: @Sendable (Value) -> Void) {
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: values.count, by: threads) { emit(values[index]) }
        }
    }

    /// The value each thread sent last: one of them was the last value sent at all.
    var lastValues: [Value] {
        (0..<Swift.min(threads, values.count)).map { thread in
            values[thread + (values.count - 1 - thread) / threads * threads]
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension ConcurrentProducers {
    /// What is wrong with `delivered`, for distinct values compared by `equal`: a value delivered
    /// twice, one never sent, a thread's values in another order than it sent them. `lastIsKept`:
    /// the last value sent must also be the last delivered, as it is when values that wait are kept
    /// newest last.
    func problems(in delivered: [Value], lastIsKept: Bool = false, equal: (Value, Value) -> Bool) -> [String] {
        var problems: [String] = []
        let indices = delivered.map { value in values.firstIndex { equal($0, value) } }
        if indices.contains(nil) { problems.append("a value that was never sent was delivered") }
        let sent = indices.compactMap { $0 }
        if Set(sent).count != sent.count { problems.append("a value was delivered twice") }
        for thread in 0..<threads {
            let mine = sent.filter { $0 % threads == thread }
            if mine != mine.sorted() { problems.append("thread \(thread)'s values arrived out of order") }
        }
        if lastIsKept, let last = delivered.last, !lastValues.contains(where: { equal($0, last) }) {
            problems.append("the last value delivered is not the last one sent")
        }
        return problems
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension ConcurrentProducers where Value: Equatable {
    /// ``problems(in:lastIsKept:equal:)`` for values compared with `==`.
    func problems(in delivered: [Value], lastIsKept: Bool = false) -> [String] {
        problems(in: delivered, lastIsKept: lastIsKept, equal: ==)
    }
}

// MARK: - Manual clock

/// A clock whose time moves only when a test says so (`advance(by:)`), so that periodic sequences
/// can be checked tick by tick without waiting. Sleepers whose deadline the time reaches are resumed
/// in deadline order; a sleeper whose task is cancelled stops sleeping at once and throws
/// `CancellationError`. Tests wait for sleepers (`sleepers(reaching:)`) instead of sleeping.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
nonisolated final class ManualClock: Clock, @unchecked Sendable {
    /// A moment of the clock: the time since it was made.
    nonisolated struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
        func duration(to other: Self) -> Duration { other.offset - offset }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    }

    private nonisolated struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleeping: [Sleeper] = []
    private var nextID = 0
    private let asleep = TestCount()

    init() {}

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// Tasks sleeping on the clock now.
    var sleeperCount: Int { asleep.value }

    /// Returns `true` once `count` tasks sleep on the clock (`false` if that takes longer than
    /// `TestCount.patience`).
    @discardableResult
    func sleepers(reaching count: Int) async -> Bool {
        await asleep.reaching(count)
    }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let early: Result<Void, any Error>? = lock.withLock {
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleeping.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    asleep.increment()
                    return nil
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            let cancelled: Sleeper? = lock.withLock {
                guard let index = sleeping.firstIndex(where: { $0.id == id }) else { return nil }
                asleep.increment(by: -1)
                return sleeping.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time forward by `duration` and resumes the sleepers it reaches, earliest deadline
    /// first (the time is already the new one when they run).
    func advance(by duration: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let now = current
            let due = sleeping.filter { $0.deadline <= now }.sorted {
                ($0.deadline, $0.id) < ($1.deadline, $1.id)
            }
            sleeping.removeAll { $0.deadline <= now }
            asleep.increment(by: -due.count)
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}

// MARK: - Checks of push sequences

/// The guarantees every push sequence gives, whatever its declaration, checked on one sequence
/// driven by hand through `PushSourceDriver` and consumed by `SequenceTestConsumer`: a value sent
/// while the consumer awaits `next()`, values sent while it does not (the no-demand policy), the
/// end and the failure after the kept values, cancellation of the consuming task, the iterator's
/// release and concurrent producers. Each check runs on its caller's actor and reports what it
/// found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PushSequenceChecks<Subject: AsyncSequence, Failure: Error> {
    typealias Element = Subject.Element
    typealias Driver = PushSourceDriver<Element, Failure>
    typealias Consumer = SequenceTestConsumer<Element, Failure>

    /// Records a broken expectation as a failure of the running test, in its framework.
    let report: (String) -> Void
    /// Makes the sequence on a driver's `register` and `unregister`.
    let make: (Driver) -> Subject
    /// The `index`th value the tests send.
    let sample: (Int) -> Element
    /// How to compare values; `nil` when they cannot be, and only counts are checked.
    let valuesEqual: ((Element, Element) -> Bool)?
    /// Whether samples of different indices differ, so that a delivered value tells which was sent.
    let valuesAreDistinct: Bool
    let whenNoDemand: ExpectedNoDemandPolicy
    let start: ExpectedStart

    init(
        make: @escaping (Driver) -> Subject, failure: Failure.Type, sample: @escaping (Int) -> Element,
        valuesEqual: ((Element, Element) -> Bool)?, valuesAreDistinct: Bool, whenNoDemand: ExpectedNoDemandPolicy,
        start: ExpectedStart,
        report: @escaping (String) -> Void
    ) {
        self.report = report
        self.make = make
        self.sample = sample
        self.valuesEqual = valuesEqual
        self.valuesAreDistinct = valuesAreDistinct
        self.whenNoDemand = whenNoDemand
        self.start = start
    }

    private var onDemand: Bool { start.isOnDemand }

    /// The indices of the samples an idle consumer has received: `sample(0)` when it registered on
    /// its first `next()`.
    private var first: [Int] { onDemand ? [0] : [] }

    private func makeSubject() -> (sequence: Subject, driver: Driver) {
        let driver = Driver()
        return (make(driver), driver)
    }

    /// A consumer registered with the source and not awaiting `next()`: with `start: onDemand`,
    /// one that took `sample(0)` while it awaited its first call; with `onSubscribe`, one whose
    /// iterator is made.
    private func makeIdleConsumer(
        isolation: isolated (any Actor)? = #isolation
    ) async -> (consumer: Consumer, driver: Driver) {
        let (sequence, driver) = makeSubject()
        let consumer = Consumer(sequence)
        guard onDemand else { return (consumer, driver) }
        consumer.request()
        await driver.registrations(reaching: 1)
        driver.emit(sample(0))
        await consumer.results(reaching: 1)
        return (consumer, driver)
    }

    private func expectResults(
        _ consumer: Consumer, values: Int, then after: [NextResult], _ what: String, _ broken: BrokenExpectations
    ) {
        let expected = Array(repeating: NextResult.value, count: values) + after
        broken.expectEqual(consumer.nextResults, expected, "what next() returned (\(what))")
    }

    func aValueSentWhileTheConsumerAwaitsNextIsDelivered(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, driver) = makeSubject()
        let consumer = Consumer(sequence)
        if onDemand {
            broken.expectEqual(
                driver.registerCount, 0, "registrations (start: onDemand registers on the first next())")
            consumer.request()
            // The first next() registers while it awaits: once registered, the consumer awaits.
            await driver.registrations(reaching: 1)
            driver.emit(sample(0))
            await consumer.results(reaching: 1)
        } else {
            broken.expectEqual(
                driver.registerCount, 1, "registrations (start: onSubscribe registers when the iterator is made)")
            if whenNoDemand.keepsValues {
                consumer.request()
                // Whether or not the consumer awaits yet, the value is its: delivered or kept for the call.
                driver.emit(sample(0))
                await consumer.results(reaching: 1)
            } else {
                // Nothing shows when the consumer starts to await, and what comes before is dropped:
                // send until the call returns.
                await consumer.request(sendingUntilReturned: { driver.emit(sample(0)) })
            }
        }
        broken.expectEqual(consumer.nextResults, [.value], "what next() returned")
        broken.expectSamples(consumer.values, [0], sample: sample, equal: valuesEqual)
        broken.expectEqual(driver.registerCount, 1, "registrations")
        broken.expectEqual(driver.unregisterCount, 0, "unregistrations")
    }

    /// Values 1 to 5 come while the consumer does not await, then the end.
    func valuesSentWhileTheConsumerDoesNotAwaitFollowThePolicy(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (consumer, driver) = await makeIdleConsumer()

        for index in 1..<6 { driver.emit(sample(index)) }
        driver.finish()
        consumer.requestUntilEnd()
        await consumer.ended()

        let delivered = first + whenNoDemand.deliveredOfSix.dropFirst()
        broken.expectSamples(consumer.values, delivered, sample: sample, equal: valuesEqual)
    }

    func finishUnregistersAtOnceAndEndsTheIterationAfterTheKeptValues(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await endAfterTheKeptValues(ending: { $0.finish() }, isFailure: false)
    }

    func failureUnregistersAtOnceAndIsThrownAfterTheKeptValues(
        failingWith failure: Failure, isolation: isolated (any Actor)? = #isolation
    ) async {
        await endAfterTheKeptValues(ending: { $0.fail(failure) }, isFailure: true)
    }

    /// Values 1 to 5 come while the consumer does not await, then `ending` (and a finish, which
    /// changes nothing): the source is unregistered at once, and `next()` returns the kept
    /// values, then the end, then `nil`.
    private func endAfterTheKeptValues(
        ending: (Driver) -> Void, isFailure: Bool, isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let delivered = first.count + whenNoDemand.deliveredOfSix.count - 1
        let (consumer, driver) = await makeIdleConsumer()

        for index in 1..<6 { driver.emit(sample(index)) }
        ending(driver)
        driver.finish()

        broken.expectEqual(
            driver.unregisterCount, 1, "unregistrations (the \(isFailure ? "failure" : "end") unregisters at once)")
        consumer.requestUntilEnd()
        await consumer.ended()
        consumer.request()
        await consumer.results(reaching: delivered + 2)
        await consumer.releaseIterator()

        if isFailure {
            expectResults(
                consumer, values: delivered, then: [.failure, .end], "the kept values, then the failure, then nil",
                broken)
            broken.expect(consumer.failure != nil, "the failure is thrown")
        } else {
            expectResults(
                consumer, values: delivered, then: [.end, .end], "the kept values, then nil, and nil again", broken)
        }
        broken.expectEqual(driver.registerCount, 1, "registrations")
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations (exactly once)")
    }

    /// For `start: onDemand`.
    func cancellingTheTaskThatAwaitsNextUnregistersOnceAndReturnsNil(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, driver) = makeSubject()
        let consumer = Consumer(sequence)
        consumer.request()
        await driver.registrations(reaching: 1)

        consumer.cancel()
        consumer.cancel()
        await consumer.ended()
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations (the cancellation unregisters at once)")
        driver.emit(sample(0))
        consumer.request()
        await consumer.results(reaching: 2)
        await consumer.releaseIterator()

        broken.expectEqual(
            consumer.nextResults, [.end, .end], "what next() returned (nil for the awaited call and later ones)")
        broken.expectEqual(driver.registerCount, 1, "registrations")
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations (exactly once)")
    }

    /// For `start: onDemand`.
    func aTaskCancelledBeforeItsFirstNextGetsNilAndNeverRegisters(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, driver) = makeSubject()
        let consumer = Consumer(sequence)

        consumer.cancel()
        consumer.request()
        await consumer.ended()
        await consumer.releaseIterator()

        broken.expectEqual(consumer.nextResults, [.end], "what next() returned")
        broken.expectEqual(driver.registerCount, 0, "registrations")
        broken.expectEqual(driver.unregisterCount, 0, "unregistrations")
    }

    func aCancelledTaskGetsNilNotTheKeptValuesAndUnregistersOnce(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (consumer, driver) = await makeIdleConsumer()

        for index in 1..<6 { driver.emit(sample(index)) }
        consumer.cancel()
        consumer.request()
        await consumer.results(reaching: first.count + 1)
        await consumer.releaseIterator()

        expectResults(consumer, values: first.count, then: [.end], "nil for a cancelled task", broken)
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations (exactly once)")
    }

    func releasingTheIteratorUnregistersOnce(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (consumer, driver) = await makeIdleConsumer()

        await consumer.releaseIterator()
        driver.emit(sample(1))
        driver.finish()

        broken.expectEqual(driver.registerCount, 1, "registrations")
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations (exactly once)")
        broken.expect(!driver.isRegistered, "the source is let go of")
    }

    func concurrentProducersWhileTheConsumerDoesNotAwaitLeaveWhatThePolicyKeeps(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (kept, lastIsKept) = whenNoDemand.keptOfAThousand
        let (consumer, driver) = await makeIdleConsumer()
        let producers = ConcurrentProducers((1...1_000).map(sample))

        producers.send { driver.emit($0) }
        driver.finish()
        consumer.requestUntilEnd()
        await consumer.ended()

        broken.expectEqual(consumer.values.count, first.count + kept, "values received")
        if valuesAreDistinct, let valuesEqual {
            let delivered = Array(consumer.values.dropFirst(first.count))
            for problem in producers.problems(in: delivered, lastIsKept: lastIsKept, equal: valuesEqual) {
                broken.expect(false, problem)
            }
        }
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations")
    }

    func concurrentProducersWhileTheConsumerConsumesDeliverNothingTwice(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (kept, lastIsKept) = whenNoDemand.keptOfAThousand
        let (sequence, driver) = makeSubject()
        let consumer = Consumer(sequence)
        let producers = ConcurrentProducers((0..<1_000).map(sample))

        consumer.requestUntilEnd()
        await driver.registrations(reaching: 1)
        producers.send { driver.emit($0) }
        driver.finish()
        await consumer.ended()

        broken.expect(consumer.values.count <= 1_000, "nothing is delivered twice: \(consumer.values.count) values")
        // A consumer registered on its first call awaits it; a keeping policy keeps the last value.
        if onDemand || kept > 0 {
            broken.expect(consumer.values.count >= 1, "what was promised arrived: no value")
        }
        broken.expectEqual(consumer.nextResults.last, .end, "the last result")
        if valuesAreDistinct, let valuesEqual {
            for problem in producers.problems(in: consumer.values, lastIsKept: lastIsKept, equal: valuesEqual) {
                broken.expect(false, problem)
            }
        }
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations")
    }
}

// MARK: - Checks of pull sequences

/// The guarantees every pull sequence gives, checked on one sequence driven by hand through
/// `PullSourceDriver` and consumed by `SequenceTestConsumer`: one pull per `next()` and none ahead
/// of time, the end at `nil`, a thrown error, and a cancelled task that pulls nothing. Each check
/// runs on its caller's actor and reports what it found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PullSequenceChecks<Subject: AsyncSequence, Failure: Error> {
    typealias Element = Subject.Element
    typealias Driver = PullSourceDriver<Element, Failure>
    typealias Consumer = SequenceTestConsumer<Element, Failure>

    /// Records a broken expectation as a failure of the running test, in its framework.
    let report: (String) -> Void
    /// Makes the sequence on a driver's `next`.
    let make: (Driver) -> Subject
    /// The `index`th value the source provides.
    let sample: (Int) -> Element
    /// How to compare values; `nil` when they cannot be, and only counts are checked.
    let valuesEqual: ((Element, Element) -> Bool)?

    init(
        make: @escaping (Driver) -> Subject, failure: Failure.Type, sample: @escaping (Int) -> Element,
        valuesEqual: ((Element, Element) -> Bool)?,
        report: @escaping (String) -> Void
    ) {
        self.report = report
        self.make = make
        self.sample = sample
        self.valuesEqual = valuesEqual
    }

    /// A sequence whose source provides `count` samples, then ends with `nil` or `ending`.
    private func makeSubject(count: Int, ending: Failure? = nil) -> (sequence: Subject, driver: Driver) {
        let driver = Driver(values: (0..<count).map(sample), ending: ending)
        return (make(driver), driver)
    }

    func eachNextPullsOnceAndNothingIsPulledAhead(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, driver) = makeSubject(count: 5)
        let consumer = Consumer(sequence)
        broken.expectEqual(driver.pullCount, 0, "pulls (nothing is pulled before next())")
        consumer.request(2)
        await consumer.results(reaching: 2)

        broken.expectEqual(driver.pullCount, 2, "pulls (one per next(), none ahead)")
        broken.expectEqual(consumer.nextResults, [.value, .value], "what next() returned")
        broken.expectSamples(consumer.values, [0, 1], sample: sample, equal: valuesEqual)
    }

    func nilEndsTheIterationAndTheSourceIsNotAskedAgain(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, driver) = makeSubject(count: 3)
        let consumer = Consumer(sequence)

        consumer.requestUntilEnd()
        await consumer.ended()
        consumer.request()
        await consumer.results(reaching: 5)

        broken.expectEqual(consumer.nextResults, [.value, .value, .value, .end, .end], "what next() returned")
        broken.expectEqual(driver.pullCount, 4, "pulls (three values and the end)")
    }

    func aThrownErrorIsThrownOnceThenNil(
        failingWith failure: Failure, isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, driver) = makeSubject(count: 2, ending: failure)
        let consumer = Consumer(sequence)

        consumer.requestUntilEnd()
        await consumer.ended()
        consumer.request()
        await consumer.results(reaching: 4)

        broken.expectEqual(consumer.nextResults, [.value, .value, .failure, .end], "what next() returned")
        broken.expect(consumer.failure != nil, "the failure is thrown")
        broken.expectEqual(driver.pullCount, 3, "pulls (two values and the failure)")
    }

    func aCancelledTaskGetsNilAndPullsNothing(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, driver) = makeSubject(count: 5)
        let consumer = Consumer(sequence)

        consumer.request()
        await consumer.results(reaching: 1)
        consumer.cancel()
        consumer.request(2)
        await consumer.results(reaching: 3)

        broken.expectEqual(consumer.nextResults, [.value, .end, .end], "what next() returned")
        broken.expectEqual(driver.pullCount, 1, "pulls (the cancelled task pulled nothing)")
    }
}

// MARK: - Checks of tick sequences

/// The guarantees every periodic sequence gives, checked on one sequence on a `ManualClock` and
/// consumed by `SequenceTestConsumer`: a tick every interval and none before, ticks that come while
/// the consumer does not await (the no-demand policy), values evaluated as they are returned, and
/// cancellation of the consuming task. Each check runs on its caller's actor and reports what it
/// found broken through `report`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
nonisolated struct TickSequenceChecks<Subject: AsyncSequence, Failure: Error> {
    typealias Element = Subject.Element
    typealias Consumer = SequenceTestConsumer<Element, Failure>

    /// Records a broken expectation as a failure of the running test, in its framework.
    let report: (String) -> Void
    /// Makes the sequence on a clock, with the expression evaluated at each tick.
    let make: (ManualClock, @escaping () -> Element) -> Subject
    /// The value returned for the `index`th tick.
    let sample: (Int) -> Element
    /// How to compare values; `nil` when they cannot be, and only counts are checked.
    let valuesEqual: ((Element, Element) -> Bool)?
    let whenNoDemand: ExpectedNoDemandPolicy
    /// The declared time between ticks.
    let interval: Duration

    init(
        make: @escaping (ManualClock, @escaping () -> Element) -> Subject, failure: Failure.Type,
        sample: @escaping (Int) -> Element, valuesEqual: ((Element, Element) -> Bool)?,
        whenNoDemand: ExpectedNoDemandPolicy, interval: Duration,
        report: @escaping (String) -> Void
    ) {
        self.report = report
        self.make = make
        self.sample = sample
        self.valuesEqual = valuesEqual
        self.whenNoDemand = whenNoDemand
        self.interval = interval
    }

    /// The sequence on a new manual clock; its ticks return `sample(0)`, `sample(1)`, … and count
    /// their evaluations.
    private func makeSubject() -> (sequence: Subject, clock: ManualClock, evaluations: TestCount) {
        let clock = ManualClock()
        let evaluations = TestCount()
        let samples = SharedForTest((0..<16).map(sample))
        let sequence = make(clock) {
            defer { evaluations.increment() }
            return samples.value[evaluations.value % 16]
        }
        return (sequence, clock, evaluations)
    }

    func ticksEveryIntervalOnTheClockAndNotBefore(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, clock, evaluations) = makeSubject()
        let consumer = Consumer(sequence)

        consumer.request()
        await clock.sleepers(reaching: 1)
        clock.advance(by: interval * 0.5)
        broken.expectEqual(consumer.nextResults, [], "what next() returned (no tick before the interval)")
        clock.advance(by: interval * 0.5)
        await consumer.results(reaching: 1)
        consumer.request()
        await clock.sleepers(reaching: 1)
        clock.advance(by: interval)
        await consumer.results(reaching: 2)

        broken.expectEqual(consumer.nextResults, [.value, .value], "what next() returned")
        broken.expectSamples(consumer.values, [0, 1], sample: sample, equal: valuesEqual)
        broken.expectEqual(evaluations.value, 2, "evaluations (one per tick returned)")
    }

    /// Tick 1 comes while the consumer awaits; ticks 2 to 6 while it does not.
    func ticksThatComeWhileTheConsumerDoesNotAwaitFollowThePolicy(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, clock, evaluations) = makeSubject()
        let consumer = Consumer(sequence)
        consumer.request()
        await clock.sleepers(reaching: 1)
        clock.advance(by: interval)
        await consumer.results(reaching: 1)

        clock.advance(by: interval * 5.5)
        broken.expectEqual(evaluations.value, 1, "evaluations (a tick is evaluated when it is returned)")
        consumer.requestUntilEnd()
        // Kept ticks are returned at once; then the consumer sleeps until tick 7.
        await clock.sleepers(reaching: 1)
        consumer.cancel()
        await consumer.ended()

        let delivered = whenNoDemand.deliveredOfSix.count
        let expected = Array(repeating: NextResult.value, count: delivered) + [.end]
        broken.expectEqual(consumer.nextResults, expected, "what next() returned")
        broken.expectEqual(evaluations.value, delivered, "evaluations")
    }

    func cancellingTheTaskThatAwaitsATickEndsItsSleepWithNil(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, clock, evaluations) = makeSubject()
        let consumer = Consumer(sequence)
        consumer.request()
        await clock.sleepers(reaching: 1)

        consumer.cancel()
        await consumer.ended()
        broken.expectEqual(clock.sleeperCount, 0, "sleepers (the cancelled sleep left the clock)")
        clock.advance(by: interval * 3)
        consumer.request()
        await consumer.results(reaching: 2)

        broken.expectEqual(consumer.nextResults, [.end, .end], "what next() returned")
        broken.expectEqual(evaluations.value, 0, "evaluations")
    }

    func aCancelledTaskGetsNilWithoutSleeping(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (sequence, clock, evaluations) = makeSubject()
        let consumer = Consumer(sequence)

        consumer.cancel()
        consumer.request()
        await consumer.ended()

        broken.expectEqual(consumer.nextResults, [.end], "what next() returned")
        broken.expectEqual(clock.sleeperCount, 0, "sleepers")
        broken.expectEqual(evaluations.value, 0, "evaluations")
    }
}

// MARK: - Checks through the real owner

/// The guarantees a push sequence gives through its real owner, the one `test:` names: so the
/// schema's own `register` and `unregister` (or `event` and `value`) run, on the consumer's task
/// while the test reads `registrations`. Each check makes a new owner with `drive`, runs on its
/// caller's actor and reports what it found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PushSequenceOwnerChecks<Subject: AsyncSequence, Failure: Error> {
    typealias Consumer = SequenceTestConsumer<Subject.Element, Failure>

    let drive: () -> OwnerDrive<Subject, Subject.Element>
    let sample: (Int) -> Subject.Element
    let valuesEqual: ((Subject.Element, Subject.Element) -> Bool)?
    let whenNoDemand: ExpectedNoDemandPolicy
    let start: ExpectedStart
    /// Whether the owner's sequence sends a current value right after registering (`initial:`).
    let sendsInitialValue: Bool
    let report: (String) -> Void

    init(
        drive: @escaping () -> OwnerDrive<Subject, Subject.Element>, failure: Failure.Type,
        sample: @escaping (Int) -> Subject.Element, valuesEqual: ((Subject.Element, Subject.Element) -> Bool)?,
        whenNoDemand: ExpectedNoDemandPolicy, start: ExpectedStart, sendsInitialValue: Bool = false,
        report: @escaping (String) -> Void
    ) {
        self.drive = drive
        self.sample = sample
        self.valuesEqual = valuesEqual
        self.whenNoDemand = whenNoDemand
        self.start = start
        self.sendsInitialValue = sendsInitialValue
        self.report = report
    }

    private var onDemand: Bool { start.isOnDemand }

    /// Whether the first `next()` returns the current value: it is sent when the first `next()`
    /// registers, or, registered when the iterator is made, kept by the policy until then.
    private var firstNextReturnsTheCurrentValue: Bool {
        sendsInitialValue && (onDemand || whenNoDemand.keepsValues)
    }

    /// A consumer of a new owner's sequence, registered and holding `sample(0)`, awaiting nothing.
    private func consumerWithOneValue(
        checkingRegistration: Bool, _ broken: BrokenExpectations, isolation: isolated (any Actor)? = #isolation
    ) async -> (owner: OwnerDrive<Subject, Subject.Element>, consumer: Consumer) {
        let owner = drive()
        let consumer = Consumer(owner.source)
        if checkingRegistration {
            if onDemand {
                broken.expectEqual(
                    owner.registrations(), 0, "registrations (start: onDemand registers on the first next())")
            } else {
                broken.expectEqual(
                    owner.registrations(), 1, "registrations (start: onSubscribe registers when the iterator is made)")
            }
        }
        if firstNextReturnsTheCurrentValue {
            // The one value is the current value, sent (or kept) when the source registered.
            consumer.request()
            await consumer.results(reaching: 1)
        } else if onDemand {
            consumer.request()
            // The first next() registers while it awaits, on the consumer's task.
            let registered = await eventually { owner.registrations() == 1 }
            broken.expect(registered, "the first next() registered")
            owner.fire(sample(0))
            await consumer.results(reaching: 1)
        } else if whenNoDemand.keepsValues {
            consumer.request()
            owner.fire(sample(0))
            await consumer.results(reaching: 1)
        } else {
            // Nothing shows when the consumer starts to await: fire until the call returns.
            await consumer.request(sendingUntilReturned: { owner.fire(sample(0)) })
        }
        return (owner, consumer)
    }

    /// Registers on the first `next()` (when the iterator is made, for `start: onSubscribe`), once.
    func registersAndUnregistersOnceOnCancel(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (owner, consumer) = await consumerWithOneValue(checkingRegistration: true, broken)
        var returned: [NextResult] = [.value]
        if firstNextReturnsTheCurrentValue {
            // The current value came first; a fired value follows it.
            await consumer.request(sendingUntilReturned: { owner.fire(sample(0)) })
            returned.append(.value)
        }

        broken.expectEqual(owner.registrations(), 1, "registrations (registered once)")
        broken.expectEqual(consumer.nextResults, returned, "what next() returned")
        broken.expectSamples(
            Array(consumer.values.dropFirst(returned.count - 1)), [0], sample: sample, equal: valuesEqual)
        consumer.request()
        consumer.cancel()
        await consumer.ended()
        let unregistered = await eventually { owner.registrations() == 0 }
        owner.fire(sample(1))

        broken.expect(unregistered, "unregistered on cancel")
        broken.expectEqual(consumer.nextResults, returned + [.end], "what next() returned")
    }

    func unregistersWhenItsIteratorIsReleased(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (owner, consumer) = await consumerWithOneValue(checkingRegistration: false, broken)

        await consumer.releaseIterator()
        let unregistered = await eventually { owner.registrations() == 0 }

        broken.expect(unregistered, "unregistered when the iterator is released")
    }

    /// For owners whose `test:` says how to `finish`.
    func unregistersWhenTheSourceFinishes(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (owner, consumer) = await consumerWithOneValue(checkingRegistration: false, broken)

        owner.finish?()
        consumer.requestUntilEnd()
        await consumer.ended()
        let unregistered = await eventually { owner.registrations() == 0 }

        broken.expectEqual(consumer.nextResults, [.value, .end], "what next() returned")
        broken.expect(unregistered, "unregistered when the source finished")
    }

    /// For owners whose `test:` says how to `finish`: a source that finishes while the consumer does
    /// not await and values are kept for it (as the no-demand policy keeps them) is unregistered at
    /// once; `next()` still returns the kept values, then the end.
    func unregistersAtOnceWhenTheSourceFinishesWhileValuesAreKept(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (owner, consumer) = await consumerWithOneValue(checkingRegistration: false, broken)

        for index in 1...5 { owner.fire(sample(index)) }
        owner.finish?()

        broken.expectEqual(
            owner.registrations(), 0, "registrations (unregistered as soon as the source finishes, values kept)")
        consumer.requestUntilEnd()
        await consumer.ended()

        broken.expectSamples(consumer.values, whenNoDemand.deliveredOfSix, sample: sample, equal: valuesEqual)
        broken.expectEqual(consumer.nextResults.last, NextResult.end, "the end after the kept values")
        broken.expectEqual(owner.registrations(), 0, "registrations (unregistered once)")
    }

    /// For owners whose declaration has `initial:`: the first `next()` returns the current value
    /// without any event (unless the iterator registered when made and its policy drops what comes
    /// before a `next()`: then the current value meets nobody, as any value would).
    func sendsTheCurrentValueFirst(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        guard firstNextReturnsTheCurrentValue else { return }
        let owner = drive()
        let consumer = Consumer(owner.source)

        consumer.request()
        let returned = await consumer.results(reaching: 1)

        broken.expect(returned, "the first next() returned without an event")
        broken.expectEqual(consumer.nextResults, [.value], "what next() returned (the current value)")
        broken.expectEqual(owner.registrations(), 1, "registrations")
        consumer.request()
        consumer.cancel()
        await consumer.ended()
        let unregistered = await eventually { owner.registrations() == 0 }
        broken.expect(unregistered, "unregistered on cancel")
    }
}

/// The guarantees a pull sequence gives through its real owner: the schema's own `next` is asked
/// once per `next()` and never ahead. Each check makes a new owner with `drive`, runs on its
/// caller's actor and reports what it found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PullSequenceOwnerChecks<Subject: AsyncSequence, Failure: Error> {
    typealias Consumer = SequenceTestConsumer<Subject.Element, Failure>

    let drive: () -> OwnerDrive<Subject, Subject.Element>
    let report: (String) -> Void

    init(
        drive: @escaping () -> OwnerDrive<Subject, Subject.Element>, failure: Failure.Type,
        report: @escaping (String) -> Void
    ) {
        self.drive = drive
        self.report = report
    }

    func isPulledOncePerNextAndNeverAhead(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let consumer = Consumer(owner.source)
        broken.expectEqual(owner.pulls(), 0, "pulls (nothing is pulled before next())")
        consumer.request(2)
        await consumer.results(reaching: 2)

        let answered = consumer.values.count + (consumer.hasEnded ? 1 : 0)
        broken.expectEqual(owner.pulls(), answered, "pulls (one per value, and one for the end)")
    }

    func isNotPulledByACancelledTask(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let consumer = Consumer(owner.source)
        consumer.cancel()
        consumer.request()
        await consumer.ended()

        broken.expectEqual(owner.pulls(), 0, "pulls (a cancelled task pulls nothing)")
    }
}

// MARK: - Observed models

/// What `test:` gives to drive the sequence of an observation (`kind: observation`): a new model,
/// its sequence, and `fire`, which changes the model so that the value becomes the given one. The
/// tests change the model on the main actor.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct ObservedSequenceDrive<Subject: AsyncSequence> {
    let model: AnyObject
    let sequence: Subject
    let fire: @MainActor (Subject.Element) -> Void
}

/// The guarantees of an observation's sequence, checked through a real model and a consumer that
/// calls `next()` on a task of its own: the first `next()` returns the model's current value, then
/// each `next()` the value after the changes since (those of one main-queue turn read as one, for
/// a main-actor model), never the one before; cancelling ends the iteration with `nil`, reads
/// nothing more and keeps no reference to the model. The samples 1, 2 and 3 must differ from each
/// other and from the new model's value.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct ObservedSequenceOwnerChecks<Subject: AsyncSequence, Failure: Error> {
    typealias Consumer = SequenceTestConsumer<Subject.Element, Failure>

    let drive: @MainActor () -> ObservedSequenceDrive<Subject>
    let sample: (Int) -> Subject.Element
    let valuesEqual: ((Subject.Element, Subject.Element) -> Bool)?
    /// Whether the current value comes first (`first: current`, the default).
    let sendsCurrentValue: Bool
    /// Whether the model is read on the main actor (`isolation: mainActor`, the default).
    let readsOnMainActor: Bool
    let whenNoDemand: ExpectedNoDemandPolicy
    let start: ExpectedStart
    let report: (String) -> Void

    init(
        drive: @escaping @MainActor () -> ObservedSequenceDrive<Subject>, failure: Failure.Type,
        sample: @escaping (Int) -> Subject.Element, valuesEqual: ((Subject.Element, Subject.Element) -> Bool)?,
        sendsCurrentValue: Bool, readsOnMainActor: Bool, whenNoDemand: ExpectedNoDemandPolicy,
        start: ExpectedStart, report: @escaping (String) -> Void
    ) {
        self.drive = drive
        self.sample = sample
        self.valuesEqual = valuesEqual
        self.sendsCurrentValue = sendsCurrentValue
        self.readsOnMainActor = readsOnMainActor
        self.whenNoDemand = whenNoDemand
        self.start = start
        self.report = report
    }

    /// Whether the first `next()` returns the current value: read when the first `next()` starts
    /// the iteration, or, started when the iterator is made, kept by the policy until then.
    private var firstNextReturnsTheCurrentValue: Bool {
        sendsCurrentValue && (start.isOnDemand || whenNoDemand.keepsValues)
    }

    /// Whether the checks of values after a change apply: they need the current value first, to
    /// know that tracking is registered, and a policy that keeps a value that comes while the
    /// consumer does not await (the consumer's task shows no sign of awaiting).
    private var checksChanges: Bool { firstNextReturnsTheCurrentValue && whenNoDemand.keepsValues }

    /// A consumer of a new model's sequence that has received the current value.
    @MainActor private func consumerWithTheCurrentValue(
        _ broken: BrokenExpectations
    ) async -> (owner: ObservedSequenceDrive<Subject>, consumer: Consumer) {
        let owner = drive()
        owner.fire(sample(1))
        let consumer = Consumer(owner.sequence)
        consumer.request()
        broken.expect(await consumer.results(reaching: 1), "the first next() returned")
        broken.expectSamples(consumer.values, [1], sample: sample, equal: valuesEqual)
        return (owner, consumer)
    }

    /// The first `next()` returns the value the model holds, not the one it was made with.
    @MainActor func firstNextReturnsTheCurrentValue() async {
        let broken = BrokenExpectations(report: report)
        guard firstNextReturnsTheCurrentValue else { return }
        let (_, consumer) = await consumerWithTheCurrentValue(broken)
        broken.expectEqual(consumer.nextResults, [.value], "what next() returned (the current value)")
        consumer.request()
        consumer.cancel()
        await consumer.ended()
    }

    /// For a main-actor model: the changes of one turn are read after it, as one value.
    @MainActor func nextReturnsTheValueAfterEachTurnOfChanges() async {
        await nextReturnsTheValueAfter(turns: [[2, 3], [2]])
    }

    /// For a `Sendable` model: each change is read after it is stored, once, in order.
    @MainActor func nextReturnsTheValueAfterEachChange() async {
        await nextReturnsTheValueAfter(turns: [[2], [3]])
    }

    /// Makes the changes of each of `turns` (samples) in one synchronous turn of the main actor,
    /// then asks for one value: the last sample of the turn, read after the changes are stored.
    @MainActor private func nextReturnsTheValueAfter(turns: [[Int]]) async {
        let broken = BrokenExpectations(report: report)
        guard checksChanges else { return }
        let (owner, consumer) = await consumerWithTheCurrentValue(broken)

        var expected = [1]
        for (index, turn) in turns.enumerated() {
            for change in turn { owner.fire(sample(change)) }
            expected += turn.suffix(1)
            consumer.request()
            broken.expect(
                await consumer.results(reaching: expected.count), "next() returned after turn \(index + 1) of changes")
            broken.expectSamples(consumer.values, expected, sample: sample, equal: valuesEqual)
        }
        consumer.request()
        consumer.cancel()
        await consumer.ended()
    }

    /// Cancelling the task that awaits `next()` returns `nil`; a change after it is read by nobody,
    /// and the iteration, its iterator still held, keeps no reference to the model.
    @MainActor func cancellingReturnsNilAndKeepsNoModel() async {
        let broken = BrokenExpectations(report: report)
        weak var model: AnyObject?
        let consumer: Consumer
        var returned: [NextResult] = [.end]
        do {
            let owner: ObservedSequenceDrive<Subject>
            if firstNextReturnsTheCurrentValue {
                (owner, consumer) = await consumerWithTheCurrentValue(broken)
                returned.insert(.value, at: 0)
            } else {
                owner = drive()
                consumer = Consumer(owner.sequence)
            }
            model = owner.model
            consumer.request()
            consumer.cancel()
            broken.expect(await consumer.ended(), "next() returned after the cancel")
            owner.fire(sample(2))
            await Self.mainQueueTurnsRun()
        }
        broken.expectEqual(consumer.nextResults, returned, "what next() returned")
        broken.expect(model == nil, "the model is released once the cancelled iteration's owner lets go of it")
    }

    /// Returns once everything sent to the main queue before the call has run: a main-actor model's
    /// change is read in such a turn.
    @MainActor private static func mainQueueTurnsRun() async {
        await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { ran.resume() }
        }
    }
}
