import Dispatch
import Foundation
import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// The lifetimes of callback and periodic declarations with `lifetime: endsWithOwner`
// (CallbackSources and PeriodicSources, "Lifetimes"): the owner is the source itself, held weakly,
// so an owner that keeps its own subscription is still deallocated when the last outside reference
// goes, and each stream of it then finishes, in both forms. On Linux the double keeps the watch of
// its deallocation (`LifetimeAnchoring`, Doubles/OwnedSources.swift). Part of
// `ConcurrencyStressTests`, so they run under ThreadSanitizer with it.
extension ConcurrencyStressTests {
    @Test func aCallbackOwnerThatKeepsItsOwnSubscriptionIsDeallocated() {
        var view: ChattyView? = ChattyView()
        weak let released = view
        let values = TestCount()
        let completions = TestCount()
        view?.subscriptions.append(
            view!.viewEventsPublisher().sink(
                receiveCompletion: { _ in completions.increment() }, receiveValue: { _ in values.increment() }))
        view?.emit(1)

        view = nil

        #expect(released == nil, "the owner is deallocated: its own subscription does not hold it")
        #expect(values.value == 1)
        #expect(completions.value <= 1, "the subscription finished, or its cancellable cancelled it")
    }

    @Test func aCallbackSubscriptionHeldOutsideFinishesWhenItsOwnerIsDeallocated() {
        var view: ChattyView? = ChattyView()
        weak let released = view
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        view?.viewEventsPublisher().subscribe(subscriber)
        for value in 1...3 { view?.emit(value) }
        #expect(view?.liveObserverCount == 1)

        view = nil

        #expect(released == nil, "the owner is deallocated: the subscription does not hold it")
        #expect(subscriber.values == [1], "the demand of one")
        #expect(subscriber.completions.isEmpty, "the finish waits for the values kept for lack of demand")
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3], "the two kept (whenNoDemand: buffer 2), then the finish")
        #expect(subscriber.isFinished)
    }

    @Test func aCallbackStreamEndedWhileItsOwnerLivesUnregistersOnceAndLetsItGo() {
        var view: ChattyView? = ChattyView()
        weak let released = view
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        view?.viewEventsPublisher().subscribe(subscriber)
        view?.emit(1)
        subscriber.cancel()

        #expect(view?.liveObserverCount == 0, "unregistered on cancel, from the owner")
        view = nil
        #expect(released == nil)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty, "a cancelled subscription gets no completion")
    }

    @Test func aCallbackPublisherOfAnOwnerAlreadyGoneFinishesAtOnce() {
        var view: ChattyView? = ChattyView()
        let publisher = view!.viewEventsPublisher()
        view = nil
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)

        publisher.subscribe(subscriber)

        #expect(subscriber.isFinished, "the publisher does not hold its owner; subscribing finds it gone")
    }

    // The loop's task prefers a `PausableTaskExecutor`, which counts its resumption by the owner's
    // deallocation as it happens (OwnerLifetimeTests says why).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aForAwaitLoopOverADeallocatedCallbackOwnerIsResumedWithItsEndAtOnce() async {
        var view: ChattyView? = ChattyView()
        weak let released = view
        // Not `Sendable` (its closures are not); only the loop's task uses it.
        nonisolated(unsafe) let sequence = view!.viewEventsSequence()
        let received = TestCount()
        let ended = TestCount()
        let executor = PausableTaskExecutor()
        let loop = Task(executorPreference: executor) { () -> [Int] in
            var values: [Int] = []
            for await value in sequence {
                values.append(value)
                received.increment()
            }
            ended.increment()
            return values
        }
        #expect(await eventually { view?.liveObserverCount == 1 }, "the loop's first next() registered")
        view?.emit(7)
        #expect(await received.reaching(1))
        executor.drain()

        executor.pause()
        let jobs = executor.jobsEnqueued
        view = nil
        #expect(released == nil, "the owner is deallocated: neither the sequence nor the loop holds it")
        #expect(executor.jobsEnqueued == jobs + 1, "the deallocation resumed the loop at once")
        executor.resumeAndDrain()

        #expect(ended.value == 1, "the loop ended in the turn its resumption gave it")
        #expect(await loop.value == [7])
    }

    @Test func aPeriodicOwnerThatKeepsItsOwnSubscriptionIsDeallocatedAndItsTimerStops() {
        let scheduler = VirtualTimeScheduler()
        var view: ChattyView? = ChattyView()
        weak let released = view
        let values = TestCount()
        view?.subscriptions.append(
            view!.viewTicksPublisher(scheduler: scheduler).sink { _ in values.increment() })
        scheduler.advance(by: 2.5)
        #expect(values.value == 2)

        view = nil

        #expect(released == nil, "the owner is deallocated: its own subscription does not hold it")
        #expect(scheduler.pendingJobCount == 0, "the timer stopped with the owner")
    }

    @Test func aPeriodicSubscriptionHeldOutsideFinishesWhenItsOwnerIsDeallocated() {
        let scheduler = VirtualTimeScheduler()
        var view: ChattyView? = ChattyView()
        weak let released = view
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        view?.viewTicksPublisher(scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: 3.5)

        view = nil

        #expect(released == nil, "the owner is deallocated: the subscription does not hold it")
        #expect(scheduler.pendingJobCount == 0, "the timer stopped with the owner")
        #expect(subscriber.values == [1])
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3], "the two kept ticks (whenNoDemand: buffer 2), then the finish")
        #expect(subscriber.isFinished)
    }

    @Test func aForAwaitLoopOverADeallocatedPeriodicOwnerEndsWithoutAnotherTick() async {
        let clock = ManualClock()
        var view: ChattyView? = ChattyView()
        weak let released = view
        let sequence = view!.viewTicksSequence(clock: clock)
        let received = TestCount()
        let loop = Task { () -> [Int] in
            var values: [Int] = []
            for await value in sequence {
                values.append(value)
                received.increment()
            }
            return values
        }
        await clock.sleepers(reaching: 1)
        clock.advance(by: .seconds(1))
        #expect(await received.reaching(1))
        await clock.sleepers(reaching: 1)

        view = nil

        #expect(released == nil, "the owner is deallocated: neither the sequence nor the loop holds it")
        #expect(await loop.value == [1], "the loop ended, its sleep cut short, without the clock moving")
        #expect(clock.sleeperCount == 0)
    }
}
