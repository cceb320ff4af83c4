import BenchSubjects
import Benchmark

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// Every benchmark delivers 1,000 values per iteration (scaling factor .kilo) to the same counting
// subscriber, so every figure is a cost per event. Setup runs before the measurement starts.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    Benchmark("Baseline: bare closure call") { benchmark in
        let subscriber = CountingSubscriber(unlimited: true)
        let box = ClosureBox { _ = subscriber.receive($0) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations { box.call(index) }
        blackHole(subscriber.count)
    }

    Benchmark("Baseline: BenchButton action dispatch to a no-op target") { benchmark in
        // What the Swift-native sender double itself costs per tap, apart from any publisher.
        let button = BenchButton()
        let target = NoopTarget()
        button.addTarget(target, action: NoopTarget.handle, for: .tap)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { button.tap() }
        blackHole(target.count)
    }

    for unlimited in [true, false] {
        let demand = unlimited ? "unlimited" : ".max(1) per receive"

        Benchmark("Baseline: PassthroughSubject, \(demand)") { benchmark in
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = CountingSubscriber(unlimited: unlimited)
            subject.subscribe(subscriber)
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations { subject.send(index) }
            blackHole(subscriber.count)
        }

        Benchmark("Baseline: hand-written locked subscription, \(demand)") { benchmark in
            let publisher = TutorialPublisher()
            let subscriber = CountingSubscriber(unlimited: unlimited)
            publisher.subscribe(subscriber)
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations { publisher.send(index) }
            blackHole(subscriber.count)
        }

        Benchmark("Generated callback, \(demand)") { benchmark in
            let hub = EventHub()
            let subscriber = CountingSubscriber(unlimited: unlimited)
            hub.eventsPublisher().subscribe(subscriber)
            guard let send = hub.observer else { fatalError("not registered") }
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations { send(index) }
            blackHole(subscriber.count)
        }

        Benchmark("Generated targetAction, \(demand)") { benchmark in
            let button = BenchButton()
            let subscriber = CountingSubscriber(unlimited: unlimited)
            button.tapsPublisher().subscribe(subscriber)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { button.tap() }
            blackHole(subscriber.count)
        }

        Benchmark("Generated periodic (manual scheduler), \(demand)") { benchmark in
            let scheduler = ManualScheduler()
            let subscriber = CountingSubscriber(unlimited: unlimited)
            TicksPublisher(scheduler: scheduler).subscribe(subscriber)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { scheduler.fire() }
            blackHole(subscriber.count)
        }
    }

    // Delegates (issue 21): each value a call of the nonisolated delegate owner double
    // `BenchDelegateOwner`, through the generated publisher's shared proxy, through the usual
    // hand-written proxy whose method sends to a `PassthroughSubject`, and to a delegate that only
    // hands the value to the subscriber (what the double itself costs).
    Benchmark("Baseline: BenchDelegateOwner call to a counting delegate") { benchmark in
        let owner = BenchDelegateOwner()
        let subscriber = CountingSubscriber(unlimited: true)
        let delegate = CountingDelegate(subscriber)
        owner.delegate = delegate
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations { owner.fire(index) }
        blackHole(subscriber.count)
        blackHole(delegate)
    }

    for unlimited in [true, false] {
        let demand = unlimited ? "unlimited" : ".max(1) per receive"

        Benchmark("Baseline: hand-written delegate proxy sending to a PassthroughSubject, \(demand)") { benchmark in
            let owner = BenchDelegateOwner()
            let proxy = PassthroughDelegateProxy()
            owner.delegate = proxy
            let subscriber = CountingSubscriber(unlimited: unlimited)
            proxy.subject.subscribe(subscriber)
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations { owner.fire(index) }
            blackHole(subscriber.count)
            blackHole(proxy)
        }

        Benchmark("Generated delegate, \(demand)") { benchmark in
            let owner = BenchDelegateOwner()
            let subscriber = CountingSubscriber(unlimited: unlimited)
            owner.delegateEventsPublisher().subscribe(subscriber)
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations { owner.fire(index) }
            blackHole(subscriber.count)
        }
    }

    // The callback publisher again for each policy of keeping values without demand, both with
    // unlimited demand and in the steady state of a slow subscriber: after its first value it asks
    // for no more, so every value is kept, displacing the newest (`latest`), the oldest of a full
    // buffer (`dropOldest`) or itself (`dropNewest`). Setup fills the buffer (16) first, so the
    // ring is allocated before the measurement starts.
    for policy in NoDemandPolicyContestant.allCases {
        Benchmark("Generated callback, whenNoDemand \(policy.name), unlimited") { benchmark in
            let hub = EventHub()
            let subscriber = CountingSubscriber(unlimited: true)
            policy.subscribe(subscriber, on: hub)
            guard let send = hub.observer else { fatalError("not registered") }
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations { send(index) }
            blackHole(subscriber.count)
        }

        Benchmark("Generated callback, whenNoDemand \(policy.name), no demand after the first value") { benchmark in
            let hub = EventHub()
            let subscriber = CountingSubscriber(initialDemand: .max(1), demandPerValue: .none)
            policy.subscribe(subscriber, on: hub)
            guard let send = hub.observer else { fatalError("not registered") }
            for index in 0...NoDemandPolicyContestant.capacity { send(index) }
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations { send(index) }
            blackHole(subscriber.count)
        }
    }

    // The async form (issue 15) against AsyncStream, the Combine form's `.values` and a bare
    // closure, each fed by the same callback source (Sources/BenchSubjects/AsyncContestants.swift).
    // One task: the source sends a value, then the same task awaits `next()`, which returns the
    // value kept without suspending (callgrind.sh counts the same code's instructions).
    for contestant in AsyncContestant.allCases {
        Benchmark("Async, send then next() on one task: \(contestant.name)") { benchmark async in
            let sum = await contestant.sendThenNext(count: benchmark.scaledIterations.count) {
                benchmark.startMeasurement()
            }
            blackHole(sum)
        }
    }

    // The same on the main actor, through `next(isolation:)` as a `for await` loop there calls it.
    for contestant in AsyncContestant.allCases where contestant != .hubClosure {
        Benchmark("Async, send then next() on the main actor: \(contestant.name)") { benchmark async in
            guard #available(macOS 15.0, *) else { return }
            nonisolated(unsafe) let measured = benchmark
            let sum = await contestant.sendThenNextOnMainActor(count: benchmark.scaledIterations.count) {
                measured.startMeasurement()
            }
            blackHole(sum)
        }
    }

    // The suspending hand-off: the task is suspended in `next()` when a producer thread sends each
    // value, which resumes it. A task executor with a thread of its own runs the task and wakes the
    // producer each time the task suspends, so the threads strictly alternate: two thread wake-ups
    // per value, the same for every contestant; the semaphore baseline is those wake-ups alone.
    for contestant in AsyncContestant.allCases where contestant != .hubClosure {
        Benchmark("Async, hand-off from another thread: \(contestant.name)") { benchmark async in
            guard #available(macOS 15.0, *) else { return }
            // Started from the consumer's thread; the harness only reads a clock there.
            nonisolated(unsafe) let measured = benchmark
            let sum = await contestant.handOff(count: benchmark.scaledIterations.count) {
                measured.startMeasurement()
            }
            blackHole(sum)
        }
    }

    Benchmark("Baseline: hand-off from another thread, semaphores only (no async)") { benchmark in
        let sum = AsyncContestant.semaphorePingPong(count: benchmark.scaledIterations.count) {
            benchmark.startMeasurement()
        }
        blackHole(sum)
    }

    Benchmark("Generated polling, .max(1) per receive") { benchmark in
        // One subscription pulls `scaledIterations` values: a subscriber asking for one more from
        // every receive, cancelled by the source running dry is not needed: demand ends the loop.
        let source = NumberSource()
        let publisher = source.numbersPublisher()
        let count = benchmark.scaledIterations.count
        benchmark.startMeasurement()
        let subscriber = LimitedSubscriber(limit: count)
        publisher.subscribe(subscriber)
        blackHole(subscriber.count)
    }
}

/// Asks for one value at a time until it has `limit`, then stops asking.
final class LimitedSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    private let limit: Int
    private(set) var count = 0

    init(limit: Int) { self.limit = limit }

    func receive(subscription: any Subscription) { subscription.request(.max(1)) }

    func receive(_ input: Int) -> Subscribers.Demand {
        count &+= 1
        return count < limit ? .max(1) : .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}

/// A target that only counts its actions.
final class NoopTarget {
    private(set) var count = 0

    func handle(_: Any) { count &+= 1 }
}
