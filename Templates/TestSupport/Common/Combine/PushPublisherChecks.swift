import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Checks of push publishers

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension BrokenExpectations {
    /// Reports unless `subscriber` received exactly one completion, `.finished`.
    func expectFinishedOnce<Input, Failure>(_ subscriber: PublisherTestSubscriber<Input, Failure>) {
        expectEqual(subscriber.completions.count, 1, "completions")
        expect(subscriber.isFinished, ".finished, got \(subscriber.completions)")
    }
}

/// The guarantees every push publisher gives, whatever its declaration, checked on one publisher
/// driven by hand through `PushSourceDriver`: demand, cancellation, completion, the no-demand policy
/// and concurrent emission. A generated test case describes its publisher once and calls one check
/// per test; each check reports what it found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PushPublisherChecks<Subject: Publisher> {
    typealias Driver = PushSourceDriver<Subject.Output, Subject.Failure>
    typealias Subscriber = PublisherTestSubscriber<Subject.Output, Subject.Failure>

    /// Records a broken expectation as a failure of the running test, in its framework.
    let report: (String) -> Void
    /// Makes the publisher on a driver's `register` and `unregister`.
    let make: (Driver) -> Subject
    /// The `index`th value the tests send.
    let sample: (Int) -> Subject.Output
    /// How to compare values; `nil` when they cannot be, and only counts are checked.
    let valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?
    let whenNoDemand: ExpectedNoDemandPolicy
    let start: ExpectedStart

    /// `make`: the publisher's `init(register:unregister:)`, given a driver's functions here, once for
    /// every test case, rather than by a closure in each (which the compiler makes several functions of).
    init(
        make: @escaping (@escaping Driver.Register, @escaping Driver.Unregister) -> Subject,
        sample: @escaping (Int) -> Subject.Output,
        valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?, whenNoDemand: ExpectedNoDemandPolicy,
        start: ExpectedStart,
        report: @escaping (String) -> Void
    ) {
        self.report = report
        self.make = { make($0.register, $0.unregister) }
        self.sample = sample
        self.valuesEqual = valuesEqual
        self.whenNoDemand = whenNoDemand
        self.start = start
    }

    private func makeSubject() -> (publisher: Subject, driver: Driver) {
        let driver = Driver()
        return (make(driver), driver)
    }

    func unlimitedDemandReceivesEveryValue() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject()
        let subscriber = Subscriber(initialDemand: .unlimited)

        publisher.subscribe(subscriber)
        for index in 0..<5 { driver.emit(sample(index)) }

        broken.expectSamples(subscriber.values, Array(0..<5), sample: sample, equal: valuesEqual)
        broken.expect(subscriber.completions.isEmpty, "no completion, got \(subscriber.completions)")
        broken.expectEqual(subscriber.subscriptionCount, 1, "subscriptions received")
    }

    func demandOfTwoReceivesTwoOfFive() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject()
        let subscriber = Subscriber(initialDemand: .max(2))

        publisher.subscribe(subscriber)
        for index in 0..<5 { driver.emit(sample(index)) }

        broken.expectSamples(subscriber.values, [0, 1], sample: sample, equal: valuesEqual)
    }

    func zeroDemandReceivesNothing() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject()
        let subscriber = Subscriber(initialDemand: .none)

        publisher.subscribe(subscriber)
        for index in 0..<5 { driver.emit(sample(index)) }

        broken.expectEqual(subscriber.values.count, 0, "values received")
        switch start {
        case .onDemand:
            broken.expectEqual(driver.registerCount, 0, "registrations (start: onDemand registers on the first demand)")
        case .onSubscribe:
            broken.expectEqual(driver.registerCount, 1, "registrations (start: onSubscribe registers at subscription)")
        }
    }

    func zeroThenFiveRequestedReceivesFive() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject()
        let subscriber = Subscriber(initialDemand: .none)

        publisher.subscribe(subscriber)
        subscriber.request(.max(5))
        for index in 0..<7 { driver.emit(sample(index)) }

        broken.expectEqual(subscriber.values.count, 5, "values received")
        broken.expectEqual(driver.registerCount, 1, "registrations")
    }

    func demandReplenishedFromReceiveKeepsValuesFlowing() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject()
        let subscriber = Subscriber(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })

        publisher.subscribe(subscriber)
        for index in 0..<100 { driver.emit(sample(index)) }

        broken.expectEqual(subscriber.values.count, 100, "values received")
    }

    func cancelStopsDeliveryReleasesTheSubscriberAndUnregistersOnce() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject()
        var subscriber: Subscriber? = Subscriber(initialDemand: .unlimited)
        let released = WeakReference(subscriber)

        publisher.subscribe(subscriber!)
        driver.emit(sample(0))
        subscriber?.cancel()
        driver.emit(sample(1))
        driver.finish()
        subscriber?.cancel()

        broken.expectEqual(subscriber?.values.count, 1, "values received")
        broken.expect(subscriber?.completions.isEmpty == true, "no completion after cancel")
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations (exactly once)")
        subscriber = nil
        broken.expect(released.object == nil, "the subscription let go of its subscriber")
    }

    func cancelInsideReceiveStopsDeliveryAtOnce() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject()
        let subscriber = Subscriber(initialDemand: .unlimited, onValue: { subscriber, _ in subscriber.cancel() })

        publisher.subscribe(subscriber)
        for index in 0..<3 { driver.emit(sample(index)) }

        broken.expectEqual(subscriber.values.count, 1, "values received")
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations")
    }

    func finishIsDeliveredOnceWithoutDemandAndEndsEverything() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject()
        let subscriber = Subscriber(initialDemand: .max(1))

        publisher.subscribe(subscriber)
        driver.emit(sample(0))
        driver.finish()
        driver.emit(sample(1))
        driver.finish()

        broken.expectEqual(subscriber.values.count, 1, "values received")
        broken.expectFinishedOnce(subscriber)
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations")
        broken.expect(!driver.isRegistered, "the source is let go of")
    }

    func failureIsDeliveredOnceAndEndsEverything(failingWith failure: Subject.Failure) {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject()
        let subscriber = Subscriber(initialDemand: .unlimited)

        publisher.subscribe(subscriber)
        driver.fail(failure)
        driver.emit(sample(0))

        broken.expectEqual(subscriber.values.count, 0, "values received")
        broken.expectEqual(subscriber.completions.count, 1, "completions")
        broken.expect(subscriber.failure != nil, "a failure, got \(subscriber.completions)")
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations")
    }

    /// Value 0 meets demand; values 1 to 5 arrive without it; then demand is unlimited.
    func valuesWithoutDemandFollowThePolicy() {
        let broken = BrokenExpectations(report: report)
        let (_, _, subscriber) = sixValuesAgainstADemandOfOne()
        subscriber.request(.unlimited)

        broken.expectSamples(subscriber.values, whenNoDemand.deliveredOfSix, sample: sample, equal: valuesEqual)
    }

    func valuesKeptWithoutDemandAreDeliveredBeforeTheCompletion() {
        let broken = BrokenExpectations(report: report)
        let (_, driver, subscriber) = sixValuesAgainstADemandOfOne()
        driver.finish()

        guard whenNoDemand.keepsValues else {
            // Nothing was kept, so the completion comes at once.
            broken.expectEqual(subscriber.values.count, 1, "values received")
            broken.expectFinishedOnce(subscriber)
            broken.expectEqual(driver.unregisterCount, 1, "unregistrations")
            return
        }
        // Value 0 met demand; the completion waits for the values kept without it, the source does not.
        broken.expectEqual(subscriber.values.count, 1, "values received before demand")
        broken.expect(subscriber.completions.isEmpty, "no completion before the kept values")
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations (at once when the source finishes)")
        subscriber.request(.unlimited)

        broken.expectSamples(subscriber.values, whenNoDemand.deliveredOfSix, sample: sample, equal: valuesEqual)
        broken.expectFinishedOnce(subscriber)
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations")
    }

    /// For policies that keep values.
    func cancelDiscardsKeptValuesAndTheCompletion() {
        let broken = BrokenExpectations(report: report)
        let (_, driver, subscriber) = sixValuesAgainstADemandOfOne()
        driver.finish()
        subscriber.cancel()
        subscriber.request(.unlimited)

        broken.expectEqual(subscriber.values.count, 1, "values received")
        broken.expect(subscriber.completions.isEmpty, "no completion after cancel")
        broken.expectEqual(driver.unregisterCount, 1, "unregistrations")
    }

    func concurrentEmissionIsSerializedAndNothingIsLost() {
        let broken = BrokenExpectations(report: report)
        let (publisher, driver) = makeSubject()
        let subscriber = Subscriber(initialDemand: .unlimited)
        let samples = SharedForTest((0..<1_000).map(sample))

        publisher.subscribe(subscriber)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in stride(from: thread, to: 1_000, by: 4) { driver.emit(samples.value[index]) }
        }

        broken.expectEqual(subscriber.values.count, 1_000, "values received")
        broken.expectEqual(subscriber.overlappingCalls, 0, "calls into the subscriber that overlapped")
    }

    /// A demand of one, then six values: value 0 meets demand, values 1 to 5 arrive without it.
    private func sixValuesAgainstADemandOfOne() -> (publisher: Subject, driver: Driver, subscriber: Subscriber) {
        let (publisher, driver) = makeSubject()
        let subscriber = Subscriber(initialDemand: .max(1))

        publisher.subscribe(subscriber)
        for index in 0..<6 { driver.emit(sample(index)) }
        return (publisher, driver, subscriber)
    }
}
