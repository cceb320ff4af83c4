import Dispatch
import Foundation
import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// `initial:` on delegate declarations (issue 33): the owner's current value, read right after the
// consumer joins the owner's proxy and sent through the same `send` as every delegate call, so it
// obeys demand and `whenNoDemand` like any value. The fixtures' `FieldText` (main actor, joined at
// subscription, `whenNoDemand: latest`) and `GaugeLevels` (nonisolated, the defaults) observe the
// Swift-native doubles of Doubles/CurrentValueOwners.swift.
//
// Orderings are made, not waited for (as in InitialValueTests): work "from another thread" runs on
// a new thread while the main actor blocks on a semaphore, so the hop to the main actor cannot run
// yet, and `mainQueueFlushed()` waits for a block sent to the main queue after the hop.
@Suite struct DelegateInitialValueTests {
    @MainActor @Test func theCurrentValueComesFirstAndTakesTheFirstDemand() {
        let field = EditingField(text: "a")
        let subscriber = TestSubscriber<String, Never>(initialDemand: .max(1))

        field.fieldTextPublisher().subscribe(subscriber)

        #expect(field.delegate != nil, "joined the proxy")
        #expect(subscriber.values == ["a"], "the current value, before any delegate call")
        field.type("b")
        #expect(subscriber.values == ["a"], "the demand of one went to the current value")
        subscriber.request(.max(1))
        #expect(subscriber.values == ["a", "b"], "the call kept by 'whenNoDemand: latest'")
        subscriber.cancel()
        #expect(field.delegate == nil, "the proxy is removed")
    }

    @MainActor @Test func withoutDemandTheCurrentValueIsKeptUntilTheFirstDemand() {
        let field = EditingField(text: "a")
        let subscriber = TestSubscriber<String, Never>(initialDemand: .none)

        // `start: onSubscribe`: joined, and the current value read, at subscription.
        field.fieldTextPublisher().subscribe(subscriber)
        #expect(field.delegate != nil)
        #expect(subscriber.values.isEmpty, "no demand yet")
        subscriber.request(.max(1))

        #expect(subscriber.values == ["a"], "the current value, kept by 'latest' until the demand")
        subscriber.cancel()
    }

    @MainActor @Test func withoutDemandANewerCallReplacesTheKeptCurrentValue() {
        let field = EditingField(text: "a")
        let subscriber = TestSubscriber<String, Never>(initialDemand: .none)

        field.fieldTextPublisher().subscribe(subscriber)
        field.type("b")
        subscriber.request(.unlimited)

        #expect(subscriber.values == ["b"], "'latest' keeps one value, like any other")
        subscriber.cancel()
    }

    /// A subscription from another thread joins in a hop to the main actor; a delegate call the
    /// main queue runs right after that hop comes after the current value, never between the join
    /// and the read, and one made before the hop meets no proxy (the value read is newer).
    @MainActor @Test func aCallRightAfterTheJoinOnTheMainActorComesAfterTheCurrentValue() async {
        let field = EditingField(text: "a")
        nonisolated(unsafe) let publisher = field.fieldTextPublisher()
        let subscriber = TestSubscriber<String, Never>(initialDemand: .unlimited)

        runOnAnotherThread {
            publisher.subscribe(subscriber)
            // Queued on the main queue after the hop: it runs in the next main-actor turn.
            DispatchQueue.main.async { MainActor.assumeIsolated { field.type("c") } }
        }
        #expect(field.delegate == nil, "the join waits for the main actor")
        field.type("b")
        await mainQueueFlushed()

        #expect(subscriber.values == ["b", "c"], "the current value read in the hop, then the call after it")
        subscriber.cancel()
        #expect(field.delegate == nil)
    }

    @MainActor @Test func eachConsumerSharingTheProxyGetsTheCurrentValue() {
        let field = EditingField(text: "a")
        let first = TestSubscriber<String, Never>(initialDemand: .unlimited)
        let second = TestSubscriber<String, Never>(initialDemand: .unlimited)

        field.fieldTextPublisher().subscribe(first)
        field.type("b")
        let proxy = field.delegate
        field.fieldTextPublisher().subscribe(second)

        #expect(field.delegate === proxy, "the second consumer shares the proxy")
        #expect(first.values == ["a", "b"])
        #expect(second.values == ["b"], "the current value when it joined")
        first.cancel()
        second.cancel()
    }

    @MainActor @Test func theFirstNextOfASequenceReturnsTheCurrentValue() async {
        let field = EditingField(text: "a")
        var iterator = field.fieldTextSequence().makeAsyncIterator()

        let first = await iterator.next()
        #expect(first == "a")
        #expect(field.delegate != nil)
        field.type("b")
        let second = await iterator.next()
        #expect(second == "b", "the delegate call, after the current value")
    }

    @Test func aNonisolatedSourceSendsTheCurrentValueFirst() {
        let gauge = LevelGauge(level: 4)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))

        gauge.gaugeLevelsPublisher().subscribe(subscriber)

        #expect(subscriber.values == [4], "the current value, read on the subscribing thread")
        gauge.set(5)
        #expect(subscriber.values == [4], "the demand of one went to the current value; 'drop' drops 5")
        subscriber.request(.max(1))
        gauge.set(6)
        #expect(subscriber.values == [4, 6])
        subscriber.cancel()
        #expect(gauge.delegate == nil)
    }

    @Test func withoutDemandANonisolatedSourceReadsNothingUntilTheFirstDemand() {
        let gauge = LevelGauge(level: 1)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)

        // `start: onDemand` (the default): nothing joined, nothing read, before the first demand.
        gauge.gaugeLevelsPublisher().subscribe(subscriber)
        #expect(gauge.delegate == nil)
        gauge.set(2)
        subscriber.request(.max(1))

        #expect(subscriber.values == [2], "read when joined, at the first demand")
        subscriber.cancel()
    }

    /// Nonisolated: the current value is read on the joining thread after the join, so a call
    /// from another thread in between comes first, and the value read after it is as new; none is
    /// lost.
    @Test func aCallFromAnotherThreadBetweenJoiningAndReadingComesFirst() {
        let gauge = LevelGauge(level: 0)
        let joined = DispatchSemaphore(value: 0)
        let called = DispatchSemaphore(value: 0)
        gauge.afterDelegateSet = {
            joined.signal()
            called.wait()
        }
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        nonisolated(unsafe) let publisher = gauge.gaugeLevelsPublisher()
        let subscribed = DispatchSemaphore(value: 0)

        Thread {
            publisher.subscribe(subscriber)
            subscribed.signal()
        }.start()
        joined.wait()
        // The joining thread is held after the proxy was installed, before the current value.
        gauge.afterDelegateSet = nil
        gauge.set(7)
        called.signal()
        subscribed.wait()

        #expect(subscriber.values == [7, 7], "the call, then the current value read after it")
        gauge.set(8)
        #expect(subscriber.values == [7, 7, 8])
        subscriber.cancel()
        #expect(gauge.delegate == nil)
    }

    @Test func theFirstNextOfANonisolatedSequenceReturnsTheCurrentValue() async {
        let gauge = LevelGauge(level: 3)
        var iterator = gauge.gaugeLevelsSequence().makeAsyncIterator()

        let first = await iterator.next()

        #expect(first == 3)
        #expect(gauge.delegate != nil)
    }
}
