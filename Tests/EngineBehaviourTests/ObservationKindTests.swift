import Dispatch
import Foundation
import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// `kind: observation` through the generated factories of real models (Doubles/ObservedModels.swift):
// a main-actor `@Observable` `ScoreBoard` and a `Sendable` `SharedCounter`. Orderings are made, not
// waited for: a change on the main actor schedules its read on the main queue, so until the test
// lets the main queue run (`mainQueueFlushed()`) nothing after the current value is sent.
extension ConcurrencyStressTests {
    @MainActor @Test func anObservationSendsTheCurrentValueAtOnceThenTheValueAfterTheTurnsChanges() async {
        let board = ScoreBoard(score: 5)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)

        board.scorePublisher().subscribe(subscriber)
        #expect(subscriber.values == [5], "the current value, read when attached on the main thread")

        board.score = 6
        board.score = 7
        #expect(subscriber.values == [5], "never read in willSet, nor in the turn that changes it")
        await mainQueueFlushed()
        #expect(subscriber.values == [5, 7], "the turn's changes read as one value, after they are stored")

        board.score = 8
        await mainQueueFlushed()
        #expect(subscriber.values == [5, 7, 8], "tracking registered again by the read")
        subscriber.cancel()
    }

    @MainActor @Test func anObservationOfSeveralPropertiesIsNeverTorn() async {
        let board = ScoreBoard(score: 1, lives: 3)
        let subscriber = TestSubscriber<Standing, Never>(initialDemand: .unlimited)
        board.boardStandingPublisher().subscribe(subscriber)

        board.score = 2
        board.lives = 2
        await mainQueueFlushed()
        board.lives = 1
        await mainQueueFlushed()

        #expect(
            subscriber.values == [
                Standing(score: 1, lives: 3), Standing(score: 2, lives: 2), Standing(score: 2, lives: 1),
            ])
        subscriber.cancel()
    }

    @MainActor @Test func aChangeToAPropertyTheValueDoesNotReadSendsNothing() async {
        let board = ScoreBoard()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        board.scorePublisher().subscribe(subscriber)

        board.title = "changed"
        await mainQueueFlushed()

        #expect(subscriber.values == [0])
        subscriber.cancel()
    }

    @MainActor @Test func firstChangeSendsOnlyValuesAfterAChange() async {
        let board = ScoreBoard(score: 1)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)

        board.scoreChangesPublisher().subscribe(subscriber)
        #expect(subscriber.values.isEmpty, "'first: change' registers without sending the current value")
        board.score = 2
        await mainQueueFlushed()

        #expect(subscriber.values == [2])
        subscriber.cancel()
    }

    @MainActor @Test func withoutDemandAnObservationKeepsTheLatestValue() async {
        let board = ScoreBoard()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        board.scorePublisher().subscribe(subscriber)

        board.score = 1
        await mainQueueFlushed()
        board.score = 2
        await mainQueueFlushed()
        #expect(subscriber.values == [0], "the demand of one went to the current value")
        subscriber.request(.max(1))

        #expect(subscriber.values == [0, 2], "'latest' by default: the model's state when asked")
        subscriber.cancel()
    }

    @MainActor @Test func aCancelledObservationReadsNothingMoreAndKeepsNoModel() async {
        var board: ScoreBoard? = ScoreBoard()
        weak let released = board
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        board?.scorePublisher().subscribe(subscriber)

        board?.score = 1
        subscriber.cancel()
        await mainQueueFlushed()
        #expect(subscriber.values == [0], "the read scheduled before the cancel sends nothing")
        board?.score = 2
        await mainQueueFlushed()
        #expect(subscriber.values == [0])

        board = nil
        #expect(released == nil, "neither the cancelled subscription nor the model's registration keeps it")
    }

    @MainActor @Test func aLiveObservationHoldsItsModelWeakly() async {
        var board: ScoreBoard? = ScoreBoard()
        weak let released = board
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        board?.scorePublisher().subscribe(subscriber)

        board = nil

        #expect(released == nil, "a subscription does not keep the model alive")
        #expect(subscriber.values == [0])
        subscriber.cancel()
    }

    @MainActor @Test func aSubscriptionFromAnotherThreadReadsTheModelOnTheMainActor() async {
        let board = ScoreBoard(score: 1)
        nonisolated(unsafe) let publisher = board.scorePublisher()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)

        runOnAnotherThread { publisher.subscribe(subscriber) }
        // Before the hop: this change is in the value the hop reads.
        board.score = 2
        #expect(subscriber.values.isEmpty)
        await mainQueueFlushed()

        #expect(subscriber.values == [2], "read in the hop to the main actor")
        board.score = 3
        await mainQueueFlushed()
        #expect(subscriber.values == [2, 3])
        subscriber.cancel()
    }

    @MainActor @Test func anObservationSequenceReturnsTheCurrentValueThenTheValueAfterEachChange() async {
        let board = ScoreBoard(score: 4)
        var iterator = board.scoreSequence().makeAsyncIterator()

        #expect(await iterator.next() == 4)
        board.score = 5
        board.score = 6
        #expect(await iterator.next() == 6, "the turn's changes as one value")
        board.score = 7
        #expect(await iterator.next() == 7)
    }

    @Test func aSendableModelIsReadOnTheAttachingThreadThenAfterEachChange() {
        let counter = SharedCounter(count: 3)
        let log = ObservedValueLog<Int>()
        let subscription = counter.sharedCountPublisher().sink { log.append($0) }
        #expect(log.values == [3], "the current value, read and sent before subscribing returns")

        counter.count = 4
        #expect(log.wait { $0.last == 4 }, "read on a global queue after the change")
        counter.increment()
        #expect(log.wait { $0.last == 5 })
        #expect(log.values == [3, 4, 5])
        subscription.cancel()
    }
}

/// The values a sink received, behind a lock, and a wait for the values to match a condition
/// (a minute at most, so that a value never sent fails the test instead of hanging it).
final class ObservedValueLog<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: [Value] = []

    var values: [Value] {
        condition.lock()
        defer { condition.unlock() }
        return stored
    }

    func append(_ value: Value) {
        condition.lock()
        stored.append(value)
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the values matched `isDone` within a minute.
    func wait(until isDone: ([Value]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        condition.lock()
        defer { condition.unlock() }
        while !isDone(stored) {
            guard condition.wait(until: deadline) else { return isDone(stored) }
        }
        return true
    }
}
