import Foundation
import Testing

@testable import GeneratedFixtures

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// A push source declared without `whenNoDemand`: its sequence keeps every value that arrives while
// a `for await` loop's body runs, as an `AsyncStream` does by default; its publisher drops what
// arrives without demand, as a `PassthroughSubject` does.
@Suite struct ForAwaitKeepsEveryValueTests {
    /// The first value is the source's current one (`initial`); the loop's body then makes the
    /// source send a burst of six, none of which the loop is awaiting when it arrives.
    @Test func aForAwaitLoopReceivesEveryValueOfABurstSentWhileItsBodyRuns() async throws {
        let source = TestSource()
        var received: [Int] = []
        for try await value in source.currentEventsSequence() {
            received.append(value)
            if received.count == 1 {
                for burst in 1...6 { source.emit(burst) }
            }
            if received.count == 7 { break }
        }
        #expect(received == [0, 1, 2, 3, 4, 5, 6])
        #expect(source.activeObserverCount == 0, "the loop's end unregistered")
    }

    /// Thousands kept while nobody awaits: the buffer grows, in order, and lets go of each value
    /// as it is returned. The first value is the current one, so nothing waits for the loop to
    /// register.
    @Test func everyValueOfALongBurstIsKeptInOrder() async throws {
        let source = TestSource()
        var received: [Int] = []
        for try await value in source.currentEventsSequence() {
            received.append(value)
            if received.count == 1 {
                for burst in 1...5_000 { source.emit(burst) }
            }
            if received.count == 5_001 { break }
        }
        #expect(received == Array(0...5_000))
        #expect(source.activeObserverCount == 0)
    }

    /// The publisher of the same declaration keeps today's default: what arrives without demand is
    /// dropped.
    @Test func thePublisherStillDropsWhatArrivesWithoutDemand() {
        let source = TestSource()
        let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .max(1))
        source.currentEventsPublisher().subscribe(subscriber)
        for value in 0...5 { source.emit(value) }
        subscriber.request(.max(5))
        #expect(subscriber.values == [0])
    }
}
