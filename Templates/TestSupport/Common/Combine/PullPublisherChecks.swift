import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Checks of pull publishers

/// The guarantees every pull publisher gives, checked on one publisher driven by hand through
/// `PullSourceDriver`: it asks for values only while there is demand, finishes at `nil`, fails on a
/// thrown error and stops on cancel. Each check reports what it found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PullPublisherChecks<Subject: Publisher> {
    typealias Driver = PullSourceDriver<Subject.Output, Subject.Failure>
    typealias Subscriber = PublisherTestSubscriber<Subject.Output, Subject.Failure>

    /// Records a broken expectation as a failure of the running test, in its framework.
    let report: (String) -> Void
    /// Makes the publisher on a driver's `next`.
    let make: (Driver) -> Subject
    /// The `index`th value the source provides.
    let sample: (Int) -> Subject.Output
    /// How to compare values; `nil` when they cannot be, and only counts are checked.
    let valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?

    init(
        make: @escaping (Driver) -> Subject, sample: @escaping (Int) -> Subject.Output,
        valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?,
        report: @escaping (String) -> Void
    ) {
        self.report = report
        self.make = make
        self.sample = sample
        self.valuesEqual = valuesEqual
    }

    /// A publisher whose source provides `count` samples, then ends with `nil` or `ending`.
    private func makeSubject(count: Int, ending: Subject.Failure? = nil) -> (publisher: Subject, driver: Driver) {
        let driver = Driver(values: (0..<count).map(sample), ending: ending)
        return (make(driver), driver)
    }

    func pullsOnlyWhatIsDemanded() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject(count: 5)
        let subscriber = Subscriber(initialDemand: .max(2))

        publisher.subscribe(subscriber)

        broken.expectEqual(driver.pullCount, 2, "pulls")
        broken.expectSamples(subscriber.values, [0, 1], sample: sample, equal: valuesEqual)
    }

    func zeroDemandPullsNothing() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject(count: 5)
        let subscriber = Subscriber(initialDemand: .none)

        publisher.subscribe(subscriber)

        broken.expectEqual(subscriber.values.count, 0, "values received")
        broken.expectEqual(driver.pullCount, 0, "pulls")
    }

    func nilFinishesTheStream() {
        let broken = BrokenExpectations(report: report)
        let (publisher, _) = makeSubject(count: 3)
        let subscriber = Subscriber(initialDemand: .unlimited)

        publisher.subscribe(subscriber)

        broken.expectEqual(subscriber.values.count, 3, "values received")
        broken.expectFinishedOnce(subscriber)
    }

    func aThrownErrorFailsTheStream(failingWith failure: Subject.Failure) {
        let broken = BrokenExpectations(report: report)
        let (publisher, _) = makeSubject(count: 2, ending: failure)
        let subscriber = Subscriber(initialDemand: .unlimited)

        publisher.subscribe(subscriber)

        broken.expectEqual(subscriber.completions.count, 1, "completions")
        broken.expect(subscriber.failure != nil, "a failure, got \(subscriber.completions)")
    }

    func demandReplenishedFromReceivePullsOneAtATime() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject(count: 10_000)
        let subscriber = Subscriber(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })

        publisher.subscribe(subscriber)

        broken.expectEqual(subscriber.values.count, 10_000, "values received")
        broken.expectFinishedOnce(subscriber)
        broken.expectEqual(driver.pullCount, 10_001, "pulls (one per value, and the one that ended)")
    }

    func cancelInsideReceiveStopsPulling() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject(count: 5)
        let subscriber = Subscriber(initialDemand: .unlimited, onValue: { subscriber, _ in subscriber.cancel() })

        publisher.subscribe(subscriber)

        broken.expectEqual(subscriber.values.count, 1, "values received")
        broken.expect(subscriber.completions.isEmpty, "no completion after cancel")
        broken.expectEqual(driver.pullCount, 1, "pulls")
    }
}
