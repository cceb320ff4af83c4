import Foundation

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
