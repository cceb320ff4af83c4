import GeneratedFixtures
import Testing

@testable import GeneratedExamples

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// `output: Self` on a target/action declaration without `value`: the sender is sent as its own
/// type. The types are generic over the sender and the factories live in a protocol extension the
/// owner conforms to, so a subclass instance's publisher and sequence send that subclass, as
/// RxCocoa's `tap.rx.event` sends a `UITapGestureRecognizer`. The annotations below are the
/// promise: they compile only if the factories return the subclass's types.
@Suite struct ReceiverTypeTests {
    @Test func aSubclassPublisherSendsTheSubclassItself() {
        let button = RoundButton(cornerRadius: 12)
        let publisher: TapsPublisher<RoundButton> = button.tapsPublisher()
        let subscriber = TestSubscriber<RoundButton, Never>(initialDemand: .unlimited)
        publisher.subscribe(subscriber)
        button.sendActions(for: .tap)
        #expect(subscriber.values.map(\.cornerRadius) == [12], "read without a cast")
        #expect(subscriber.values.allSatisfy { $0 === button })
        subscriber.cancel()
        #expect(button.liveTargetCount == 0)
    }

    @Test func theDeclaredOwnerSendsItsOwnType() {
        let button = TestButton()
        let publisher: TapsPublisher<TestButton> = button.tapsPublisher()
        let subscriber = TestSubscriber<TestButton, Never>(initialDemand: .unlimited)
        publisher.subscribe(subscriber)
        button.sendActions(for: .tap)
        #expect(subscriber.values.count == 1)
        #expect(subscriber.values.allSatisfy { $0 === button })
    }

    @Test func aSubclassSeenAsItsSuperclassSendsTheSuperclassType() {
        // `Self` is the static type at the call, as in every protocol extension.
        let button: TestButton = RoundButton(cornerRadius: 5)
        let publisher: TapsPublisher<TestButton> = button.tapsPublisher()
        let subscriber = TestSubscriber<TestButton, Never>(initialDemand: .unlimited)
        publisher.subscribe(subscriber)
        button.sendActions(for: .tap)
        #expect((subscriber.values.first as? RoundButton)?.cornerRadius == 5, "the same instance, seen as declared")
    }

    @Test func aSubclassSequenceSendsTheSubclassItself() async {
        // The task below is the button's only other user while it runs.
        nonisolated(unsafe) let button = RoundButton(cornerRadius: 3)
        let consumer = Task {
            var iterator: TapsSequence<RoundButton>.Iterator = button.tapsSequence().makeAsyncIterator()
            return await iterator.next()?.cornerRadius
        }
        while button.liveTargetCount == 0 { await Task.yield() }
        button.sendActions(for: .tap)
        #expect(await consumer.value == 3)
        #expect(button.liveTargetCount == 0, "the iteration ended when its iterator was released")
    }

    @MainActor @Test func aMainActorSubclassSendsTheSubclassInBothForms() async {
        let toggle = MainActorSwitch()
        let publisher: MainActorTapsPublisher<MainActorSwitch> = toggle.mainActorTapsPublisher()
        let subscriber = TestSubscriber<MainActorSwitch, Never>(initialDemand: .unlimited)
        publisher.subscribe(subscriber)
        toggle.isOn = true
        toggle.sendActions(for: .tap)
        #expect(subscriber.values.map(\.isOn) == [true])
        subscriber.cancel()

        let consumer = Task { @MainActor in
            var iterator = toggle.mainActorTapsSequence().makeAsyncIterator()
            return await iterator.next()?.isOn
        }
        while toggle.liveTargetCount == 0 { await Task.yield() }
        toggle.isOn = false
        toggle.sendActions(for: .tap)
        #expect(await consumer.value == false)
        #expect(toggle.callsOffMainActor == 0)
    }

    @MainActor @Test func aGestureSubclassSendsItself() {
        // The shape of UIGestureRecognizer (`sender: nativeGesture`) in the bundled examples.
        let gesture = DoubleTapGesture()
        let publisher: GestureTapsPublisher<DoubleTapGesture> = gesture.gestureTapsPublisher()
        let subscriber = TestSubscriber<DoubleTapGesture, Never>(initialDemand: .unlimited)
        publisher.subscribe(subscriber)
        gesture.recognize()
        #expect(subscriber.values.map(\.numberOfTapsRequired) == [2])
        subscriber.cancel()
        #expect(gesture.liveTargetCount == 0)
    }
}
