import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The polling kind: `next` is asked only while there is demand; `nil` finishes, a throw fails.
@Suite struct PollingPublisherTests {
    @Test func pullsOnlyWhatIsDemanded() {
        let counter = PullCounter()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        NaturalsPublisher(counter: counter).subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3])
        #expect(counter.pullCount == 3)
        subscriber.request(.max(2))
        #expect(subscriber.values == [1, 2, 3, 4, 5])
        #expect(counter.pullCount == 5)
    }

    @Test func zeroDemandPullsNothing() {
        let counter = PullCounter()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        NaturalsPublisher(counter: counter).subscribe(subscriber)
        subscriber.currentSubscription?.request(.none)
        #expect(counter.pullCount == 0)
        #expect(subscriber.events == [.subscription])
    }

    @Test func nilFinishesTheStream() {
        let counter = TestCounter(start: 3)
        let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .unlimited)
        counter.countdownPublisher().subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(3), .value(2), .value(1), .completion(.finished)])
        #expect(counter.pullCount == 4)
    }

    @Test func aThrownErrorFailsTheStream() {
        let counter = TestCounter(start: 5, failAt: 3)
        let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .unlimited)
        counter.countdownPublisher().subscribe(subscriber)
        #expect(
            subscriber.events == [
                .subscription, .value(5), .value(4), .completion(.failure(TestFailure(code: 3))),
            ])
        subscriber.request(.max(1))
        #expect(counter.pullCount == 3, "nothing is pulled after completion")
    }

    @Test func completionDoesNotWaitForMoreDemandThanTheLastValue() {
        let counter = TestCounter(start: 1)
        let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .max(2))
        counter.countdownPublisher().subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(1), .completion(.finished)])
    }

    @Test func aMillionPullsWithDemandReturnedFromReceiveKeepTheStackFlat() {
        let counter = PullCounter()
        var cancelled = false
        let subscriber = TestSubscriber<Int, Never>(
            initialDemand: .max(1), demandAfterValue: { $0 < 1_000_000 ? .max(1) : .none })
        NaturalsPublisher(counter: counter).subscribe(subscriber)
        cancelled = subscriber.values.count == 1_000_000
        #expect(cancelled)
        #expect(counter.pullCount == 1_000_000)
    }

    @Test func requestFromInsideReceiveAddsToTheRunningLoop() {
        let counter = PullCounter()
        let subscriber = TestSubscriber<Int, Never>(
            initialDemand: .max(1), onValue: { subscriber, value in if value < 10 { subscriber.request(.max(1)) } })
        NaturalsPublisher(counter: counter).subscribe(subscriber)
        #expect(subscriber.values == Array(1...10))
    }

    @Test func cancelInsideReceiveStopsPulling() {
        let counter = PullCounter()
        let subscriber = TestSubscriber<Int, Never>(
            initialDemand: .unlimited, onValue: { subscriber, value in if value == 3 { subscriber.cancel() } })
        NaturalsPublisher(counter: counter).subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3])
        #expect(counter.pullCount == 3)
        #expect(subscriber.completions.isEmpty)
    }
}
