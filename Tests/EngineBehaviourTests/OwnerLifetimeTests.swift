import Dispatch
import Foundation
import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// The lifetimes of the owners a stream is made on (CombineGuarantees, "Lifetimes"): a target/action
// sender and an observed model are held weakly, so an owner that keeps its own subscription is
// still deallocated when the last outside reference goes, and each stream of it then finishes, in
// both forms. On Linux the doubles keep the watch of their deallocation (`LifetimeAnchoring`,
// Doubles/LifetimeAnchors.swift); with the Objective-C runtime it is an associated object. An
// owner's own `AnyCancellable` is released with the owner's properties and cancels its
// subscription, before or after the watch finishes it (on Apple platforms, before: associated
// objects go last); either way it ends, and the owner is freed. Part of `ConcurrencyStressTests`,
// so they run under ThreadSanitizer with it.
extension ConcurrencyStressTests {
    @MainActor @Test func aSenderThatKeepsItsOwnSubscriptionIsDeallocatedAndTheSubscriptionFinishes() {
        var button: MainActorButton? = MainActorButton()
        weak let released = button
        var values = 0
        var completions = 0
        button?.subscriptions.append(
            button!.mainActorTapsPublisher().sink(
                receiveCompletion: { _ in completions += 1 }, receiveValue: { _ in values += 1 }))
        button?.sendActions(for: .tap)

        button = nil

        #expect(released == nil, "the sender is deallocated: its own subscription does not hold it")
        #expect(values == 1)
        #expect(completions <= 1, "the subscription finished, or its cancellable cancelled it")
    }

    @MainActor @Test func aSubscriptionHeldOutsideFinishesWhenItsSenderIsDeallocated() {
        var button: MainActorButton? = MainActorButton()
        weak let released = button
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        button?.mainActorLevelsPublisher(for: .levelChanged).subscribe(subscriber)
        for level in 1...3 {
            button?.level = level
            button?.sendActions(for: .levelChanged)
        }

        button = nil

        #expect(released == nil, "the sender is deallocated: the subscription does not hold it")
        #expect(subscriber.values == [1], "the demand of one")
        #expect(subscriber.completions.isEmpty, "the finish waits for the values kept for lack of demand")
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3], "the two kept (whenNoDemand: buffer 2), then the finish")
        #expect(subscriber.isFinished)
    }

    @MainActor @Test func aPublisherOfASenderAlreadyGoneFinishesAtOnce() {
        var button: MainActorButton? = MainActorButton()
        let publisher = button!.mainActorTapsPublisher()
        button = nil
        let subscriber = TestSubscriber<MainActorButton, Never>(initialDemand: .unlimited)

        publisher.subscribe(subscriber)

        #expect(subscriber.isFinished, "the publisher does not hold its sender; subscribing finds it gone")
    }

    @MainActor @Test func aForAwaitLoopOverADeallocatedSenderEndsWithinOneMainQueueTurn() async {
        var button: MainActorButton? = MainActorButton()
        weak let released = button
        let sequence = button!.mainActorTapsSequence()
        let received = TestCount()
        let ended = TestCount()
        let loop = Task { @MainActor () -> Int in
            var taps = 0
            for await _ in sequence {
                taps += 1
                received.increment()
            }
            ended.increment()
            return taps
        }
        #expect(await eventually { button?.liveTargetCount == 1 }, "the loop's first next() added the target")
        button?.sendActions(for: .tap)
        // The value is the sender itself: once the loop has let go of it, only this test holds it.
        #expect(await received.reaching(1))
        await mainQueueFlushed()

        button = nil
        #expect(released == nil, "the sender is deallocated: neither the sequence nor the loop holds it")
        await mainQueueFlushed()

        #expect(ended.value == 1, "the loop ended within one turn of the main queue")
        #expect(await loop.value == 1)
    }

    @MainActor @Test func aModelThatKeepsItsOwnSubscriptionIsDeallocatedAndTheSubscriptionFinishes() async {
        var board: ScoreBoard? = ScoreBoard(score: 1)
        weak let released = board
        var values: [Int] = []
        var completions = 0
        board?.subscriptions.append(
            board!.scorePublisher().sink(
                receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) }))
        board?.score = 2
        await mainQueueFlushed()

        board = nil

        #expect(released == nil, "the model is deallocated: its own subscription does not hold it")
        #expect(values == [1, 2])
        #expect(completions <= 1, "the subscription finished, or its cancellable cancelled it")
        await mainQueueFlushed()
        #expect(values == [1, 2], "nothing after the finish")
    }

    @MainActor @Test func aModelReleasedMidIterationEndsItsLoop() async {
        var board: ScoreBoard? = ScoreBoard(score: 1)
        weak let released = board
        let sequence = board!.scoreSequence()
        let received = TestCount()
        let ended = TestCount()
        let loop = Task { @MainActor () -> [Int] in
            var values: [Int] = []
            for await value in sequence {
                values.append(value)
                received.increment()
            }
            ended.increment()
            return values
        }
        #expect(await received.reaching(1), "the loop read the current value")

        board = nil
        #expect(released == nil, "the model is deallocated: neither the sequence nor the loop holds it")
        await mainQueueFlushed()

        #expect(ended.value == 1, "the loop ended within one turn of the main queue")
        #expect(await loop.value == [1])
    }

    @Test func aSendableModelReleasedFinishesItsSubscription() async {
        var counter: SharedCounter? = SharedCounter(count: 3)
        weak let released = counter
        let finished = TestCount()
        let cancellable = counter!.sharedCountPublisher().sink(
            receiveCompletion: { _ in finished.increment() }, receiveValue: { _ in })

        counter = nil

        #expect(released == nil, "the model is deallocated: the subscription does not hold it")
        #expect(await finished.reaching(1), "the subscription finished when the model was deallocated")
        withExtendedLifetime(cancellable) {}
    }
}
