import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Periodic publishers through their real owner

/// How a periodic publisher made by its owner's factory holds the owner, as its declaration's
/// `lifetime:` says; the owner is made by `test:`, the publisher on a `VirtualTimeScheduler`. Each
/// check reports what it found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PeriodicOwnerChecks<Subject: Publisher> {
    typealias Subscriber = PublisherTestSubscriber<Subject.Output, Subject.Failure>

    /// Makes a new owner and its factory's publisher on the scheduler; `watched`: whether the
    /// owner's deallocation is found at once (with the Objective-C runtime, or an owner that keeps
    /// the watch itself).
    let drive: (VirtualTimeScheduler) -> (owner: Any, watched: Bool, source: Subject)
    /// The seconds between ticks.
    let interval: Double
    let report: (String) -> Void

    init(
        drive: @escaping (VirtualTimeScheduler) -> (owner: Any, watched: Bool, source: Subject),
        interval: Double, report: @escaping (String) -> Void
    ) {
        self.drive = drive
        self.interval = interval
        self.report = report
    }

    /// `lifetime: keepsOwner` (the default): the subscription keeps the owner alive, and ticking,
    /// when nothing else holds it.
    func keepsTheOwnerWhileSubscribed() {
        let broken = BrokenExpectations(report: report)
        let scheduler = VirtualTimeScheduler()
        let subscriber = Subscriber(initialDemand: .unlimited)
        weak var kept: AnyObject?
        do {
            let made = drive(scheduler)
            // A value owner is copied, not kept: there is no object to watch.
            guard let owner = ownerObject(made.owner) else { return }
            kept = owner
            made.source.subscribe(subscriber)
        }
        scheduler.advance(by: interval * 2.5)

        broken.expect(kept != nil, "the owner is kept alive while subscribed")
        broken.expectEqual(subscriber.values.count, 2, "ticks received")
        subscriber.cancel()
        broken.expectEqual(scheduler.pendingJobCount, 0, "timers left after cancel")
    }

    /// `lifetime: endsWithOwner`: the owner, once nothing but the subscription could hold it, is
    /// deallocated; the timer stops, and the stream finishes after the ticks kept for lack of
    /// demand, once, with nothing after.
    func finishesWhenTheOwnerIsDeallocated() {
        let broken = BrokenExpectations(report: report)
        let scheduler = VirtualTimeScheduler()
        let subscriber = Subscriber(initialDemand: .max(1))
        weak var released: AnyObject?
        do {
            let made = drive(scheduler)
            guard made.watched, let owner = ownerObject(made.owner) else { return }
            released = owner
            made.source.subscribe(subscriber)
            scheduler.advance(by: interval * 3.5)
        }

        broken.expect(released == nil, "the owner is deallocated while subscribed (the subscription does not hold it)")
        broken.expectEqual(scheduler.pendingJobCount, 0, "timers left after the owner was deallocated")
        broken.expectEqual(subscriber.values.count, 1, "values (the demand of one)")
        subscriber.request(.unlimited)
        broken.expectFinishedOnce(subscriber)
        broken.expect(subscriber.values.count <= 3, "at most the 3 ticks, got \(subscriber.values.count)")
        let delivered = subscriber.values.count
        scheduler.advance(by: interval * 3)
        broken.expectEqual(subscriber.values.count, delivered, "values after the finish")
    }

    /// The owner as an object, when it is one (a class instance); `nil` for a value.
    private func ownerObject(_ owner: Any) -> AnyObject? {
        type(of: owner) is AnyClass ? owner as AnyObject : nil
    }
}
