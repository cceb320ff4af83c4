import Foundation
import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// Concurrent emit / request / cancel / complete against the generated engines (DESIGN.md, obligations 2, 6-10).
///
/// Built to run alone under ThreadSanitizer:
/// `bash scripts/check-thread-sanitizer.sh` (in the package `Tests/ThreadSanitizerCheck`). About 10^5 events in all by default;
/// `STRESS_SCALE=0.1` (or `4`) scales every loop. Threads are real `Thread`s released together by a gate, so they
/// overlap even on two cores.
@Suite(.serialized) struct ConcurrencyStressTests {
    typealias Events = TestSubscriber<Int, TestFailure>

    /// Unlimited demand, drop policy, four threads emitting at once: every value exactly once, each thread's values
    /// in the order it sent them; then exactly one completion and one unregistration.
    @Test func unlimitedDemandDeliversEveryValueExactlyOnce() {
        let threads = 4
        let perThread = stressCount(10_000)
        for round in 0..<2 {
            let source = TestSource()
            let subscriber = Events(initialDemand: .unlimited)
            source.droppedEventsPublisher().subscribe(subscriber)
            onThreads(threads + 1) { thread in
                if thread == threads {
                    // Requests that add to unlimited demand are no-ops; they race the deliveries.
                    for _ in 0..<perThread / 10 { subscriber.request(.max(1)) }
                    return
                }
                for index in 0..<perThread { source.emit(thread * 1_000_000 + index) }
            }
            let values = subscriber.values
            #expect(values.count == threads * perThread, "round \(round)")
            #expect(Set(values).count == values.count, "no value twice")
            for thread in 0..<threads {
                let own = values.filter { $0 / 1_000_000 == thread }
                #expect(own == (0..<perThread).map { thread * 1_000_000 + $0 }, "thread \(thread)'s values, in order")
            }
            onThreads(3) { _ in source.finish() }
            #expect(subscriber.completions.count == 1)
            #expect(subscriber.overlappingCalls == 0)
            #expect(source.unregistrationCount == 1 && !source.hasDuplicateUnregistration)
            #expect(source.activeObserverCount == 0)
        }
    }

    /// Threads request while other threads emit: at every delivery, no more values than demanded so far (requests
    /// plus returned demand); afterwards no demand was lost: emitting once more uses up exactly what is left.
    @Test(arguments: Variant.allCases)
    func concurrentRequestsNeverDeliverMoreThanDemanded(variant: Variant) {
        let perThread = stressCount(2_500)
        let granted = Locked(0)
        let delivered = Locked(0)
        let overDelivered = Locked(0)
        let subscriber = Events(
            initialDemand: .none,
            demandAfterValue: { value in
                guard value % 7 == 0 else { return .none }
                granted.withLock { $0 += 1 }
                return .max(1)
            },
            onValue: { _, _ in
                let count = delivered.withLock { count in
                    count += 1
                    return count
                }
                if count > granted.value { overDelivered.withLock { $0 += 1 } }
            })
        let source = TestSource()
        variant.subscribe(subscriber, to: source)
        onThreads(4) { thread in
            if thread < 2 {
                for index in 0..<perThread { source.emit(thread * 1_000_000 + index + 1) }
            } else {
                for index in 0..<perThread / 4 {
                    let count = index % 3 + 1
                    granted.withLock { $0 += count }
                    subscriber.request(.max(count))
                }
            }
        }
        #expect(overDelivered.value == 0, "a value arrived without outstanding demand")
        #expect(delivered.value <= granted.value)
        // Whatever demand is left is outstanding: with nothing waiting, each new value is delivered.
        var next = 10_000_000
        while delivered.value < granted.value, next < 10_000_000 + 4 * perThread {
            source.emit(next)
            next += 1
        }
        #expect(delivered.value == granted.value, "demand was lost")
        #expect(subscriber.values.count == delivered.value)
        #expect(subscriber.overlappingCalls == 0)
        subscriber.cancel()
        #expect(source.registrationCount == 1)
        #expect(source.unregistrationCount == 1 && !source.hasDuplicateUnregistration)
    }

    /// Cancel (from two threads at once) while threads emit and request: at most the one delivery already under
    /// way when cancel returned may still reach the subscriber, and none once it has returned; no completion after
    /// cancel; the source is unregistered exactly once.
    @Test(arguments: Variant.allCases)
    func cancelRacingEmitsAndRequestsStopsDelivery(variant: Variant) {
        let rounds = stressCount(200)
        for round in 0..<rounds {
            let cancelReturned = Locked(false)
            let startedAfterCancel = Locked(0)
            let delivered = Locked(0)
            let inside = Locked(0)
            let subscriber = Events(
                initialDemand: round % 3 == 0 ? .unlimited : .max(5),
                demandAfterValue: { _ in round % 2 == 0 ? .max(1) : .none },
                onValue: { _, _ in
                    inside.withLock { $0 += 1 }
                    if cancelReturned.value { startedAfterCancel.withLock { $0 += 1 } }
                    delivered.withLock { $0 += 1 }
                    inside.withLock { $0 -= 1 }
                })
            let source = TestSource()
            variant.subscribe(subscriber, to: source)
            // Cancel after 0 to 78 deliveries, or when the emitters are done, whichever comes first.
            let cancelAfter = round % 40 * 2
            let emittersDone = Locked(0)
            onThreads(5) { thread in
                switch thread {
                case 0, 1:
                    for index in 0..<100 { source.emit(thread * 1_000 + index) }
                    emittersDone.withLock { $0 += 1 }
                case 2:
                    for _ in 0..<50 { subscriber.request(.max(2)) }
                default:
                    while delivered.value < cancelAfter, emittersDone.value < 2 { sched_yield() }
                    subscriber.cancel()
                    cancelReturned.withLock { $0 = true }
                }
            }
            // Once cancel has returned and the delivery under way (if any) has returned, nothing more arrives.
            while inside.value > 0 { sched_yield() }
            let settled = subscriber.values.count
            for index in 0..<20 { source.emit(5_000 + index) }
            subscriber.request(.max(10))
            source.finish()
            #expect(startedAfterCancel.value <= 1, "round \(round): deliveries that began after cancel returned")
            #expect(subscriber.values.count == settled, "round \(round): a value after cancel")
            #expect(subscriber.completions.isEmpty, "round \(round): a completion after cancel")
            #expect(subscriber.overlappingCalls == 0)
            #expect(source.registrationCount == 1)
            #expect(source.unregistrationCount == 1 && !source.hasDuplicateUnregistration, "round \(round)")
            #expect(source.activeObserverCount == 0)
        }
    }

    /// Cancel from inside `receive(_:)` while other threads emit: no call into the subscriber after it, at all.
    @Test func cancelInsideReceiveStopsDeliveryAtOnceUnderConcurrentEmits() {
        let rounds = stressCount(200)
        for round in 0..<rounds {
            let cancelled = Locked(false)
            let afterCancel = Locked(0)
            let subscriber = Events(
                initialDemand: .unlimited,
                onValue: { subscriber, _ in
                    if cancelled.value { afterCancel.withLock { $0 += 1 } }
                    if subscriber.values.count == round % 50 + 1 {
                        subscriber.cancel()
                        cancelled.withLock { $0 = true }
                    }
                })
            let source = TestSource()
            source.bufferedEventsPublisher().subscribe(subscriber)
            onThreads(3) { thread in
                for index in 0..<100 { source.emit(thread * 1_000 + index) }
                if thread == 2 { source.finish() }
            }
            #expect(afterCancel.value == 0, "round \(round)")
            #expect(subscriber.completions.isEmpty, "round \(round): a completion after cancel")
            #expect(subscriber.values.count <= round % 50 + 1)
            #expect(subscriber.overlappingCalls == 0)
            #expect(source.unregistrationCount == 1 && !source.hasDuplicateUnregistration)
        }
    }

    /// The source completes (finish and fail from several threads) while threads emit and request: exactly one
    /// completion, the last event; nothing after it; unregistered exactly once. Odd rounds use a careless source
    /// that keeps sending to a subscription after unregistering it.
    @Test(arguments: Variant.allCases)
    func completionRacingEmitsIsDeliveredExactlyOnce(variant: Variant) {
        let rounds = stressCount(200)
        for round in 0..<rounds {
            let granted = Locked(round % 2 == 0 ? Int.max : 3)
            let overDelivered = Locked(0)
            let delivered = Locked(0)
            let subscriber = Events(
                initialDemand: round % 2 == 0 ? .unlimited : .max(3),
                demandAfterValue: { _ in .none },
                onValue: { _, _ in
                    let count = delivered.withLock { count in
                        count += 1
                        return count
                    }
                    if count > granted.value { overDelivered.withLock { $0 += 1 } }
                })
            let careless = CarelessSource()
            let source = TestSource()
            if round % 2 == 0 {
                variant.subscribe(subscriber, to: source)
            } else {
                variant.subscribe(subscriber, to: careless)
            }
            let emit: @Sendable (Int) -> Void = round % 2 == 0 ? source.emit : careless.emit
            // Complete after 0 to 59 deliveries, or when the emitters are done, whichever comes first.
            let finishAfter = round % 60
            let emittersDone = Locked(0)
            onThreads(5) { thread in
                switch thread {
                case 0, 1:
                    for index in 0..<80 { emit(thread * 1_000 + index) }
                    emittersDone.withLock { $0 += 1 }
                case 2:
                    for _ in 0..<20 {
                        granted.withLock { $0 = $0 == Int.max ? $0 : $0 + 1 }
                        subscriber.request(.max(1))
                    }
                default:
                    while delivered.value < finishAfter, emittersDone.value < 2 { sched_yield() }
                    if thread == 3 {
                        source.finish()
                        careless.finish()
                    } else {
                        source.fail(TestFailure(code: round))
                        careless.fail(TestFailure(code: round))
                    }
                }
            }
            emit(99_999)
            // Values kept for lack of demand hold the completion back until demand lets them through.
            granted.withLock { $0 = Int.max }
            subscriber.request(.unlimited)
            let events = subscriber.events
            #expect(subscriber.completions.count == 1, "round \(round): exactly one completion")
            if case .completion = events.last {} else { Issue.record("round \(round): the completion is not last") }
            #expect(overDelivered.value == 0, "round \(round)")
            #expect(subscriber.overlappingCalls == 0)
            let (registrations, unregistrations, duplicate) =
                round % 2 == 0
                ? (source.registrationCount, source.unregistrationCount, source.hasDuplicateUnregistration)
                : (careless.registrationCount, careless.unregistrationCount, careless.hasDuplicateUnregistration)
            #expect(registrations == 1 && unregistrations == 1 && !duplicate, "round \(round)")
        }
    }

    /// Polling with several threads requesting at once: `next` never runs on two threads at once, is called once
    /// per unit of demand, and the values arrive in order, none lost.
    @Test func concurrentRequestsPullOncePerDemandUnit() {
        let perThread = stressCount(2_500)
        let pulls = Locked(0)
        let concurrentPulls = Locked(0)
        let pulling = Locked(false)
        let returned = Locked(0)
        let publisher = NaturalsPublisher {
            if pulling.withLock({ busy in
                defer { busy = true }
                return busy
            }) {
                concurrentPulls.withLock { $0 += 1 }
            }
            defer { pulling.withLock { $0 = false } }
            return pulls.withLock { count in
                count += 1
                return count
            }
        }
        let subscriber = TestSubscriber<Int, Never>(
            initialDemand: .none,
            demandAfterValue: { value in
                guard value % 10 == 0 else { return .none }
                returned.withLock { $0 += 1 }
                return .max(1)
            })
        publisher.subscribe(subscriber)
        onThreads(4) { _ in
            for _ in 0..<perThread { subscriber.request(.max(1)) }
        }
        let total = 4 * perThread + returned.value
        #expect(concurrentPulls.value == 0, "next ran on two threads at once")
        #expect(pulls.value == total, "one pull per unit of demand")
        #expect(subscriber.values == Array(1...total))
        #expect(subscriber.overlappingCalls == 0)
        // Cancel racing requests: nothing is pulled once cancel has returned and the pull under way has finished.
        onThreads(3) { thread in
            if thread == 0 {
                subscriber.cancel()
            } else {
                for _ in 0..<100 { subscriber.request(.max(1)) }
            }
        }
        let afterCancel = pulls.value
        let delivered = subscriber.values.count
        subscriber.request(.max(5))
        #expect(pulls.value == afterCancel)
        #expect(subscriber.values.count == delivered)
        // A value pulled while cancel ran is dropped, so at most one pull has no delivery.
        #expect(delivered == afterCancel || delivered == afterCancel - 1)
        #expect(subscriber.completions.isEmpty)
    }

    /// Many subscriptions made and cancelled on several threads while the source emits: each registration is
    /// removed exactly once and none is left behind.
    @Test func subscribeAndCancelOnManyThreadsUnregistersEachOnce() {
        let perThread = stressCount(500)
        let source = TestSource()
        let publisher = UncheckedBox(source.eagerEventsPublisher())
        let done = Locked(false)
        let overlaps = Locked(0)
        onThreads(4) { thread in
            if thread == 3 {
                var value = 0
                while !done.value {
                    source.emit(value)
                    value += 1
                }
                return
            }
            for index in 0..<perThread {
                let subscriber = Events(initialDemand: index % 2 == 0 ? .unlimited : .max(1))
                publisher.value.subscribe(subscriber)
                if index % 3 == 0 { source.emit(-index) }
                subscriber.cancel()
                overlaps.withLock { $0 += subscriber.overlappingCalls }
            }
            if thread == 0 { done.withLock { $0 = true } }
        }
        #expect(source.registrationCount == 3 * perThread)
        #expect(source.unregistrationCount == 3 * perThread)
        #expect(!source.hasDuplicateUnregistration)
        #expect(source.activeObserverCount == 0)
        #expect(overlaps.value == 0)
    }
}

// MARK: - Variants

/// The generated callback publishers, one per no-demand policy and start.
extension ConcurrencyStressTests {
    enum Variant: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case dropped
        case latest
        case bufferedDropOldest
        case bufferedDropNewest
        case eager

        var testDescription: String { rawValue }

        func subscribe(_ subscriber: TestSubscriber<Int, TestFailure>, to source: TestSource) {
            switch self {
            case .dropped: source.droppedEventsPublisher().subscribe(subscriber)
            case .latest: source.latestEventsPublisher().subscribe(subscriber)
            case .bufferedDropOldest: source.bufferedEventsPublisher().subscribe(subscriber)
            case .bufferedDropNewest: source.firstEventsPublisher().subscribe(subscriber)
            case .eager: source.eagerEventsPublisher().subscribe(subscriber)
            }
        }

        /// Through the plain `register`/`unregister` closures.
        fileprivate func subscribe(_ subscriber: TestSubscriber<Int, TestFailure>, to source: CarelessSource) {
            switch self {
            case .dropped:
                DroppedEventsPublisher(register: source.register, unregister: source.unregister).subscribe(subscriber)
            case .latest:
                LatestEventsPublisher(register: source.register, unregister: source.unregister).subscribe(subscriber)
            case .bufferedDropOldest:
                BufferedEventsPublisher(register: source.register, unregister: source.unregister).subscribe(subscriber)
            case .bufferedDropNewest:
                FirstEventsPublisher(register: source.register, unregister: source.unregister).subscribe(subscriber)
            case .eager:
                EagerEventsPublisher(register: source.register, unregister: source.unregister).subscribe(subscriber)
            }
        }
    }
}

/// A thread-safe registration API that keeps every `send`, `finish` and `fail` it was given and goes on calling
/// them after unregistration: the subscription must ignore what comes after its end.
private final class CarelessSource: @unchecked Sendable {
    private struct Observer {
        let send: @Sendable (Int) -> Void
        let finish: @Sendable () -> Void
        let fail: @Sendable (TestFailure) -> Void
    }

    private let lock = NSLock()
    private var observers: [Observer] = []
    private var unregistrations: [Int: Int] = [:]

    var registrationCount: Int { lock.withLock { observers.count } }
    var unregistrationCount: Int { lock.withLock { unregistrations.values.reduce(0, +) } }
    var hasDuplicateUnregistration: Bool { lock.withLock { unregistrations.values.contains { $0 > 1 } } }

    func register(
        send: @escaping @Sendable (Int) -> Void, finish: @escaping @Sendable () -> Void,
        fail: @escaping @Sendable (TestFailure) -> Void
    ) -> Int {
        lock.withLock {
            observers.append(Observer(send: send, finish: finish, fail: fail))
            return observers.count
        }
    }

    func unregister(_ token: Int) {
        lock.withLock { unregistrations[token, default: 0] += 1 }
    }

    func emit(_ value: Int) { for observer in lock.withLock({ observers }) { observer.send(value) } }
    func finish() { for observer in lock.withLock({ observers }) { observer.finish() } }
    func fail(_ failure: TestFailure) { for observer in lock.withLock({ observers }) { observer.fail(failure) } }
}

// MARK: - Helpers

/// `count` scaled by `STRESS_SCALE` (default 1), at least 1.
func stressCount(_ count: Int) -> Int {
    let scale = ProcessInfo.processInfo.environment["STRESS_SCALE"].flatMap(Double.init) ?? 1
    return max(1, Int((Double(count) * scale).rounded()))
}

/// A value behind a lock.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&stored) }
    }
}

/// Hands a value that is not `Sendable` to other threads; the test vouches for its thread safety.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}

/// Runs `body(0..<count)` on `count` new threads, released together, and returns when all have finished.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let gate = NSCondition()
    let arrived = Locked(0)
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            gate.lock()
            arrived.withLock { $0 += 1 }
            if arrived.value == count {
                gate.broadcast()
            } else {
                while arrived.value < count { gate.wait() }
            }
            gate.unlock()
            body(index)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}
