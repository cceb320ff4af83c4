import Foundation
import GeneratedFixtures
import Testing

/// The async form of every kind, through the generated sequences and factories of the fixtures
/// (Tests/Fixtures/Generation): registration on the first `next()`, each no-demand policy, the end
/// after kept values, typed failures, cancellation of the awaiting task, release of the iterator,
/// one registration per iteration, polling one pull per `next()`, periodic ticks on a manual clock.
///
/// Orderings are made, not waited for: a consumer is known to await once its registration is seen
/// (the source counts it) and no value can reach it before; values the source sends from inside
/// its registration call reach a `next()` that is registering.
@Suite struct AsyncSequenceTests {
    // MARK: Callback

    @Test func registersOnTheFirstNextAndNotBefore() async throws {
        let source = TestSource()
        source.valuesSentDuringRegistration = [1]
        var iterator = source.droppedEventsSequence().makeAsyncIterator()
        #expect(source.registrationCount == 0)
        #expect(try await iterator.next() == 1)
        #expect(source.registrationCount == 1)
    }

    @Test func aValueSentWhileTheConsumerAwaitsReachesIt() async throws {
        let source = TestSource()
        let consumer = Task {
            var iterator = source.droppedEventsSequence().makeAsyncIterator()
            return try await iterator.next()
        }
        while source.registrationCount == 0 { await Task.yield() }
        source.emit(7)
        #expect(try await consumer.value == 7)
        #expect(source.unregistrationCount == 1, "the iterator ended with the task")
    }

    /// The first value reaches the `next()` that registers; the others arrive while the consumer
    /// is not awaiting and follow the policy.
    func valuesAfterTheFirst<S: AsyncSequence>(of makeSequence: (TestSource) -> S) async -> [Int]
    where S.Element == Int {
        let source = TestSource()
        source.valuesSentDuringRegistration = [1, 2, 3, 4, 5, 6]
        var iterator = makeSequence(source).makeAsyncIterator()
        var values: [Int] = []
        _ = try? await iterator.next()
        source.finish()
        while let value = try? await iterator.next() { values.append(value) }
        return values
    }

    @Test func dropDiscardsWhatArrivesWhileNotAwaiting() async throws {
        #expect(await valuesAfterTheFirst { $0.droppedEventsSequence() } == [])
    }

    @Test func latestKeepsOnlyTheNewest() async throws {
        #expect(await valuesAfterTheFirst { $0.latestEventsSequence() } == [6])
    }

    @Test func bufferDropOldestKeepsTheLastThree() async throws {
        #expect(await valuesAfterTheFirst { $0.bufferedEventsSequence() } == [4, 5, 6])
    }

    @Test func bufferDropNewestKeepsTheFirstThree() async throws {
        #expect(await valuesAfterTheFirst { $0.firstEventsSequence() } == [2, 3, 4])
    }

    @Test func onSubscribeRegistersWhenTheIteratorIsMade() async throws {
        let source = TestSource()
        var iterator = source.eagerEventsSequence().makeAsyncIterator()
        #expect(source.registrationCount == 1)
        for value in 1...5 { source.emit(value) }
        #expect(try await iterator.next() == 3)
        #expect(try await iterator.next() == 4)
        #expect(try await iterator.next() == 5)
    }

    @Test func theEndComesAfterTheKeptValuesAndUnregistersAtOnce() async throws {
        let source = TestSource()
        var iterator = source.eagerEventsSequence().makeAsyncIterator()
        source.emit(1)
        source.emit(2)
        source.finish()
        #expect(source.unregistrationCount == 1, "the source ended: nothing more will come")
        #expect(try await iterator.next() == 1)
        #expect(try await iterator.next() == 2)
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
        #expect(source.unregistrationCount == 1)
    }

    @Test func aFailureIsThrownWithItsTypeAfterTheKeptValues() async throws {
        let source = TestSource()
        var iterator = source.eagerEventsSequence().makeAsyncIterator()
        source.emit(1)
        source.fail(TestFailure(code: 4))
        do throws(TestFailure) {
            #expect(try await iterator.next() == 1)
            _ = try await iterator.next()
            Issue.record("no failure")
        } catch {
            #expect(error == TestFailure(code: 4))
        }
        #expect((try? await iterator.next()) == nil, "after the failure, the end")
        #expect(source.unregistrationCount == 1)
    }

    @Test func cancellingTheAwaitingTaskUnregistersOnceAndReturnsNil() async throws {
        let source = TestSource()
        let consumer = Task {
            var iterator = source.bufferedEventsSequence().makeAsyncIterator()
            let value = try await iterator.next()
            let afterCancel = try await iterator.next()
            return (value, afterCancel)
        }
        while source.registrationCount == 0 { await Task.yield() }
        consumer.cancel()
        let result = try? await consumer.value
        #expect(result?.0 == nil && result?.1 == nil)
        #expect(source.unregistrationCount == 1)
        #expect(!source.hasDuplicateUnregistration)
        source.emit(1)
        #expect(source.activeObserverCount == 0)
    }

    @Test func aCancelledTasksNextNeverRegisters() async throws {
        let source = TestSource()
        let consumer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var iterator = source.droppedEventsSequence().makeAsyncIterator()
            return try await iterator.next()
        }
        #expect(try await consumer.value == nil)
        #expect(source.registrationCount == 0)
    }

    @Test func releasingTheIteratorUnregistersOnce() async throws {
        let source = TestSource()
        do {
            var iterator = source.eagerEventsSequence().makeAsyncIterator()
            source.emit(1)
            #expect(try await iterator.next() == 1)
            #expect(source.unregistrationCount == 0)
        }
        #expect(source.registrationCount == 1)
        #expect(source.unregistrationCount == 1)
    }

    @Test func eachIterationIsItsOwnRegistration() async throws {
        let source = TestSource()
        let sequence = source.eagerEventsSequence()
        var first = sequence.makeAsyncIterator()
        var second = sequence.makeAsyncIterator()
        #expect(source.registrationCount == 2)
        source.emit(1)
        #expect(try await first.next() == 1)
        #expect(try await second.next() == 1)
    }

    /// A `for await` loop in main-actor code, the commonest consumer in an app.
    @MainActor @Test func aMainActorLoopConsumesASequence() async throws {
        let source = TestSource()
        source.valuesSentDuringRegistration = [1, 2]
        var values: [Int] = []
        for try await value in source.bufferedEventsSequence() {
            values.append(value)
            if values.count == 2 { break }
        }
        #expect(values == [1, 2])
        #expect(source.unregistrationCount == 1, "leaving the loop releases the iterator")
    }

    @Test func aSequenceWithoutAnOwnerIsAnInitializer() async throws {
        var values: [String] = []
        for await value in OneShotSequence(value: "once") { values.append(value) }
        #expect(values == ["once"])
    }

    // MARK: Polling

    @Test func pollingPullsOncePerNextAndStopsAtTheEnd() async throws {
        let counter = TestCounter(start: 3)
        var iterator = counter.countdownSequence().makeAsyncIterator()
        #expect(counter.pullCount == 0, "nothing is pulled ahead of time")
        #expect(try await iterator.next() == 3)
        #expect(counter.pullCount == 1)
        #expect(try await iterator.next() == 2)
        #expect(try await iterator.next() == 1)
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
        #expect(counter.pullCount == 4, "the end costs one pull; after it, none")
    }

    @Test func pollingThrowsTheTypedFailureAndThenEnds() async {
        let counter = TestCounter(start: 3, failAt: 2)
        var iterator = counter.countdownSequence().makeAsyncIterator()
        do throws(TestFailure) {
            #expect(try await iterator.next() == 3)
            _ = try await iterator.next()
            Issue.record("no failure")
        } catch {
            #expect(error == TestFailure(code: 2))
        }
        #expect((try? await iterator.next()) == nil)
        #expect(counter.pullCount == 2)
    }

    @Test func aCancelledTaskPullsNothing() async {
        let pulls = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let counter = PullCounter()
            var iterator = NaturalsSequence(counter: counter).makeAsyncIterator()
            return (await iterator.next(), counter.pullCount)
        }.value
        #expect(pulls.0 == nil)
        #expect(pulls.1 == 0)
    }

    // MARK: Periodic

    @Test(.timeLimit(.minutes(1))) func ticksFollowTheClockFromTheFirstNext() async {
        let clock = ManualClock()
        let consumer = Task {
            let counter = TickCounter()
            var values: [Int] = []
            for await value in counter.ticksSequence(clock: clock) {
                values.append(value)
                if values.count == 2 { break }
            }
            return values
        }
        await Self.sleeping(on: clock)
        clock.advance(by: .seconds(1))
        await Self.sleeping(on: clock)
        clock.advance(by: .seconds(1))
        #expect(await consumer.value == [1, 2])
    }

    @Test(.timeLimit(.minutes(1))) func missedTicksFollowThePolicy() async {
        let clock = ManualClock()
        let gate = Gate()
        let consumer = Task {
            let counter = TickCounter()
            var iterator = counter.ticksSequence(clock: clock).makeAsyncIterator()
            var values = [await iterator.next()]
            await gate.pass()
            values.append(await iterator.next())
            values.append(await iterator.next())
            // A tick's value is evaluated as it is returned.
            #expect(counter.tickCount == 3)
            return values
        }
        await Self.sleeping(on: clock)
        clock.advance(by: .seconds(1))
        await gate.waitForArrival()
        // Five more ticks while nobody awaits: the buffer of two keeps two; the next tick is due at 7 s.
        clock.advance(by: .seconds(5))
        gate.open()
        #expect(await consumer.value == [1, 2, 3])
        #expect(clock.sleeperCount == 0, "kept ticks are returned without sleeping")
    }

    @Test(.timeLimit(.minutes(1))) func cancellingATickingTaskEndsIt() async {
        let clock = ManualClock()
        let consumer = Task {
            var iterator = BeatsSequence(clock: clock).makeAsyncIterator()
            return await iterator.next()
        }
        await Self.sleeping(on: clock)
        consumer.cancel()
        #expect(await consumer.value == nil)
        #expect(clock.sleeperCount == 0)
    }

    /// Waits until a task sleeps on `clock`. The consuming task needs a cooperative thread, and on
    /// a two-core machine other suites' CPU-bound tests can hold both for a while; the tests that
    /// wait here carry a time limit of their own.
    static func sleeping(on clock: ManualClock) async {
        while clock.sleeperCount == 0 { await Task.yield() }
    }

    // MARK: Target/action

    @Test func anIteratorThatNeverAsksAddsNoTarget() async {
        // The task below is the button's only user while it runs.
        nonisolated(unsafe) let button = TestButton()
        do { _ = button.tapsSequence().makeAsyncIterator() }
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var iterator = button.tapsSequence().makeAsyncIterator()
            return await iterator.next() == nil
        }
        #expect(await cancelled.value)
        #expect(button.addTargetCount == 0)
    }

    @MainActor @Test func aMainActorSenderGetsItsTargetOnTheMainActor() async {
        let button = MainActorButton()
        let consumer = Task.detached {
            var iterator = button.mainActorTapsSequence().makeAsyncIterator()
            return await iterator.next() != nil
        }
        while button.addTargetCount == 0 { await Task.yield() }
        button.sendActions(for: .tap)
        #expect(await consumer.value)
        while button.removeTargetCount == 0 { await Task.yield() }
        #expect(button.liveTargetCount == 0)
        #expect(button.callsOffMainActor == 0)
    }
}

/// Lets a test hold a task at a point and know it got there, without sleeping.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var arrived = false
    private var isOpen = false
    private var waiting: CheckedContinuation<Void, Never>?

    /// Arrives, then waits until the gate is open.
    func pass() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            arrived = true
            if isOpen {
                lock.unlock()
                continuation.resume()
            } else {
                waiting = continuation
                lock.unlock()
            }
        }
    }

    func waitForArrival() async {
        while !lock.withLock({ arrived }) { await Task.yield() }
    }

    func open() {
        let continuation = lock.withLock {
            isOpen = true
            return waiting.take()
        }
        continuation?.resume()
    }
}
