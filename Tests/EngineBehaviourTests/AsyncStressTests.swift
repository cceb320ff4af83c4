import Dispatch
import Foundation
import Testing

@testable import GeneratedFixtures

// The async form under contention: many producer threads, one consumer. Part of
// `ConcurrencyStressTests`, so it runs under ThreadSanitizer in CI with it.
extension ConcurrencyStressTests {
    static let producers = 4
    static let valuesPerProducer = 2_000

    /// With room for every value, nothing may be lost: each value arrives exactly once, each
    /// producer's values in the order it sent them, then the end; the source is detached once.
    @Test func manyProducersOneConsumerLoseNothingThatWasPromised() async {
        let source = ScriptedSource()
        let total = Self.producers * Self.valuesPerProducer
        let handle = PushIterationHandle<Int, TestFailure>(
            name: "stress", whenNoDemand: .buffer(capacity: total, dropOldest: true), start: .onSubscribe,
            attach: source.attach)
        let iteration = handle.iteration
        let consumer = Task {
            var received: [Int] = []
            while let value = try? await iteration.next() { received.append(value) }
            return received
        }
        await onThreads(Self.producers) { producer in
            for index in 0..<Self.valuesPerProducer { source.send(producer * Self.valuesPerProducer + index) }
        }
        source.finish()
        let received = await consumer.value
        #expect(received.count == total)
        #expect(Set(received).count == received.count, "a value was delivered twice")
        #expect(Self.eachProducerInOrder(received))
        #expect(source.unregistrations == 1)
        withExtendedLifetime(handle) {}
    }

    /// With a small buffer values may be dropped, as declared, but never duplicated or reordered,
    /// and the end still comes.
    @Test func aBoundedSequenceUnderContentionDropsButNeverDuplicates() async {
        let source = TestSource()
        let consumer = Task {
            var received: [Int] = []
            for try await value in source.bufferedEventsSequence() { received.append(value) }
            return received
        }
        while source.registrationCount == 0 { await Task.yield() }
        await onThreads(Self.producers) { producer in
            for index in 0..<Self.valuesPerProducer { source.emit(producer * Self.valuesPerProducer + index) }
        }
        source.finish()
        let received = (try? await consumer.value) ?? []
        #expect(!received.isEmpty)
        #expect(Set(received).count == received.count, "a value was delivered twice")
        #expect(Self.eachProducerInOrder(received))
        #expect(source.unregistrationCount == 1)
    }

    /// Cancelling the consuming task while producers send detaches the source exactly once, every
    /// time, whichever comes first.
    @Test func cancellingWhileProducersSendDetachesOnce() async {
        for _ in 0..<200 {
            let source = TestSource()
            let consumer = Task {
                var count = 0
                for try await _ in source.latestEventsSequence() { count += 1 }
                return count
            }
            while source.registrationCount == 0 { await Task.yield() }
            async let producing: Void = onThreads(2) { producer in
                for index in 0..<50 { source.emit(producer * 50 + index) }
            }
            consumer.cancel()
            _ = try? await consumer.value
            await producing
            #expect(source.unregistrationCount == 1)
            #expect(!source.hasDuplicateUnregistration)
            #expect(source.activeObserverCount == 0)
        }
    }

    /// Many iterations of a main-actor sender, started and ended on other threads: every target
    /// added is removed, on the main actor.
    @MainActor @Test func mainActorIterationsFromManyTasksAddAndRemoveOnTheMainActor() async {
        let button = MainActorButton()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    let consumer = Task {
                        var iterator = button.mainActorTapsSequence().makeAsyncIterator()
                        return await iterator.next()
                    }
                    consumer.cancel()
                    _ = await consumer.value
                }
            }
        }
        while button.addTargetCount != button.removeTargetCount { await Task.yield() }
        #expect(button.liveTargetCount == 0)
        #expect(button.callsOffMainActor == 0)
    }

    static func eachProducerInOrder(_ received: [Int]) -> Bool {
        var last: [Int: Int] = [:]
        for value in received {
            let producer = value / valuesPerProducer
            if let previous = last[producer], previous >= value { return false }
            last[producer] = value
        }
        return true
    }
}

/// Runs `body` on `count` threads at once, off the cooperative pool, and returns when all are done.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
            continuation.resume()
        }
    }
}
