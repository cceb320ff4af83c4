import Dispatch
import Foundation
import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// A model-based test of `kind: observation`: the model is the `@Observable` object itself, which
// only ever counts up, so every change makes a new value. Whatever changes it between two
// deliveries (the main actor in one turn, blocks sent to the main queue from other threads, tasks
// that hop to the main actor, threads changing a `Sendable` model), the values sent rise strictly
// (no value is sent twice for one change), and once the changes are delivered the last value sent
// is the model's value (no change is missed between two registrations).
extension ConcurrencyStressTests {
    @MainActor @Test func aMainActorObservationFollowsItsModelWhateverChangesItBetweenDeliveries() async {
        var random = SplitMix(seed: 0x0B5E_11ED)
        for _ in 0..<stressCount(60) {
            let board = ScoreBoard()
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
            board.scorePublisher().subscribe(subscriber)
            var turnsWithChanges = 0
            for _ in 0..<20 {
                switch random.next() % 4 {
                case 0:
                    // Several changes in this turn.
                    for _ in 0...(random.next() % 3) { board.score += 1 }
                    turnsWithChanges += 1
                case 1:
                    // From other threads, each a turn of the main queue of its own.
                    let changes = Int(random.next() % 3) + 1
                    runOnAnotherThread {
                        for _ in 0..<changes {
                            DispatchQueue.main.async { MainActor.assumeIsolated { board.score += 1 } }
                        }
                    }
                    turnsWithChanges += changes
                case 2:
                    // From tasks that hop to the main actor, concurrently.
                    let tasks = Int(random.next() % 3) + 1
                    await withTaskGroup(of: Void.self) { group in
                        for _ in 0..<tasks {
                            group.addTask { await MainActor.run { board.score += 1 } }
                        }
                    }
                    turnsWithChanges += tasks
                default:
                    // A delivery point: every change so far is read and sent.
                    await mainQueueFlushed()
                    #expect(subscriber.values.last == board.score, "the last value sent is the model's")
                }
                #expect(isStrictlyRising(subscriber.values), "no value sent twice for one change")
            }
            await mainQueueFlushed()
            #expect(subscriber.values.last == board.score)
            #expect(subscriber.values.count <= 1 + turnsWithChanges, "at most one value per turn that changed it")
            subscriber.cancel()
        }
    }

    @MainActor @Test func aMainActorObservationSequenceFollowsItsModel() async {
        var random = SplitMix(seed: 0x5E0_0E11)
        for _ in 0..<stressCount(30) {
            let board = ScoreBoard()
            var iterator = board.scoreSequence().makeAsyncIterator()
            var received = [await iterator.next()]
            for _ in 0..<10 {
                let changes = Int(random.next() % 4) + 1
                if random.next() % 2 == 0 {
                    for _ in 0..<changes { board.score += 1 }
                } else {
                    runOnAnotherThread {
                        for _ in 0..<changes {
                            DispatchQueue.main.async { MainActor.assumeIsolated { board.score += 1 } }
                        }
                    }
                }
                // `latest`: whatever turns ran before this `next()`, it returns the model's value.
                await mainQueueFlushed()
                received.append(await iterator.next())
                #expect(received.last == board.score)
            }
            #expect(isStrictlyRising(received.compactMap { $0 }))
        }
    }

    /// Threads change a `Sendable` model while it is read on the attaching thread and a global
    /// queue; under ThreadSanitizer this is also the race check of the nonisolated path.
    @Test func aSendableModelsObservationFollowsItWhileThreadsChangeIt() async {
        for _ in 0..<stressCount(20) {
            let counter = SharedCounter()
            let log = ObservedValueLog<Int>()
            let subscription = counter.sharedCountPublisher().sink { log.append($0) }
            let perThread = stressCount(500)
            await onThreads(4) { _ in
                for _ in 0..<perThread { counter.increment() }
            }
            let final = counter.count
            #expect(final == 4 * perThread)
            #expect(log.wait { $0.last == final }, "the last change is read and sent")
            #expect(isStrictlyRising(log.values), "no value sent twice for one change")
            subscription.cancel()
        }
    }

    /// Subscribing and cancelling while threads change the model: a cancel ends everything at once.
    @Test func aSendableModelsObservationStopsAtOnceOnCancelWhileThreadsChangeIt() async {
        let counter = SharedCounter()
        let perThread = stressCount(2_000)
        await onThreads(3) { thread in
            guard thread == 0 else {
                for _ in 0..<perThread { counter.increment() }
                return
            }
            for _ in 0..<stressCount(200) {
                let log = ObservedValueLog<Int>()
                let subscription = counter.sharedCountPublisher().sink { log.append($0) }
                subscription.cancel()
                let sentBeforeCancelReturned = log.values.count
                counter.increment()
                #expect(log.values.count <= sentBeforeCancelReturned + 1, "at most a send already under way")
                #expect(isStrictlyRising(log.values))
            }
        }
    }
}

private func isStrictlyRising(_ values: [Int]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
}

/// A small deterministic random number generator, so that a failing program can be replayed.
private struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
