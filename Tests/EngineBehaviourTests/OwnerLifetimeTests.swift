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

    // When the sender is deallocated the iteration's end resumes the loop at once, from the
    // releasing thread. A resumed task runs next on the generic executor (and a main-actor loop hops
    // to the main actor from there), at a moment nothing orders a main-queue block against; so this
    // loop's task prefers a `PausableTaskExecutor`, which counts its resumption as it happens and
    // runs it when the test says.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @MainActor @Test func aForAwaitLoopOverADeallocatedSenderIsResumedWithItsEndAtOnce() async {
        var button: MainActorButton? = MainActorButton()
        weak let released = button
        // Not `Sendable` (its closures are not); only the loop's task uses it.
        nonisolated(unsafe) let sequence = button!.mainActorTapsSequence()
        let received = TestCount()
        let ended = TestCount()
        let executor = PausableTaskExecutor()
        let loop = Task(executorPreference: executor) { () -> Int in
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
        #expect(await received.reaching(1))
        // The loop's turn has run to its next `next()`: it has let go of the value (the sender
        // itself), and awaits the next one.
        executor.drain()

        executor.pause()
        let jobs = executor.jobsEnqueued
        button = nil
        #expect(released == nil, "the sender is deallocated: neither the sequence nor the loop holds it")
        #expect(executor.jobsEnqueued == jobs + 1, "the deallocation resumed the loop at once")
        executor.resumeAndDrain()

        #expect(ended.value == 1, "the loop ended in the turn its resumption gave it")
        #expect(await loop.value == 1)
    }

    @MainActor @Test func aForAwaitLoopOnTheMainActorOverADeallocatedSenderEnds() async {
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

        // Nothing else is sent: the deallocation ended the loop (at once, as the test above shows;
        // the loop's task then runs when the runtime schedules it, which a main-queue block cannot
        // be ordered after).
        #expect(await ended.reaching(1), "the loop ended")
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

    // As for the sender above: the loop's task prefers a `PausableTaskExecutor`, to see its
    // resumption by the end as it happens.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @MainActor @Test func aModelReleasedMidIterationResumesItsLoopWithItsEndAtOnce() async {
        var board: ScoreBoard? = ScoreBoard(score: 1)
        weak let released = board
        // Not `Sendable` (its closures are not); only the loop's task uses it.
        nonisolated(unsafe) let sequence = board!.scoreSequence()
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
        #expect(await received.reaching(1), "the loop read the current value")
        // The loop's turn has run to its next `next()`, which awaits the next change.
        executor.drain()

        executor.pause()
        let jobs = executor.jobsEnqueued
        board = nil
        #expect(released == nil, "the model is deallocated: neither the sequence nor the loop holds it")
        #expect(executor.jobsEnqueued == jobs + 1, "the deallocation resumed the loop at once")
        executor.resumeAndDrain()

        #expect(ended.value == 1, "the loop ended in the turn its resumption gave it")
        #expect(await loop.value == [1])
    }

    @MainActor @Test func aModelReleasedMidIterationEndsItsLoopOnTheMainActor() async {
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

        // Nothing else changes: the deallocation ended the loop.
        #expect(await ended.reaching(1), "the loop ended")
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
