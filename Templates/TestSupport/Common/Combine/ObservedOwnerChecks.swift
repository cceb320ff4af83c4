import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

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

    /// The model, once nothing but the subscription could hold it, is deallocated: the stream
    /// finishes at once, without any change, after the values sent, and nothing comes after.
    @MainActor func finishesWhenTheModelIsDeallocated() async {
        let broken = BrokenExpectations(report: report)
        let received = TestCount()
        let subscriber = Subscriber(initialDemand: .unlimited, onValue: { _, _ in received.increment() })
        weak var model: AnyObject?
        do {
            let owner = drive()
            model = owner.model
            owner.publisher.subscribe(subscriber)
            owner.fire(sample(1))
            broken.expect(await received.reaching(initialCount + 1), "a value came after the change")
        }

        broken.expect(model == nil, "the model is deallocated while subscribed (the subscription does not hold it)")
        if !readsOnMainActor {
            // The finish may find a global queue's pass still inside `receive`: it comes right after.
            let deadline = Date(timeIntervalSinceNow: TestCount.patience)
            while subscriber.completions.isEmpty, Date() < deadline { await Task.yield() }
        }
        broken.expectFinishedOnce(subscriber)
        await Self.mainQueueTurnsRun()
        broken.expectEqual(subscriber.values.count, initialCount + 1, "values (nothing after the finish)")
        broken.expectEqual(subscriber.completions.count, 1, "completions")
    }

    /// Returns once everything sent to the main queue before the call has run: a model's change is
    /// read in such a turn.
    @MainActor private static func mainQueueTurnsRun() async {
        await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { ran.resume() }
        }
    }
}
