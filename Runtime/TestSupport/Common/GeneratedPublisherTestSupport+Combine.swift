//
// Test support for the Combine form: a subscriber that scripts demand and records every event, and
// a virtual-time scheduler. It builds on GeneratedPublisherTestSupport.swift (the drivers) and
// imports no test framework. Emitted once per test module whose schemas emit the Combine form.

import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Test subscriber

/// A subscriber that scripts demand and records everything it receives, safe to use from several
/// threads. It never sends `.none` upstream, and it counts calls that overlap from different
/// threads, which a publisher must never make.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class PublisherTestSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    /// One thing the subscriber received, with the virtual time it arrived at when a clock is set.
    nonisolated enum Event {
        case subscription
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    private let lock = NSRecursiveLock()
    private let initialDemand: Subscribers.Demand
    private let demandAfterValue: (Input) -> Subscribers.Demand
    private let onValue: ((PublisherTestSubscriber, Input) -> Void)?
    private let clock: (() -> Double)?
    private var subscription: (any Subscription)?
    private var recorded: [(event: Event, time: Double?)] = []
    private var threadsInside: [Thread] = []
    private var overlaps = 0

    /// - Parameters:
    ///   - initialDemand: Requested as soon as the subscription arrives; `.none` requests nothing.
    ///   - demandAfterValue: Returned from each `receive(_:)`.
    ///   - clock: The time to record with each event, e.g. a virtual-time scheduler's `now`.
    ///   - onValue: Runs inside `receive(_:)` after the value is recorded, e.g. to cancel.
    init(
        initialDemand: Subscribers.Demand = .unlimited,
        demandAfterValue: @escaping (Input) -> Subscribers.Demand = { _ in .none },
        clock: (() -> Double)? = nil,
        onValue: ((PublisherTestSubscriber, Input) -> Void)? = nil
    ) {
        self.initialDemand = initialDemand
        self.demandAfterValue = demandAfterValue
        self.clock = clock
        self.onValue = onValue
    }

    /// Everything received, in order.
    var events: [Event] { lock.withLock { recorded.map(\.event) } }

    /// The virtual time of each value, when a clock is set.
    var valueTimes: [Double] {
        lock.withLock {
            recorded.compactMap { entry in
                if case .value = entry.event { return entry.time }
                return nil
            }
        }
    }

    var values: [Input] {
        events.compactMap {
            if case let .value(value) = $0 { return value }
            return nil
        }
    }

    var completions: [Subscribers.Completion<Failure>] {
        events.compactMap {
            if case let .completion(completion) = $0 { return completion }
            return nil
        }
    }

    var isFinished: Bool {
        completions.contains {
            if case .finished = $0 { return true }
            return false
        }
    }

    var failure: Failure? {
        for case let .failure(error) in completions { return error }
        return nil
    }

    var subscriptionCount: Int {
        events.filter {
            if case .subscription = $0 { return true }
            return false
        }.count
    }

    /// Calls that began while another thread was inside this subscriber.
    var overlappingCalls: Int { lock.withLock { overlaps } }

    /// Asks for more values; `.none` is not sent upstream.
    func request(_ demand: Subscribers.Demand) {
        guard demand != .none else { return }
        lock.withLock { subscription }?.request(demand)
    }

    func cancel() {
        lock.withLock { subscription }?.cancel()
    }

    /// The subscription received; `nil` before it arrives, after the completion and after
    /// `releaseSubscription()`. For calls the subscriber does not make itself, such as `request(.none)`.
    var currentSubscription: (any Subscription)? { lock.withLock { subscription } }

    /// Lets go of the subscription without cancelling it.
    func releaseSubscription() {
        lock.withLock { subscription = nil }
    }

    func receive(subscription: any Subscription) {
        enter()
        defer { leave() }
        lock.withLock {
            self.subscription = subscription
            record(.subscription)
        }
        request(initialDemand)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        enter()
        defer { leave() }
        lock.withLock { record(.value(input)) }
        onValue?(self, input)
        return demandAfterValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        enter()
        defer { leave() }
        lock.withLock {
            record(.completion(completion))
            subscription = nil
        }
    }

    // MARK: Private

    private func record(_ event: Event) {
        recorded.append((event, clock?()))
    }

    private func enter() {
        let me = Thread.current
        lock.withLock {
            if threadsInside.contains(where: { $0 !== me }) { overlaps += 1 }
            threadsInside.append(me)
        }
    }

    private func leave() {
        let me = Thread.current
        lock.withLock {
            if let index = threadsInside.lastIndex(where: { $0 === me }) { threadsInside.remove(at: index) }
        }
    }
}

// MARK: - Virtual time

/// A scheduler whose clock moves only when a test says so, so periodic publishers can be checked
/// tick by tick at exact times. Drive it from one thread.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class VirtualTimeScheduler: Scheduler, @unchecked Sendable {
    /// A moment in virtual time, in seconds since the scheduler was made.
    nonisolated struct SchedulerTimeType: Strideable, Hashable {
        var seconds: Double

        func distance(to other: Self) -> Stride { Stride(other.seconds - seconds) }
        func advanced(by stride: Stride) -> Self { Self(seconds: seconds + stride.seconds) }

        /// A span of virtual time, in seconds.
        nonisolated struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable,
            ExpressibleByFloatLiteral
        {
            var seconds: Double

            init(_ seconds: Double) { self.seconds = seconds }
            init(floatLiteral value: Double) { seconds = value }
            init(integerLiteral value: Int) { seconds = Double(value) }
            init?<T: BinaryInteger>(exactly source: T) { seconds = Double(source) }

            var magnitude: Double { abs(seconds) }

            static func seconds(_ s: Int) -> Self { Self(Double(s)) }
            static func seconds(_ s: Double) -> Self { Self(s) }
            static func milliseconds(_ ms: Int) -> Self { Self(Double(ms) / 1e3) }
            static func microseconds(_ us: Int) -> Self { Self(Double(us) / 1e6) }
            static func nanoseconds(_ ns: Int) -> Self { Self(Double(ns) / 1e9) }

            static func < (lhs: Self, rhs: Self) -> Bool { lhs.seconds < rhs.seconds }
            static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.seconds + rhs.seconds) }
            static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.seconds - rhs.seconds) }
            static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.seconds * rhs.seconds) }
            static func += (lhs: inout Self, rhs: Self) { lhs.seconds += rhs.seconds }
            static func -= (lhs: inout Self, rhs: Self) { lhs.seconds -= rhs.seconds }
            static func *= (lhs: inout Self, rhs: Self) { lhs.seconds *= rhs.seconds }
        }
    }

    typealias SchedulerOptions = Never

    private nonisolated struct Job {
        let id: Int
        var due: SchedulerTimeType
        let interval: SchedulerTimeType.Stride?
        let action: () -> Void
    }

    private nonisolated final class JobCancellable: Cancellable {
        let cancelAction: () -> Void
        init(_ cancelAction: @escaping () -> Void) { self.cancelAction = cancelAction }
        func cancel() { cancelAction() }
    }

    private(set) var now = SchedulerTimeType(seconds: 0)
    private var jobs: [Job] = []
    private var nextID = 0

    var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Jobs waiting to run, repeating ones included.
    var pendingJobCount: Int { jobs.count }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        _ = add(due: now, interval: nil, action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        _ = add(due: date, interval: nil, action)
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        let id = add(due: date, interval: interval, action)
        return JobCancellable { [weak self] in self?.jobs.removeAll { $0.id == id } }
    }

    /// Moves the clock forward by `seconds`, running every job that falls due, in time order, each
    /// at its own due time.
    func advance(by seconds: Double) {
        let end = now.seconds + seconds
        while let index = jobs.indices.min(by: { jobs[$0].due.seconds < jobs[$1].due.seconds }),
            jobs[index].due.seconds <= end
        {
            let job = jobs[index]
            now = job.due
            if let interval = job.interval {
                jobs[index].due = job.due.advanced(by: interval)
            } else {
                jobs.remove(at: index)
            }
            job.action()
        }
        now = SchedulerTimeType(seconds: end)
    }

    private func add(
        due: SchedulerTimeType, interval: SchedulerTimeType.Stride?, _ action: @escaping () -> Void
    )
        -> Int
    {
        nextID += 1
        jobs.append(Job(id: nextID, due: due, interval: interval, action: action))
        return nextID
    }
}

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

    init(
        make: @escaping (Driver) -> Subject, sample: @escaping (Int) -> Subject.Output,
        valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?, whenNoDemand: ExpectedNoDemandPolicy,
        start: ExpectedStart,
        report: @escaping (String) -> Void
    ) {
        self.report = report
        self.make = make
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

// MARK: - Checks of periodic publishers

/// The periodic kind's own guarantee, checked on one publisher made on a `VirtualTimeScheduler`:
/// ticks arrive every interval on the scheduler's clock, and cancelling stops the timer. Each check
/// reports what it found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PeriodicPublisherChecks<Subject: Publisher> {
    typealias Subscriber = PublisherTestSubscriber<Subject.Output, Subject.Failure>

    /// Records a broken expectation as a failure of the running test, in its framework.
    let report: (String) -> Void
    /// Makes the publisher on a scheduler, with what it evaluates at every tick.
    let make: (VirtualTimeScheduler, @escaping () -> Subject.Output) -> Subject
    /// The value of the `index`th tick.
    let sample: (Int) -> Subject.Output
    /// The seconds between ticks.
    let interval: Double

    init(
        make: @escaping (VirtualTimeScheduler, @escaping () -> Subject.Output) -> Subject,
        sample: @escaping (Int) -> Subject.Output, interval: Double, report: @escaping (String) -> Void
    ) {
        self.report = report
        self.make = make
        self.sample = sample
        self.interval = interval
    }

    func ticksArriveEveryIntervalOnTheScheduler() {
        let broken = BrokenExpectations(report: report)
        let scheduler = VirtualTimeScheduler()
        var ticks = 0
        let publisher = make(scheduler) {
            defer { ticks += 1 }
            return sample(ticks)
        }
        let subscriber = Subscriber(initialDemand: .unlimited, clock: { scheduler.now.seconds })

        publisher.subscribe(subscriber)
        scheduler.advance(by: interval * 3.5)
        subscriber.cancel()
        scheduler.advance(by: interval * 3)

        let expected = [1.0, 2.0, 3.0].map { $0 * interval }
        broken.expectEqual(subscriber.valueTimes.count, 3, "ticks received")
        for (time, expectedTime) in zip(subscriber.valueTimes, expected) {
            broken.expect(abs(time - expectedTime) <= 1e-9, "a tick at \(time) s, expected at \(expectedTime) s")
        }
        broken.expectEqual(scheduler.pendingJobCount, 0, "timers left after cancel")
    }
}

// MARK: - Checks through the real owner

/// The guarantees a push publisher gives through its real owner, the one `test:` names: so the
/// schema's own `register` and `unregister` (or `event` and `value`) run. Each check makes a new
/// owner with `drive` and reports what it found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PushOwnerChecks<Subject: Publisher> {
    typealias Subscriber = PublisherTestSubscriber<Subject.Output, Subject.Failure>

    let drive: () -> OwnerDrive<Subject, Subject.Output>
    let sample: (Int) -> Subject.Output
    let valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?
    let start: ExpectedStart
    /// Whether the owner's publisher sends a current value right after registering (`initial:`).
    let sendsInitialValue: Bool
    let report: (String) -> Void

    init(
        drive: @escaping () -> OwnerDrive<Subject, Subject.Output>, sample: @escaping (Int) -> Subject.Output,
        valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?, start: ExpectedStart,
        sendsInitialValue: Bool = false, report: @escaping (String) -> Void
    ) {
        self.drive = drive
        self.sample = sample
        self.valuesEqual = valuesEqual
        self.start = start
        self.sendsInitialValue = sendsInitialValue
        self.report = report
    }

    /// How many values come before the first event: the current value, for `initial:`.
    private var initialCount: Int { sendsInitialValue ? 1 : 0 }

    /// Registers on the first demand (at subscription for `start: onSubscribe`), once.
    func registersAndUnregistersOnceOnCancel() {
        let broken = BrokenExpectations(report: report)
        let samples = (0..<3).map(sample)
        let owner = drive()
        let subscriber = Subscriber(initialDemand: .none)

        owner.source.subscribe(subscriber)
        switch start {
        case .onDemand:
            broken.expectEqual(
                owner.registrations(), 0, "registrations (start: onDemand registers on the first demand)")
        case .onSubscribe:
            broken.expectEqual(owner.registrations(), 1, "registrations (start: onSubscribe registers at subscription)")
        }
        subscriber.request(.unlimited)
        owner.fire(samples[0])
        owner.fire(samples[1])

        broken.expectEqual(owner.registrations(), 1, "registrations (registered once)")
        broken.expectEqual(subscriber.values.count, 2 + initialCount, "values received (and the current value first)")
        broken.expectSamples(
            Array(subscriber.values.dropFirst(initialCount)), [0, 1], sample: sample, equal: valuesEqual)
        subscriber.cancel()
        subscriber.cancel()
        owner.fire(samples[2])

        broken.expectEqual(owner.registrations(), 0, "registrations (unregistered exactly once, on cancel)")
        broken.expectEqual(subscriber.values.count, 2 + initialCount, "values received after cancel")
    }

    func unregistersWhenTheSubscriptionIsReleased() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        var cancellable: AnyCancellable? = owner.source.sink(receiveCompletion: { _ in }, receiveValue: { _ in })

        broken.expectEqual(owner.registrations(), 1, "registrations (sink asks for every value)")
        broken.expect(cancellable != nil, "sink returns a cancellable")
        cancellable = nil
        broken.expectEqual(owner.registrations(), 0, "registrations (unregistered when the subscription is released)")
    }

    /// For owners whose `test:` says how to `finish`.
    func unregistersOnceOnCompletion() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let subscriber = Subscriber(initialDemand: .unlimited)

        owner.source.subscribe(subscriber)
        owner.fire(sample(0))
        owner.finish?()

        broken.expectEqual(subscriber.values.count, 1 + initialCount, "values received")
        broken.expectFinishedOnce(subscriber)
        broken.expectEqual(owner.registrations(), 0, "registrations (unregistered on completion)")
    }

    /// For owners whose `test:` says how to `finish`: a source that finishes is unregistered at once,
    /// even while the subscriber has no demand and values wait for it (as the no-demand policy
    /// keeps them); they and the completion still come when demand does.
    func unregistersAtOnceWhenFinishedWithoutDemand() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let subscriber = Subscriber(initialDemand: .max(1))

        owner.source.subscribe(subscriber)
        for index in 0..<3 { owner.fire(sample(index)) }
        owner.finish?()

        if initialCount == 0 {
            broken.expectSamples(subscriber.values, [0], sample: sample, equal: valuesEqual)
        } else {
            broken.expectEqual(subscriber.values.count, 1, "values (the demand of one went to the current value)")
        }
        broken.expectEqual(
            owner.registrations(), 0, "registrations (unregistered as soon as the source finishes, without demand)")
        subscriber.request(.unlimited)

        broken.expectFinishedOnce(subscriber)
        broken.expect(
            subscriber.values.count <= 3 + initialCount,
            "at most the 3 values fired and the current value, got \(subscriber.values.count)")
        broken.expectEqual(owner.registrations(), 0, "registrations (unregistered once)")
    }

    /// For owners whose declaration has `initial:`: registering sends the current value at once,
    /// before any event, and it takes a demand like any value.
    func sendsTheCurrentValueFirst() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let subscriber = Subscriber(initialDemand: .max(1))

        owner.source.subscribe(subscriber)
        broken.expectEqual(owner.registrations(), 1, "registrations (the first demand registers)")
        broken.expectEqual(subscriber.values.count, 1, "values before any event (the current value)")
        owner.fire(sample(0))
        broken.expectEqual(subscriber.values.count, 1, "values (the demand of one went to the current value)")
        subscriber.cancel()
        broken.expectEqual(owner.registrations(), 0, "registrations (unregistered on cancel)")
    }
}

/// The guarantees a pull publisher gives through its real owner: the schema's own `next` is asked
/// only for demand, once per value. Each check makes a new owner with `drive` and reports what it
/// found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PullOwnerChecks<Subject: Publisher> {
    typealias Subscriber = PublisherTestSubscriber<Subject.Output, Subject.Failure>

    let drive: () -> OwnerDrive<Subject, Subject.Output>
    let report: (String) -> Void

    init(drive: @escaping () -> OwnerDrive<Subject, Subject.Output>, report: @escaping (String) -> Void) {
        self.drive = drive
        self.report = report
    }

    func isPulledOnlyForDemandOncePerValue() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let subscriber = Subscriber(initialDemand: .none)

        owner.source.subscribe(subscriber)
        broken.expectEqual(owner.pulls(), 0, "pulls (nothing is pulled without demand)")
        subscriber.request(.max(2))

        let delivered = subscriber.values.count + subscriber.completions.count
        broken.expect(subscriber.values.count <= 2, "no more values than demanded: \(subscriber.values.count)")
        broken.expectEqual(owner.pulls(), delivered, "pulls (one per value, and one for the end)")
    }

    func isNotPulledAfterCancel() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let subscriber = Subscriber(initialDemand: .none)
        owner.source.subscribe(subscriber)

        subscriber.cancel()
        subscriber.request(.max(2))

        broken.expectEqual(owner.pulls(), 0, "pulls (a cancelled subscription pulls nothing)")
    }
}

/// How delegate checks drive one owner: its publisher (a new one per call, each subscription a
/// consumer of its own), how to make it call the declared method with a value, what its delegate
/// property holds, and the app's own delegate the scaffold declares for it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct DelegateOwnerDrive<Subject: Publisher> {
    let publisher: () -> Subject
    let fire: (Subject.Output) -> Void
    /// The owner's delegate property, as an object: the proxy, the app's delegate or `nil`.
    let delegate: () -> AnyObject?
    /// Gives the owner a new app delegate through the generated `forward…Calls(to:)`, and returns it.
    let forwardToNewAppDelegate: () -> AnyObject
    /// How many calls `appDelegate` has received.
    let callsReceived: (_ appDelegate: AnyObject) -> Int
}

/// The guarantees of a delegate declaration's shared proxy, checked through its real owner: one
/// proxy for every consumer, installed by the first and removed exactly once by the last; the app's
/// own delegate hears every call first and is put back.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct DelegateOwnerChecks<Subject: Publisher> {
    typealias Subscriber = PublisherTestSubscriber<Subject.Output, Subject.Failure>

    let drive: () -> DelegateOwnerDrive<Subject>
    let sample: (Int) -> Subject.Output
    let valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?
    /// Whether each consumer gets the owner's current value right after joining the proxy (`initial:`).
    let sendsInitialValue: Bool
    let report: (String) -> Void

    init(
        drive: @escaping () -> DelegateOwnerDrive<Subject>, sample: @escaping (Int) -> Subject.Output,
        valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?, sendsInitialValue: Bool = false,
        report: @escaping (String) -> Void
    ) {
        self.drive = drive
        self.sample = sample
        self.valuesEqual = valuesEqual
        self.sendsInitialValue = sendsInitialValue
        self.report = report
    }

    /// How many values each consumer gets before the first call: the current value, for `initial:`.
    private var initialCount: Int { sendsInitialValue ? 1 : 0 }

    /// The values a consumer received for the owner's calls: after its current value, if any.
    private func fired(_ subscriber: Subscriber) -> [Subject.Output] {
        Array(subscriber.values.dropFirst(initialCount))
    }

    func sharesOneProxyAndRemovesItOnceWhenTheLastConsumerEnds() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let before = owner.delegate()
        let first = Subscriber(initialDemand: .unlimited)
        let second = Subscriber(initialDemand: .unlimited)

        owner.publisher().subscribe(first)
        let proxy = owner.delegate()
        broken.expect(proxy != nil && proxy !== before, "the first consumer installs a proxy as the delegate")
        owner.publisher().subscribe(second)
        broken.expect(owner.delegate() === proxy, "the second consumer shares the first one's proxy")
        owner.fire(sample(0))
        broken.expectSamples(fired(first), [0], sample: sample, equal: valuesEqual)
        broken.expectSamples(fired(second), [0], sample: sample, equal: valuesEqual)

        first.cancel()
        broken.expect(owner.delegate() === proxy, "the proxy stays while a consumer is left")
        owner.fire(sample(1))
        broken.expectSamples(fired(second), [0, 1], sample: sample, equal: valuesEqual)
        second.cancel()
        second.cancel()
        broken.expect(owner.delegate() === before, "the last consumer puts back the delegate the owner had")
        broken.expectEqual(
            first.values.count + second.values.count, 3 + 2 * initialCount, "values received after cancel")
    }

    /// For declarations with `initial:`: each consumer gets the owner's current value as soon as it
    /// joins the proxy, before any call, whether it installs the proxy or shares it; the calls the
    /// owner makes next come after it, and a demand of one goes to it.
    func sendsTheCurrentValueFirstToEachConsumer() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let before = owner.delegate()
        let first = Subscriber(initialDemand: .unlimited)
        let second = Subscriber(initialDemand: .unlimited)
        let limited = Subscriber(initialDemand: .max(1))

        owner.publisher().subscribe(first)
        broken.expectEqual(first.values.count, 1, "values before any call (the current value, on joining the proxy)")
        owner.publisher().subscribe(second)
        broken.expectEqual(second.values.count, 1, "values of a consumer sharing the proxy (its current value)")
        broken.expectEqual(first.values.count, 1, "values of the first consumer when another joins")
        if let valuesEqual, let current = first.values.first, let shared = second.values.first {
            broken.expect(
                valuesEqual(current, shared), "both consumers get the same current value when nothing happened between")
        }
        owner.fire(sample(0))
        broken.expectSamples(fired(first), [0], sample: sample, equal: valuesEqual)
        broken.expectSamples(fired(second), [0], sample: sample, equal: valuesEqual)
        owner.publisher().subscribe(limited)
        owner.fire(sample(1))
        broken.expectEqual(limited.values.count, 1, "values (a demand of one went to the current value)")
        broken.expectSamples(fired(first), [0, 1], sample: sample, equal: valuesEqual)

        first.cancel()
        second.cancel()
        limited.cancel()
        broken.expect(owner.delegate() === before, "the last consumer puts back the delegate the owner had")
    }

    func forwardsEveryCallToTheAppDelegateAndPutsItBack() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let appDelegate = owner.forwardToNewAppDelegate()
        broken.expect(owner.delegate() === appDelegate, "without consumers the app's delegate is the delegate")
        let subscriber = Subscriber(initialDemand: .unlimited)

        owner.publisher().subscribe(subscriber)
        owner.fire(sample(0))
        broken.expectEqual(owner.callsReceived(appDelegate), 1, "calls the app's delegate received through the proxy")
        broken.expectSamples(fired(subscriber), [0], sample: sample, equal: valuesEqual)
        let replacement = owner.forwardToNewAppDelegate()
        owner.fire(sample(1))
        broken.expectEqual(
            owner.callsReceived(replacement), 1, "calls the app's delegate given while subscribed received")
        broken.expectEqual(owner.callsReceived(appDelegate), 1, "calls the replaced app delegate received")

        subscriber.cancel()
        broken.expect(owner.delegate() === replacement, "the last consumer puts back the app's latest delegate")
    }
}

// MARK: - Observed models

/// What `test:` gives to drive an observation (`kind: observation`): a new model, its publisher,
/// and `fire`, which changes the model so that the value becomes the given one. The tests change
/// the model on the main actor, where a main-actor model lives and a `Sendable` one may be changed
/// from as well as from any other thread.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct ObservedOwnerDrive<Subject: Publisher> {
    let model: AnyObject
    let publisher: Subject
    let fire: @MainActor (Subject.Output) -> Void
}

/// The guarantees of an observation, checked through a real model: the current value at once,
/// then the value after each change (never the one before), changes coalesced (those of one
/// main-queue turn for a main-actor model; for a `Sendable` model, those announced while a value
/// is read or delivered), nothing after a cancel, and no reference to the model kept. The samples
/// 1, 2 and 3 must differ from each other and from the new model's value.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct ObservedOwnerChecks<Subject: Publisher> {
    typealias Subscriber = PublisherTestSubscriber<Subject.Output, Subject.Failure>

    let drive: @MainActor () -> ObservedOwnerDrive<Subject>
    let sample: (Int) -> Subject.Output
    let valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?
    /// Whether the current value comes first (`first: current`, the default).
    let sendsCurrentValue: Bool
    /// Whether the model is read on the main actor (`isolation: mainActor`, the default), after the
    /// turn that changes it; otherwise it is `Sendable` and read on a global queue after a change.
    var readsOnMainActor = true
    let report: (String) -> Void

    /// How many values come before the first change: the current value, unless `first: change`.
    private var initialCount: Int { sendsCurrentValue ? 1 : 0 }

    /// The model's value when subscribing comes at once, before subscribing returns (on the main
    /// thread for a main-actor model, on the subscribing thread for a `Sendable` one): not the value
    /// the model was made with, but the one it holds now.
    @MainActor func sendsTheCurrentValueFirst() async {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let subscriber = Subscriber(initialDemand: .unlimited)

        owner.fire(sample(1))
        owner.publisher.subscribe(subscriber)

        broken.expectSamples(
            subscriber.values, sendsCurrentValue ? [1] : [], sample: sample, equal: valuesEqual)
        subscriber.cancel()
    }

    @MainActor func sendsTheValueAfterEachTurnOfChanges() async {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let subscriber = Subscriber(initialDemand: .unlimited)

        owner.publisher.subscribe(subscriber)
        broken.expectEqual(subscriber.values.count, initialCount, "values at subscription (the current value)")
        owner.fire(sample(1))
        owner.fire(sample(2))
        broken.expectEqual(subscriber.values.count, initialCount, "values in the turn that changes the model")
        await Self.mainQueueTurnsRun()
        broken.expectSamples(
            Array(subscriber.values.dropFirst(initialCount)), [2], sample: sample, equal: valuesEqual)
        owner.fire(sample(3))
        await Self.mainQueueTurnsRun()
        broken.expectSamples(
            Array(subscriber.values.dropFirst(initialCount)), [2, 3], sample: sample, equal: valuesEqual)
        subscriber.cancel()
    }

    /// For a `Sendable` model: each change is read after it is stored and sent, once, in order.
    @MainActor func sendsTheValueAfterEachChange() async {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let received = TestCount()
        let subscriber = Subscriber(initialDemand: .unlimited, onValue: { _, _ in received.increment() })

        owner.publisher.subscribe(subscriber)
        broken.expectEqual(subscriber.values.count, initialCount, "values at subscription (the current value)")
        owner.fire(sample(1))
        await expectValuesAfterChanges([1], of: subscriber, received: received, broken, "the first change")
        owner.fire(sample(2))
        await expectValuesAfterChanges([1, 2], of: subscriber, received: received, broken, "the second change")
        subscriber.cancel()
    }

    /// For a `Sendable` model: the changes made while a value is being delivered (the subscriber is
    /// held inside `receive` by a barrier) are read as one value once it returns, the last.
    @MainActor func coalescesTheChangesMadeWhileAValueIsDelivered() async {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let entered = TestCount()
        let received = TestCount()
        let barrier = DispatchSemaphore(value: 0)
        let initialCount = initialCount
        let subscriber = Subscriber(
            initialDemand: .unlimited,
            onValue: { subscriber, _ in
                received.increment()
                guard subscriber.values.count == initialCount + 1 else { return }
                entered.increment()
                barrier.wait()
            })

        owner.publisher.subscribe(subscriber)
        owner.fire(sample(1))
        broken.expect(await entered.reaching(1), "the value after the first change reached the subscriber")
        owner.fire(sample(2))
        owner.fire(sample(3))
        barrier.signal()
        await expectValuesAfterChanges([1, 3], of: subscriber, received: received, broken, "the changes meanwhile")
        subscriber.cancel()
    }

    /// Waits until `subscriber` has received (counted by `received`) as many values after the
    /// first ones as `indices`, then expects them to be those samples.
    @MainActor private func expectValuesAfterChanges(
        _ indices: [Int], of subscriber: Subscriber, received: TestCount, _ broken: BrokenExpectations,
        _ after: String
    ) async {
        broken.expect(await received.reaching(initialCount + indices.count), "a value came after \(after)")
        broken.expectSamples(
            Array(subscriber.values.dropFirst(initialCount)), indices, sample: sample, equal: valuesEqual)
    }

    @MainActor func stopsAtOnceOnCancelAndKeepsNoModel() async {
        let broken = BrokenExpectations(report: report)
        let received = TestCount()
        let subscriber = Subscriber(initialDemand: .unlimited, onValue: { _, _ in received.increment() })
        weak var model: AnyObject?
        var sentBeforeCancel = initialCount
        do {
            let owner = drive()
            model = owner.model
            owner.publisher.subscribe(subscriber)
            owner.fire(sample(1))
            if !readsOnMainActor {
                // Read on a global queue: cancel once it was sent, while no read is scheduled.
                broken.expect(await received.reaching(initialCount + 1), "a value came after the change")
                sentBeforeCancel += 1
            }
            subscriber.cancel()
            await Self.mainQueueTurnsRun()
            owner.fire(sample(2))
            await Self.mainQueueTurnsRun()
        }
        broken.expectEqual(subscriber.values.count, sentBeforeCancel, "values after cancel (a read was scheduled)")
        broken.expect(model == nil, "the model is released once the cancelled subscription's owner lets go of it")
    }

    /// Returns once everything sent to the main queue before the call has run: a model's change is
    /// read in such a turn.
    @MainActor private static func mainQueueTurnsRun() async {
        await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { ran.resume() }
        }
    }
}
