import Dispatch
import Foundation
import GeneratedFixtures
import Testing

@testable import GeneratedExamples

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// `initial:` (issue 22): the current value, read right after the source is attached and sent
// through the same `send` as every event, so it obeys demand and `whenNoDemand` like any value.
// The examples' `ToggleIsOn` (target/action) and `ScrollOffset` (callback) are main-actor sources:
// the attach and the read of the current value run in one main-actor turn, so no event of the
// sender, which also runs on the main actor, can come between them.
//
// Orderings are made, not waited for (as in MainActorTargetActionTests): work "from another
// thread" runs on a new thread while the main actor blocks on a semaphore, so the hop to the main
// actor cannot run yet, and `mainQueueFlushed()` waits for a block sent to the main
// queue after the hop.
extension ConcurrencyStressTests {
    @MainActor @Test func theCurrentValueComesFirstAndTakesTheFirstDemand() {
        let toggle = Toggle()
        toggle.isOn = true
        let subscriber = TestSubscriber<Bool, Never>(initialDemand: .max(1))

        toggle.toggleIsOnPublisher().subscribe(subscriber)

        #expect(toggle.liveTargetCount == 1)
        #expect(subscriber.values == [true], "the current value, before any event")
        toggle.isOn = false
        toggle.sendActions(for: .valueChanged)
        #expect(subscriber.values == [true], "the demand of one went to the current value")
        subscriber.request(.max(1))
        #expect(subscriber.values == [true, false], "the event kept by 'whenNoDemand: latest'")
        subscriber.cancel()
        #expect(toggle.liveTargetCount == 0)
    }

    @MainActor @Test func withoutDemandTheCurrentValueWaitsLikeAnyValue() {
        let toggle = Toggle()
        toggle.isOn = true
        let subscriber = TestSubscriber<Bool, Never>(initialDemand: .none)

        // `start: onDemand`: nothing is attached, and nothing read, before the first demand.
        toggle.toggleIsOnPublisher().subscribe(subscriber)
        #expect(toggle.liveTargetCount == 0)
        toggle.isOn = false
        subscriber.request(.max(1))

        #expect(subscriber.values == [false], "read when attached, at the first demand")
        subscriber.cancel()
    }

    @MainActor @Test func aSubscriptionFromAnotherThreadReadsTheCurrentValueInTheHop() async {
        let toggle = Toggle()
        nonisolated(unsafe) let publisher = toggle.toggleIsOnPublisher()
        let subscriber = TestSubscriber<Bool, Never>(initialDemand: .unlimited)

        runOnAnotherThread { publisher.subscribe(subscriber) }
        // Still before the hop: an event now meets no target, and the value the hop reads is newer.
        toggle.isOn = true
        toggle.sendActions(for: .valueChanged)
        #expect(subscriber.values.isEmpty)
        await mainQueueFlushed()

        #expect(subscriber.values == [true], "the current value, read in the hop after the add")
        toggle.isOn = false
        toggle.sendActions(for: .valueChanged)
        #expect(subscriber.values == [true, false])
        subscriber.cancel()
    }

    @MainActor @Test func theFirstNextOfASequenceReturnsTheCurrentValue() async {
        let toggle = Toggle()
        toggle.isOn = true
        var iterator = toggle.toggleIsOnSequence().makeAsyncIterator()

        let first = await iterator.next()

        #expect(first == true)
        #expect(toggle.liveTargetCount == 1)
    }

    @MainActor @Test func aMainActorCallbackRegistersAndSendsTheCurrentValueOnTheMainActor() async {
        let scrollView = ScrollView()
        scrollView.contentOffset = 10
        nonisolated(unsafe) let publisher = scrollView.scrollOffsetPublisher()
        let subscriber = TestSubscriber<Double, Never>(initialDemand: .unlimited)

        runOnAnotherThread { publisher.subscribe(subscriber) }
        #expect(scrollView.observerCount == 0, "register waits for the main actor")
        await mainQueueFlushed()

        #expect(scrollView.observerCount == 1)
        #expect(subscriber.values == [10])
        scrollView.contentOffset = 20
        #expect(subscriber.values == [10, 20])
        runOnAnotherThread { subscriber.cancel() }
        #expect(scrollView.observerCount == 1, "unregister waits for the main actor")
        await mainQueueFlushed()
        #expect(scrollView.observerCount == 0)
    }

    /// The one event that can come before the current value: one the source reports while
    /// `register` itself runs. The current value is read after `register` returns, so it is at
    /// least as new as that event.
    @MainActor @Test func anEventDuringRegistrationComesBeforeTheCurrentValue() {
        let scrollView = ScrollView()
        scrollView.onAddObserver = { scrollView.contentOffset = 5 }
        let subscriber = TestSubscriber<Double, Never>(initialDemand: .unlimited)

        scrollView.scrollOffsetPublisher().subscribe(subscriber)

        #expect(subscriber.values == [5, 5], "the event during register, then the current value")
        subscriber.cancel()
    }

    @MainActor @Test func aCancelBeforeTheHopReadsNoCurrentValue() async {
        let scrollView = ScrollView()
        nonisolated(unsafe) let publisher = scrollView.scrollOffsetPublisher()
        let subscriber = TestSubscriber<Double, Never>(initialDemand: .unlimited)

        runOnAnotherThread {
            publisher.subscribe(subscriber)
            subscriber.cancel()
        }
        await mainQueueFlushed()

        #expect(scrollView.observerCount == 0, "the cancel came first, so register never ran")
        #expect(subscriber.values.isEmpty)
    }
}

/// A nonisolated source (`CurrentEvents` on `TestSource`): the current value is read on the
/// registering thread after `register` returned. Another thread's event in between is delivered
/// first, and the current value read after it is as new as that event; none is lost.
@Suite struct NonisolatedInitialValueTests {
    @Test func anEventFromAnotherThreadBetweenRegisteringAndReadingComesFirst() {
        let source = TestSource()
        let registered = DispatchSemaphore(value: 0)
        let emitted = DispatchSemaphore(value: 0)
        source.afterRegistration = {
            registered.signal()
            emitted.wait()
        }
        let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .unlimited)
        nonisolated(unsafe) let publisher = source.currentEventsPublisher()
        let subscribed = DispatchSemaphore(value: 0)

        Thread {
            publisher.subscribe(subscriber)
            subscribed.signal()
        }.start()
        registered.wait()
        // The registering thread is held after `addObserver` added it, before the current value.
        source.emit(7)
        emitted.signal()
        subscribed.wait()

        #expect(subscriber.values == [7, 7], "the event, then the current value read after it")
        source.emit(8)
        #expect(subscriber.values == [7, 7, 8])
        subscriber.cancel()
        #expect(source.activeObserverCount == 0)
    }

    @Test func withoutDemandNothingIsRegisteredOrRead() {
        let source = TestSource()
        source.emit(3)
        let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .none)

        source.currentEventsPublisher().subscribe(subscriber)
        #expect(source.registrationCount == 0)
        subscriber.request(.max(1))

        #expect(subscriber.values == [3], "the current value meets the first demand")
        source.emit(4)
        #expect(subscriber.values == [3], "'whenNoDemand: drop': no demand left")
        subscriber.cancel()
    }
}
