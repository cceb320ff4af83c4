import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

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
