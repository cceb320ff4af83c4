// A driver for profilers: delivers N values through one contestant without the benchmark harness,
// so that `valgrind --tool=callgrind` run with N and with 0 gives instructions per event
// (see ../../callgrind.sh).
//
//     .build/release/BenchDriver <closure|passthrough|handwritten|callback|sender|targetAction|mainActorTargetAction|periodic|polling> <unlimited|one> <N>
//     .build/release/BenchDriver <targetActionCycle|mainActorCycle|mainActorHopCycle|delegateCycle|delegateJoinCycle> one <N>
//     .build/release/BenchDriver <delegate|delegateProxy> <unlimited|one|sink> <N>
//     .build/release/BenchDriver delegateOwner one <N>
//     .build/release/BenchDriver <latest|dropOldest|dropNewest> <unlimited|none> <N>
//     .build/release/BenchDriver <latestSequence|bufferSequence|unboundedSequence|streamNewest|streamUnbounded|latestValues|bufferValues|hubClosure> sendThenNext <N>
//     .build/release/BenchDriver <latestSequence|bufferSequence|unboundedSequence|streamNewest|streamUnbounded|latestValues|bufferValues|semaphores> handOff <N>
//     .build/release/BenchDriver <latestSequence|bufferSequence|unboundedSequence|streamNewest|streamUnbounded|latestValues|bufferValues> mainActor <N>
//     .build/release/BenchDriver <observation|trackingLoop|observations> change <N>
//
// The observation contestants (BenchSubjects/ObservationContestants.swift): N changes of a
// main-actor `@Observable` model, each delivered after a hop to the main queue, through the
// generated publisher, a hand-written `withObservationTracking` loop feeding a
// `PassthroughSubject`, and `Observations`.
//
// latest, dropOldest and dropNewest are the callback publisher declared with that `whenNoDemand`
// policy; with `none` the subscriber asks for one value and no more, and 17 values are sent before
// the N (the first delivered, 16 filling the buffer), so the N are all kept in the steady state.
//
// The delegate contestants (issue 21), each value a call of the delegate owner double
// `BenchDelegateOwner.fire`: `delegate` is the generated publisher, through the shared proxy that
// the generator emits; `delegateProxy` the usual hand-written proxy, whose method sends to an
// OpenCombine `PassthroughSubject`; `delegateOwner` the double calling a delegate that only hands
// the value to the subscriber. `sink` subscribes with `sink` (unlimited demand), whose closure
// hands each value to the counting subscriber, instead of subscribing that subscriber itself.
//
// The async contestants (BenchSubjects/AsyncContestants.swift), off the main thread: with
// `sendThenNext`, on one task, the callback source sends a value, then the task awaits `next()`,
// which returns it without suspending (`hubClosure` is the same source calling a bare closure);
// with `handOff`, the task is suspended in `next()` and a producer thread sends each value
// (`semaphores`: the same two threads handing values over with semaphores alone, no async);
// with `mainActor`, `sendThenNext` on the main actor through `next(isolation:)`, as `for await`.
// `unboundedSequence` is the sequence of the callback declared without `whenNoDemand` (`Events`),
// which keeps every value, to compare with `streamUnbounded`.
import BenchMainActorSubjects
import BenchSubjects
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else {
    fatalError("usage: BenchDriver <contestant> <unlimited|one> <count>")
}
let unlimited = arguments[2] == "unlimited"
let starving = arguments[2] == "none"
let subscriber =
    starving
    ? CountingSubscriber(initialDemand: .max(1), demandPerValue: .none) : CountingSubscriber(unlimited: unlimited)

switch arguments[1] {
case "closure":
    let box = ClosureBox { _ = subscriber.receive($0) }
    for index in 0..<count { box.call(index) }
case "passthrough":
    let subject = PassthroughSubject<Int, Never>()
    subject.subscribe(subscriber)
    for index in 0..<count { subject.send(index) }
case "handwritten":
    let publisher = TutorialPublisher()
    publisher.subscribe(subscriber)
    for index in 0..<count { publisher.send(index) }
case "callback":
    let hub = EventHub()
    hub.eventsPublisher().subscribe(subscriber)
    guard let send = hub.observer else { fatalError("not registered") }
    for index in 0..<count { send(index) }
case "targetAction":
    let button = BenchButton()
    button.tapsPublisher().subscribe(subscriber)
    for _ in 0..<count { button.tap() }
case "mainActorTargetAction":
    // A main-actor sender tapped on the main thread, as UIKit taps are.
    MainActor.assumeIsolated {
        let button = MainActorBenchButton()
        button.mainActorTapsPublisher().subscribe(subscriber)
        for _ in 0..<count { button.tap() }
    }
case "targetActionCycle", "mainActorCycle", "mainActorHopCycle", "delegateCycle", "delegateJoinCycle":
    // `count` subscriptions subscribed and cancelled, each adding and removing its target.
    subscribeAndCancel(arguments[1], times: count)
case "delegate":
    let owner = BenchDelegateOwner()
    let publisher = owner.delegateEventsPublisher()
    let sink = subscribe(subscriber, to: publisher, sink: arguments[2] == "sink")
    guard owner.delegate != nil else { fatalError("no proxy installed") }
    for index in 0..<count { owner.fire(index) }
    withExtendedLifetime(sink) {}
case "delegateProxy":
    let owner = BenchDelegateOwner()
    let proxy = PassthroughDelegateProxy()
    owner.delegate = proxy
    let sink = subscribe(subscriber, to: proxy.subject, sink: arguments[2] == "sink")
    for index in 0..<count { owner.fire(index) }
    withExtendedLifetime((proxy, sink)) {}
case "delegateOwner":
    // The owner double alone, calling a delegate that only hands each value to the subscriber.
    let owner = BenchDelegateOwner()
    let delegate = CountingDelegate(subscriber)
    owner.delegate = delegate
    for index in 0..<count { owner.fire(index) }
    withExtendedLifetime(delegate) {}
case "sender":
    // The Swift-native sender double alone, performing its action on a target that only counts.
    let button = BenchButton()
    let target = CountingTarget(subscriber)
    button.addTarget(target, action: CountingTarget.handle, for: .tap)
    for _ in 0..<count { button.tap() }
case "periodic":
    let scheduler = ManualScheduler()
    TicksPublisher(scheduler: scheduler).subscribe(subscriber)
    for _ in 0..<count { scheduler.fire() }
case "polling":
    let limited = PollingSubscriber(limit: count)
    NumberSource().numbersPublisher().subscribe(limited)
    precondition(limited.count == count)
    print(count)
    exit(0)
case "semaphores":
    // The floor of `handOff`: two threads handing values over with semaphores, no async.
    precondition(AsyncContestant.semaphorePingPong(count: count) == count * (count - 1) / 2, "other values received")
    print(count)
    exit(0)
case let name where ObservationContestant(rawValue: name) != nil:
    // One change of a main-actor model per value, each loop driving itself on the main queue.
    guard #available(macOS 26.0, *), let contestant = ObservationContestant(rawValue: name) else {
        fatalError("the observation contestants need Observations (macOS 26)")
    }
    MainActor.assumeIsolated { contestant.start(count: count) }
    // The main run loop drains the main queue (valgrind 3.19 cannot run `dispatchMain()`).
    while true { RunLoop.main.run() }
case let name where AsyncContestant(rawValue: name) != nil:
    guard let contestant = AsyncContestant(rawValue: name) else { fatalError("unknown contestant \(name)") }
    if arguments[2] == "mainActor" { runOnMainActor(contestant, count: count) }
    runAsync(contestant, handOff: arguments[2] == "handOff", count: count)
case let name:
    guard let policy = NoDemandPolicyContestant(rawValue: name) else { fatalError("unknown contestant \(name)") }
    let hub = EventHub()
    policy.subscribe(subscriber, on: hub)
    guard let send = hub.observer else { fatalError("not registered") }
    if starving {
        for index in 0...NoDemandPolicyContestant.capacity { send(index) }
    }
    for index in 0..<count { send(index) }
    if starving {
        precondition(subscriber.count == 1, "\(subscriber.count) delivered without demand")
        // What was kept, delivered on demand (the same with N values as with none): the newest
        // value, the 16 newest or the 16 first after the one delivered.
        subscriber.request(.unlimited)
        let capacity = NoDemandPolicyContestant.capacity
        let sent = capacity + 1 + count  // the values 0...capacity, then 0..<count
        func value(_ position: Int) -> Int { position <= capacity ? position : position - capacity - 1 }
        let kept =
            switch policy {
            case .latest: (sent - 1)..<sent
            case .dropOldest: (sent - capacity)..<sent
            case .dropNewest: 1..<(capacity + 1)
            }
        precondition(subscriber.count == 1 + kept.count, "\(subscriber.count - 1) kept values delivered")
        precondition(subscriber.sum == kept.reduce(0) { $0 + value($1) }, "other values kept")
        print(count)
        exit(0)
    }
}
precondition(subscriber.count == count, "\(subscriber.count) of \(count) delivered")
print(subscriber.count)

/// Subscribes the counting subscriber to `publisher`, or (`sink`) a `sink` that hands it each value.
func subscribe<P: Publisher>(
    _ subscriber: CountingSubscriber, to publisher: P, sink: Bool
) -> AnyCancellable? where P.Output == Int, P.Failure == Never {
    guard sink else {
        publisher.subscribe(subscriber)
        return nil
    }
    return publisher.sink { _ = subscriber.receive($0) }
}

/// Runs an async contestant on a task of the global executor, the main thread waiting, and exits:
/// each value sent then taken on the task, or (`handOff`) sent by another thread to the waiting task.
func runAsync(_ contestant: AsyncContestant, handOff: Bool, count: Int) -> Never {
    nonisolated(unsafe) var sum = 0
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        if handOff {
            guard #available(macOS 15.0, *) else { fatalError("handOff needs task executors (macOS 15)") }
            sum = await contestant.handOff(count: count)
        } else {
            sum = await contestant.sendThenNext(count: count)
        }
        done.signal()
    }
    done.wait()
    precondition(sum == count * (count - 1) / 2, "other values received")
    print(count)
    exit(0)
}

/// Runs an async contestant on the main actor, the main queue running, and exits.
func runOnMainActor(_ contestant: AsyncContestant, count: Int) -> Never {
    guard #available(macOS 15.0, *) else { fatalError("mainActor needs next(isolation:) (macOS 15)") }
    Task { @MainActor in
        let sum = await contestant.sendThenNextOnMainActor(count: count)
        precondition(sum == count * (count - 1) / 2, "other values received")
        print(count)
        exit(0)
    }
    // The main run loop drains the main queue (valgrind 3.19 cannot run `dispatchMain()`).
    while true { RunLoop.main.run() }
}

/// Subscribes to a target/action publisher and cancels, `times` times: with a nonisolated sender
/// (`targetActionCycle`), with a main-actor sender on the main thread, where adding and removing
/// run at once (`mainActorCycle`), and with a main-actor sender from another queue, where each add
/// and remove hops to the main queue (`mainActorHopCycle`: all subscribed, the hops run, all
/// cancelled, the hops run).
func subscribeAndCancel(_ contestant: String, times: Int) {
    switch contestant {
    case "targetActionCycle":
        let button = BenchButton()
        for _ in 0..<times { button.tapsPublisher().sink { _ in }.cancel() }
    case "delegateCycle":
        // The only consumer each time: makes, installs, uninstalls and releases the proxy.
        let owner = BenchDelegateOwner()
        for _ in 0..<times { owner.delegateEventsPublisher().sink { _ in }.cancel() }
    case "delegateJoinCycle":
        // A second consumer each time, beside one that stays: joins and leaves the shared proxy.
        let owner = BenchDelegateOwner()
        let staying = owner.delegateEventsPublisher().sink { _ in }
        for _ in 0..<times { owner.delegateEventsPublisher().sink { _ in }.cancel() }
        withExtendedLifetime(staying) {}
    case "mainActorCycle":
        MainActor.assumeIsolated {
            let button = MainActorBenchButton()
            for _ in 0..<times { button.mainActorTapsPublisher().sink { _ in }.cancel() }
        }
    default:
        // All subscribed from another queue, then the main queue drained (every add hops there),
        // then all cancelled from another queue and the main queue drained again (every remove).
        let button = MainActor.assumeIsolated { MainActorBenchButton() }
        var subscriptions: [AnyCancellable] = []
        subscriptions.reserveCapacity(times)
        DispatchQueue.global().sync {
            for _ in 0..<times { subscriptions.append(button.mainActorTapsPublisher().sink { _ in }) }
        }
        while MainActor.assumeIsolated({ button.changeCount }) < times { RunLoop.main.run(until: Date()) }
        DispatchQueue.global().sync {
            for subscription in subscriptions { subscription.cancel() }
        }
        while MainActor.assumeIsolated({ button.changeCount }) < 2 * times { RunLoop.main.run(until: Date()) }
    }
    print(times)
    exit(0)
}

/// A target/action target that hands each action to the subscriber, as a generated target does.
final class CountingTarget {
    private let subscriber: CountingSubscriber
    init(_ subscriber: CountingSubscriber) { self.subscriber = subscriber }
    func handle(_: Any) { _ = subscriber.receive(1) }
}

/// Asks for one value at a time until it has `limit`.
final class PollingSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    private let limit: Int
    private(set) var count = 0

    init(limit: Int) { self.limit = limit }

    func receive(subscription: any Subscription) {
        if limit > 0 { subscription.request(.max(1)) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        count &+= 1
        return count < limit ? .max(1) : .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}
