import Foundation

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
