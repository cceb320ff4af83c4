import Dispatch
import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The contestants of the async form (issue 15), each fed by the same callback source, an
/// `EventHub`, whose observer the benchmark calls where the source would: the generated sequence,
/// `AsyncStream` with the continuation's `yield` as the observer, the Combine form's `.values`
/// (OpenCombine 0.14 provides `Publisher.values`, an `AsyncPublisher`; Combine does on Apple's
/// platforms), and a bare closure for scale. Shared by BenchDriver (callgrind.sh) and the ordo-one
/// benchmarks, so both measure the same code.
///
/// Each run starts the same way, outside what is measured: the hub's `primer` makes the first
/// `next()`, which registers with the hub, return at once; then one value is sent and taken, so
/// that buffers allocated on first use (the generated ring, `AsyncStream`'s deque) exist before
/// the values counted.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public enum AsyncContestant: String, CaseIterable, Sendable {
    /// The generated `LatestEventsSequence` (`whenNoDemand: latest`).
    case latestSequence
    /// The generated `OldestDroppingEventsSequence` (`whenNoDemand: { buffer: 16, whenFull: dropOldest }`).
    case bufferSequence
    /// The generated `EventsSequence`, declared without `whenNoDemand`: a sequence's default, which
    /// keeps every value, as `AsyncStream`'s `.unbounded` does.
    case unboundedSequence
    /// `AsyncStream<Int>` with `.bufferingNewest(1)`.
    case streamNewest
    /// `AsyncStream<Int>` with the default, `.unbounded`.
    case streamUnbounded
    /// `latestEventsPublisher().values`.
    case latestValues
    /// `oldestDroppingEventsPublisher().values`.
    case bufferValues
    /// The hub's observer is a bare closure that adds up the values; no `next()`.
    case hubClosure

    /// The contestant's name in the ordo-one benchmarks.
    public var name: String {
        switch self {
        case .latestSequence: "generated sequence, whenNoDemand latest"
        case .bufferSequence: "generated sequence, whenNoDemand buffer 16 dropOldest"
        case .unboundedSequence: "generated sequence, no whenNoDemand (unbounded)"
        case .streamNewest: "AsyncStream, bufferingNewest(1)"
        case .streamUnbounded: "AsyncStream, unbounded"
        case .latestValues: "generated publisher .values, whenNoDemand latest"
        case .bufferValues: "generated publisher .values, whenNoDemand buffer 16 dropOldest"
        case .hubClosure: "bare closure"
        }
    }

    /// `count` times, on one task: the source sends a value, then the same task awaits `next()`,
    /// which returns the value the sequence kept without suspending (`.values`: requests one, and
    /// the publisher delivers the value it kept at once). Returns the sum of the values received,
    /// `0 + 1 + … + (count - 1)`. `startMeasurement` runs after the setup, right before the first
    /// of the `count` values.
    public func sendThenNext(count: Int, startMeasurement: () -> Void = {}) async -> Int {
        let hub = EventHub()
        hub.primer = 0
        switch self {
        case .latestSequence:
            var iterator = hub.latestEventsSequence().makeAsyncIterator()
            return await Self.sendThenNext(&iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .bufferSequence:
            var iterator = hub.oldestDroppingEventsSequence().makeAsyncIterator()
            return await Self.sendThenNext(&iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .unboundedSequence:
            var iterator = hub.eventsSequence().makeAsyncIterator()
            return await Self.sendThenNext(&iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .streamNewest, .streamUnbounded:
            var iterator = Self.stream(on: hub, bufferingNewestOne: self == .streamNewest).makeAsyncIterator()
            return await Self.sendThenNext(&iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .latestValues:
            var iterator = hub.latestEventsPublisher().values.makeAsyncIterator()
            return await Self.sendThenNext(&iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .bufferValues:
            var iterator = hub.oldestDroppingEventsPublisher().values.makeAsyncIterator()
            return await Self.sendThenNext(&iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .hubClosure:
            let total = Total()
            Self.register(total, on: hub)
            guard let send = hub.observer else { fatalError("not registered") }
            total.sum = 0
            startMeasurement()
            for index in 0..<count { send(index) }
            return total.sum
        }
    }

    /// ``sendThenNext(count:startMeasurement:)`` with the consumer on the main actor, calling
    /// `next(isolation:)` as a `for await` loop there does: an iterator without its own
    /// `next(isolation:)` gets the standard library's, which calls its `next()`, so a nonisolated
    /// `next()` runs off the main actor and the task hops back for every value. Needs the main
    /// queue running.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @MainActor
    public func sendThenNextOnMainActor(count: Int, startMeasurement: @Sendable () -> Void = {}) async -> Int {
        let hub = EventHub()
        hub.primer = 0
        switch self {
        case .latestSequence:
            var iterator = hub.latestEventsSequence().makeAsyncIterator()
            return await Self.sendThenNextOnMainActor(
                &iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .bufferSequence:
            var iterator = hub.oldestDroppingEventsSequence().makeAsyncIterator()
            return await Self.sendThenNextOnMainActor(
                &iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .unboundedSequence:
            var iterator = hub.eventsSequence().makeAsyncIterator()
            return await Self.sendThenNextOnMainActor(
                &iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .streamNewest, .streamUnbounded:
            var iterator = Self.stream(on: hub, bufferingNewestOne: self == .streamNewest).makeAsyncIterator()
            return await Self.sendThenNextOnMainActor(
                &iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .latestValues:
            var iterator = hub.latestEventsPublisher().values.makeAsyncIterator()
            return await Self.sendThenNextOnMainActor(
                &iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .bufferValues:
            var iterator = hub.oldestDroppingEventsPublisher().values.makeAsyncIterator()
            return await Self.sendThenNextOnMainActor(
                &iterator, from: hub, count: count, startMeasurement: startMeasurement)
        case .hubClosure:
            return await sendThenNext(count: count, startMeasurement: startMeasurement)
        }
    }

    /// `count` values handed from another thread to a consumer suspended in `next()`. The consumer
    /// is a task of its own, run by a task executor on a thread of its own (``HandOffExecutor``)
    /// until it suspends; then the executor wakes a producer thread, which sends one value; the
    /// value resumes the task, onto the executor again. So every value meets a suspended `next()`
    /// (none is kept), and the two threads strictly alternate, with two thread wake-ups per value,
    /// as in ``semaphorePingPong(count:startMeasurement:)``. Returns the sum of the values
    /// received. Not for ``hubClosure``, which has no consumer to hand to. `startMeasurement` runs
    /// on the consumer's thread.
    ///
    /// The executor preference is not free: the runtime looks the preferred executor up at every
    /// task switch and enqueue, which a task on the global executor does not do. Every contestant
    /// pays it, in proportion to the task switches its `next()` makes.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func handOff(count: Int, startMeasurement: @escaping @Sendable () -> Void = {}) async -> Int {
        let producer = Producer()
        let executor = HandOffExecutor(afterEachRun: producer.requestValue)
        let sum = await Task(executorPreference: executor) {
            await self.consumeHandOffs(count: count, from: producer, startMeasurement: startMeasurement)
        }.value
        executor.stop()
        return sum
    }

    /// The consumer of ``handOff(count:startMeasurement:)``.
    private func consumeHandOffs(count: Int, from producer: Producer, startMeasurement: () -> Void) async -> Int {
        let hub = EventHub()
        hub.primer = 0
        switch self {
        case .latestSequence:
            var iterator = hub.latestEventsSequence().makeAsyncIterator()
            return await Self.handOff(&iterator, from: hub, producer, count: count, startMeasurement: startMeasurement)
        case .bufferSequence:
            var iterator = hub.oldestDroppingEventsSequence().makeAsyncIterator()
            return await Self.handOff(&iterator, from: hub, producer, count: count, startMeasurement: startMeasurement)
        case .unboundedSequence:
            var iterator = hub.eventsSequence().makeAsyncIterator()
            return await Self.handOff(&iterator, from: hub, producer, count: count, startMeasurement: startMeasurement)
        case .streamNewest, .streamUnbounded:
            var iterator = Self.stream(on: hub, bufferingNewestOne: self == .streamNewest).makeAsyncIterator()
            return await Self.handOff(&iterator, from: hub, producer, count: count, startMeasurement: startMeasurement)
        case .latestValues:
            var iterator = hub.latestEventsPublisher().values.makeAsyncIterator()
            return await Self.handOff(&iterator, from: hub, producer, count: count, startMeasurement: startMeasurement)
        case .bufferValues:
            var iterator = hub.oldestDroppingEventsPublisher().values.makeAsyncIterator()
            return await Self.handOff(&iterator, from: hub, producer, count: count, startMeasurement: startMeasurement)
        case .hubClosure:
            preconditionFailure("the bare closure has no consumer to hand values to")
        }
    }

    /// The floor of a hand-off between two threads without async: this thread wakes a producer
    /// thread and blocks until the producer has stored a value and woken it back. Two thread
    /// wake-ups per value, as in ``handOff(count:startMeasurement:)``.
    public static func semaphorePingPong(count: Int, startMeasurement: () -> Void = {}) -> Int {
        let total = Total()
        let delivered = DispatchSemaphore(value: 0)
        let producer = Producer()
        producer.start(values: 0..<count) { value in
            total.sum = value
            delivered.signal()
        }
        var sum = 0
        startMeasurement()
        for _ in 0..<count {
            producer.requestValue()
            delivered.wait()
            sum &+= total.sum
        }
        return sum
    }

    /// Registers a closure adding up the values; not inlined, so that the optimizer does not see
    /// which closure the hub calls and turn the loop into arithmetic.
    @inline(never)
    private static func register(_ total: Total, on hub: EventHub) {
        _ = hub.add { total.sum &+= $0 }
    }

    /// An `AsyncStream` whose continuation the hub's observer yields to.
    private static func stream(on hub: EventHub, bufferingNewestOne: Bool) -> AsyncStream<Int> {
        let (stream, continuation) = makeStream(bufferingPolicy: bufferingNewestOne ? .bufferingNewest(1) : .unbounded)
        _ = hub.add { continuation.yield($0) }
        return stream
    }

    /// `AsyncStream.makeStream`, which needs macOS 14.
    private static func makeStream(
        bufferingPolicy: AsyncStream<Int>.Continuation.BufferingPolicy
    ) -> (AsyncStream<Int>, AsyncStream<Int>.Continuation) {
        var continuation: AsyncStream<Int>.Continuation?
        let stream = AsyncStream(Int.self, bufferingPolicy: bufferingPolicy) { continuation = $0 }
        guard let continuation else { fatalError("AsyncStream did not build") }
        return (stream, continuation)
    }

    /// The first `next()` (registered by it, the hub's primer received), then one value sent and
    /// taken; returns the hub's observer.
    private static func prepare<Iterator: ContestantIterator>(
        _ iterator: inout Iterator, from hub: EventHub
    ) async -> @Sendable (Int) -> Void {
        guard await next(&iterator) == 0, let send = hub.observer else { fatalError("not primed") }
        send(1)
        guard await next(&iterator) == 1 else { fatalError("the value sent was not kept") }
        return send
    }

    private static func sendThenNext<Iterator: ContestantIterator>(
        _ iterator: inout Iterator, from hub: EventHub, count: Int, startMeasurement: () -> Void
    ) async -> Int {
        let send = await prepare(&iterator, from: hub)
        var sum = 0
        startMeasurement()
        for index in 0..<count {
            send(index)
            sum &+= await next(&iterator)
        }
        return sum
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @MainActor
    private static func sendThenNextOnMainActor<Iterator: ContestantIterator>(
        _ iterator: inout Iterator, from hub: EventHub, count: Int, startMeasurement: () -> Void
    ) async -> Int {
        func next() async -> Int {
            guard let value = await iterator.nextValue(isolation: #isolation) else { fatalError("ended early") }
            return value
        }
        guard await next() == 0, let send = hub.observer else { fatalError("not primed") }
        send(1)
        guard await next() == 1 else { fatalError("the value sent was not kept") }
        var sum = 0
        startMeasurement()
        for index in 0..<count {
            send(index)
            sum &+= await next()
        }
        return sum
    }

    private static func handOff<Iterator: ContestantIterator>(
        _ iterator: inout Iterator, from hub: EventHub, _ producer: Producer, count: Int,
        startMeasurement: () -> Void
    ) async -> Int {
        // One hand-off before the `count`, for what the first suspension allocates (task allocator).
        producer.start(values: -1..<count, send: await prepare(&iterator, from: hub))
        guard await next(&iterator) == -1 else { fatalError("the first value was not handed off") }
        var sum = 0
        startMeasurement()
        for _ in 0..<count {
            sum &+= await next(&iterator)
        }
        return sum
    }

    /// The iterator's next value, which must exist.
    @inline(__always)
    private static func next<Iterator: ContestantIterator>(_ iterator: inout Iterator) async -> Int {
        guard let value = await iterator.nextValue() else { fatalError("ended early") }
        return value
    }
}

/// The contestants' iterators, each calling its own `next()` directly: a generic function over
/// `AsyncIteratorProtocol` is specialised for each, but calls `AsyncStream.Iterator.next()` and
/// `AsyncPublisher.Iterator.next()`, from other modules, through the protocol's witness table.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
protocol ContestantIterator {
    mutating func nextValue() async -> Int?
    /// `next(isolation:)`, as `for await` calls it.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    mutating func nextValue(isolation actor: isolated (any Actor)?) async -> Int?
}

// The three generated sequences' iterators are the push engine's, one generic type: one conformance.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension PushSequence.Iterator: ContestantIterator where Element == Int, Failure == Never {
    mutating func nextValue() async -> Int? { await next() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    mutating func nextValue(isolation actor: isolated (any Actor)?) async -> Int? { await next(isolation: actor) }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension AsyncStream.Iterator: ContestantIterator where Element == Int {
    mutating func nextValue() async -> Int? { await next() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    mutating func nextValue(isolation actor: isolated (any Actor)?) async -> Int? { await next(isolation: actor) }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension AsyncPublisher.Iterator: ContestantIterator where Upstream.Output == Int {
    mutating func nextValue() async -> Int? { await next() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    mutating func nextValue(isolation actor: isolated (any Actor)?) async -> Int? { await next(isolation: actor) }
}

/// A sum shared with a closure that the hub calls.
private final class Total: @unchecked Sendable {
    var sum = 0
}

/// A thread that sends `values`, one each time it is asked (``requestValue()``), then ends.
private final class Producer: @unchecked Sendable {
    private let requested = DispatchSemaphore(value: 0)

    func start(values: Range<Int>, send: @escaping @Sendable (Int) -> Void) {
        let thread = Thread { [requested] in
            for value in values {
                requested.wait()
                send(value)
            }
        }
        thread.start()
    }

    @Sendable func requestValue() { requested.signal() }
}

/// A task executor with a thread of its own that runs one task's jobs, one at a time, and calls
/// `afterEachRun` each time a job returns: each time the task suspends (or ends). A resumed
/// continuation enqueues the task here again, from the thread that resumed it.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private final class HandOffExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var job: UnownedJob?
    private var isStopped = false

    init(afterEachRun: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            while let job = nextJob() {
                job.runSynchronously(on: asUnownedTaskExecutor())
                afterEachRun()
            }
        }
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        precondition(self.job == nil, "one task, one job at a time")
        self.job = job
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once it has run the jobs enqueued.
    func stop() {
        condition.lock()
        isStopped = true
        condition.signal()
        condition.unlock()
    }

    /// The next job, waiting for it; `nil` once stopped.
    private func nextJob() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while job == nil, !isStopped { condition.wait() }
        defer { job = nil }
        return job
    }
}
