import Dispatch
import Foundation
import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// Target/action with a main-actor sender (`isolation: mainActor`, `MainActorButton` shaped like
// UIControl): the target is added and removed on the main actor whichever thread subscribes,
// requests, cancels or releases; a cancel before the hop to the main actor leaves nothing added.
// Part of `ConcurrencyStressTests`, so they run under ThreadSanitizer with it.
//
// Orderings are made, not waited for: work "from another thread" runs on a new thread while the
// main actor blocks on a semaphore (so the hop cannot run yet), and `mainQueueFlushed()` waits for
// a block sent to the main queue after the hop: the main queue is serial and first in, first out.
extension ConcurrencyStressTests {
    @MainActor @Test func subscribingOnTheMainActorAddsTheTargetAtOnce() {
        let button = MainActorButton()
        let subscriber = TestSubscriber<MainActorButton, Never>(initialDemand: .unlimited)

        button.mainActorTapsPublisher().subscribe(subscriber)

        #expect(button.addTargetCount == 1, "no hop on the main actor: added before subscribe returns")
        button.sendActions(for: .tap)
        #expect(subscriber.values.count == 1)
        subscriber.cancel()
        #expect(button.removeTargetCount == 1)
        #expect(button.liveTargetCount == 0)
        #expect(button.callsOffMainActor == 0)
    }

    @MainActor @Test func subscribeAndCancelFromAnotherThreadAddAndRemoveOnTheMainActor() async {
        let button = MainActorButton()
        // A publisher is a value holding closures, not `Sendable`; this one is only read.
        nonisolated(unsafe) let publisher = button.mainActorLevelsPublisher(for: .levelChanged)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)

        runOnAnotherThread { publisher.subscribe(subscriber) }
        #expect(button.addTargetCount == 0, "the add waits for the main actor")
        await mainQueueFlushed()
        #expect(button.addTargetCount == 1)

        button.level = 7
        button.sendActions(for: .levelChanged)
        #expect(subscriber.values == [7])

        runOnAnotherThread { subscriber.cancel() }
        #expect(button.removeTargetCount == 0, "the remove waits for the main actor")
        await mainQueueFlushed()
        #expect(button.removeTargetCount == 1)
        #expect(button.liveTargetCount == 0)
        #expect(button.callsOffMainActor == 0)
    }

    @MainActor @Test func aRequestFromAnotherThreadAddsOnTheMainActor() async {
        let button = MainActorButton()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        button.mainActorLevelsPublisher(for: .levelChanged).subscribe(subscriber)
        #expect(button.addTargetCount == 0, "start: onDemand adds nothing before the first demand")

        runOnAnotherThread { subscriber.request(.max(1)) }
        await mainQueueFlushed()

        #expect(button.addTargetCount == 1)
        #expect(button.callsOffMainActor == 0)
        subscriber.cancel()
    }

    @MainActor @Test func releasingTheSubscriptionOnAnotherThreadRemovesOnTheMainActor() async {
        let button = MainActorButton()
        let subscriber = SubscriptionKeeper()
        button.mainActorLevelsPublisher(for: .levelChanged).subscribe(subscriber)
        #expect(button.addTargetCount == 1)

        // The sender holds the target weakly, so letting go of the subscription without cancelling
        // it must still remove the target, on the main actor.
        runOnAnotherThread { subscriber.releaseSubscription() }
        await mainQueueFlushed()

        #expect(button.removeTargetCount == 1)
        #expect(button.liveTargetCount == 0)
        #expect(button.callsOffMainActor == 0)
    }

    @MainActor @Test func aCancelBeforeTheHopLeavesNothingAdded() async {
        let button = MainActorButton()
        nonisolated(unsafe) let publisher = button.mainActorLevelsPublisher(for: .levelChanged)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)

        runOnAnotherThread {
            publisher.subscribe(subscriber)
            subscriber.cancel()
        }
        await mainQueueFlushed()

        #expect(button.addTargetCount == 0, "the cancel came first, so the add never ran")
        #expect(button.removeTargetCount == 0)
        #expect(button.liveTargetCount == 0)
    }

    @MainActor @Test func aCancelWhileTheTargetIsBeingAddedRemovesItRightAfter() {
        let button = MainActorButton()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        button.onAddTarget = { subscriber.cancel() }

        button.mainActorLevelsPublisher(for: .levelChanged).subscribe(subscriber)

        #expect(button.addTargetCount == 1)
        #expect(button.removeTargetCount == 1, "removed as soon as the add returned")
        #expect(button.liveTargetCount == 0)
    }

    /// Many subscriptions subscribed, requested and cancelled from four threads while the main
    /// actor runs the hops: every add is matched by one remove, all on the main actor, and a
    /// subscription cancelled before its hop adds nothing.
    @MainActor @Test func concurrentSubscriptionsFromManyThreadsLeaveNoTarget() async {
        let button = MainActorButton()
        nonisolated(unsafe) let publisher = button.mainActorLevelsPublisher(for: .levelChanged)
        let cycles = stressCount(200)

        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    for cycle in 0..<cycles {
                        let subscriber = SubscriptionKeeper(initialDemand: .none)
                        publisher.subscribe(subscriber)
                        subscriber.request(.max(1))
                        // Half cancel, half let go of the subscription.
                        if (thread + cycle).isMultiple(of: 2) {
                            subscriber.cancel()
                        } else {
                            subscriber.releaseSubscription()
                        }
                    }
                }
                done.resume()
            }
        }
        await mainQueueFlushed()

        #expect(button.liveTargetCount == 0)
        #expect(button.addTargetCount == button.removeTargetCount)
        #expect(button.addTargetCount <= 4 * cycles)
        #expect(button.callsOffMainActor == 0)
    }
}

/// A subscriber that keeps its subscription until told to cancel it or to let go of it.
private final class SubscriptionKeeper: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    private let lock = NSLock()
    private let initialDemand: Subscribers.Demand
    private var subscription: (any Subscription)?

    init(initialDemand: Subscribers.Demand = .unlimited) {
        self.initialDemand = initialDemand
    }

    func receive(subscription: any Subscription) {
        lock.withLock { self.subscription = subscription }
        if initialDemand > .none { subscription.request(initialDemand) }
    }

    func receive(_: Int) -> Subscribers.Demand { .none }
    func receive(completion _: Subscribers.Completion<Never>) {}

    func request(_ demand: Subscribers.Demand) { lock.withLock { subscription }?.request(demand) }
    func cancel() { lock.withLock { subscription }?.cancel() }

    /// Drops the subscription without cancelling it; released outside the lock.
    func releaseSubscription() {
        let released = lock.withLock { subscription.take() }
        withExtendedLifetime(released) {}
    }
}
