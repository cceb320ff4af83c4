import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The target/action kind against a Swift-native sender (`TestButton`): the target is held weakly,
/// there is one action per event, and the target is removed on cancel.
@Suite struct TargetActionPublisherTests {
    @Test func sendsTheSenderForTheDefaultEvent() {
        let button = TestButton()
        let subscriber = TestSubscriber<TestButton, Never>(initialDemand: .unlimited)
        button.tapsPublisher().subscribe(subscriber)
        #expect(button.addTargetCount == 1)
        button.sendActions(for: .tap)
        button.sendActions(for: .levelChanged)
        button.sendActions(for: .tap)
        #expect(subscriber.values.count == 2)
        #expect(subscriber.values.allSatisfy { $0 === button })
    }

    @Test func sendsTheValueForTheChosenEventAndKeepsTheLatestWithoutDemand() {
        let button = TestButton()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        button.levelsPublisher(for: .levelChanged).subscribe(subscriber)
        for level in 1...4 {
            button.level = level
            button.sendActions(for: .levelChanged)
        }
        #expect(subscriber.values == [1])
        subscriber.request(.max(5))
        #expect(subscriber.values == [1, 4])
    }

    @Test func cancelRemovesTheTargetExactlyOnce() {
        let button = TestButton()
        let subscriber = TestSubscriber<TestButton, Never>(initialDemand: .unlimited)
        button.tapsPublisher().subscribe(subscriber)
        subscriber.cancel()
        subscriber.cancel()
        #expect(button.removeTargetCount == 1)
        #expect(button.liveTargetCount == 0)
        button.sendActions(for: .tap)
        #expect(subscriber.values.isEmpty)
    }

    @Test func aSubscriptionLetGoWithoutCancelRemovesItsTarget() {
        let button = TestButton()
        let subscriber = TestSubscriber<TestButton, Never>(initialDemand: .unlimited)
        button.tapsPublisher().subscribe(subscriber)
        subscriber.releaseSubscription()
        #expect(button.removeTargetCount == 1, "the released subscription removed its target")
        #expect(button.liveTargetCount == 0)
    }

    @Test func noTargetBeforeDemand() {
        let button = TestButton()
        let subscriber = TestSubscriber<TestButton, Never>(initialDemand: .none)
        button.tapsPublisher().subscribe(subscriber)
        #expect(button.addTargetCount == 0)
        subscriber.request(.max(1))
        #expect(button.addTargetCount == 1)
    }
}
