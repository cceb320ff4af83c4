import Foundation

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

    /// `make`: the sequence's `init(register:unregister:)`, given a driver's functions here, once for
    /// every test case, rather than by a closure in each (which the compiler makes several functions of).
    init(
        make: @escaping (@escaping Driver.Register, @escaping Driver.Unregister) -> Subject, failure: Failure.Type,
        sample: @escaping (Int) -> Element,
        valuesEqual: ((Element, Element) -> Bool)?, valuesAreDistinct: Bool, whenNoDemand: ExpectedNoDemandPolicy,
        start: ExpectedStart,
        report: @escaping (String) -> Void
    ) {
        self.report = report
        self.make = { make($0.register, $0.unregister) }
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
            await consumer.requestOneValue(keptWhileNotAwaiting: whenNoDemand.keepsValues) { driver.emit(sample(0)) }
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
