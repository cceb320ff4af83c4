import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

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
    /// Whether each value is the owner itself (a target/action declaration without `value`): the
    /// lifetime checks then send none, since a value kept or received holds the owner.
    let sendsTheOwner: Bool
    let report: (String) -> Void

    init(
        drive: @escaping () -> OwnerDrive<Subject, Subject.Output>, sample: @escaping (Int) -> Subject.Output,
        valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?, start: ExpectedStart,
        sendsInitialValue: Bool = false, sendsTheOwner: Bool = false, report: @escaping (String) -> Void
    ) {
        self.sendsTheOwner = sendsTheOwner
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

    /// For owners held weakly (target/action senders): the owner, once nothing but the
    /// subscription could hold it, is deallocated, and the stream finishes without any further
    /// event, after the values kept for lack of demand, once.
    func finishesWhenTheOwnerIsDeallocated() {
        let broken = BrokenExpectations(report: report)
        let subscriber = Subscriber(initialDemand: .max(1))
        let fired = sendsTheOwner ? 0 : 3
        weak var released: AnyObject?
        do {
            let owner = drive()
            guard owner.owner != nil else { return }
            released = owner.owner
            owner.source.subscribe(subscriber)
            for index in 0..<fired { owner.fire(sample(index)) }
        }

        broken.expect(released == nil, "the owner is deallocated while subscribed (the subscription does not hold it)")
        broken.expectEqual(subscriber.values.count, min(1, fired + initialCount), "values (the demand of one)")
        subscriber.request(.unlimited)
        broken.expectFinishedOnce(subscriber)
        broken.expect(
            subscriber.values.count <= fired + initialCount,
            "at most the \(fired) values fired and the current value, got \(subscriber.values.count)")
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
