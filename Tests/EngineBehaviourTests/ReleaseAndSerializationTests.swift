import Foundation
import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// What the engines release, and when; and that calls into the subscriber are serial from the first one. Part of
// `ConcurrencyStressTests`, so they run under ThreadSanitizer with it. Threads meet at semaphores, never sleeps; a
// deadlock is reported as a failure after `deadlockTimeout` instead of hanging the run.
extension ConcurrencyStressTests {
    // MARK: Delivered values are released as delivery goes on

    /// A producer on a second thread keeps two values waiting while each one is delivered (the ready queue never
    /// empties): values already delivered must be freed meanwhile, not kept by the queue until it empties.
    @Test func deliveredValuesAreReleasedWhileABacklogIsDelivered() {
        let live = LiveCount()
        let source = TrackedSource()
        let producer = Producer(source: source, live: live)
        var maxLive = 0
        let subscriber = IndexSubscriber(initialDemand: .unlimited) { value in
            if value.index == 0 {
                producer.send(1)
                producer.send(2)
            } else if value.index < 200 {
                producer.send(value.index + 2)
            }
            maxLive = max(maxLive, live.value)
        }
        source.latestObjectsPublisher().subscribe(subscriber)
        source.emit(TrackedValue(0, count: live))
        producer.stop()
        #expect(subscriber.indices == Array(0...201))
        // The value being delivered, two waiting, and value 0 (its sender's argument until delivery ends).
        #expect(maxLive <= 4, "delivered values stay referenced: \(maxLive) alive at once")
        #expect(live.value == 0)
    }

    // MARK: No user code under the lock, releases included

    /// A subscriber that cancels from inside `receive(_:)` is then held only by the delivering thread; its release
    /// runs its `deinit`, which calls back into the subscription (request and cancel). That release must happen
    /// outside the lock.
    @Test func aSubscriberFreedDuringDeliveryMayCallBackFromItsDeinit() {
        // Cancels inside the delivery of a value sent while nothing was being delivered.
        #expect(
            finishesWithoutDeadlock {
                let source = TestSource()
                let freed = Flag()
                source.droppedEventsPublisher().subscribe(CallingBackOnRelease<TestFailure>(freed: freed, cancelOn: 1))
                source.emit(1)
                source.emit(2)
                return freed.isSet
            })
        // Cancels inside the delivery of a value that was queued behind another one (the drain loop).
        #expect(
            finishesWithoutDeadlock {
                let source = TestSource()
                let freed = Flag()
                source.droppedEventsPublisher().subscribe(
                    CallingBackOnRelease<TestFailure>(
                        freed: freed, cancelOn: 9,
                        sendDuringDelivery: { value in
                            if value == 1 { source.emit(9) }
                        }))
                source.emit(1)
                return freed.isSet
            })
        // Polling: cancels inside the delivery of a value pulled on a request made after subscribing (the pull
        // loop), through a subscription the test holds (the subscriber is held by the subscription only).
        #expect(
            finishesWithoutDeadlock {
                let freed = Flag()
                let handed = EventLog()
                let subscription = SubscriptionHolder()
                NaturalsPublisher(counter: PullCounter()).subscribe(
                    CallingBackOnRelease<Never>(
                        freed: freed, cancelOn: 2, requestsAtOnce: false, onSubscription: { subscription.value = $0 },
                        sendDuringDelivery: { _ in handed.append("delivered") }))
                subscription.value?.request(.unlimited)
                return freed.isSet && handed.entries.count == 2
            })
    }

    /// Values whose `deinit` calls back into the subscription (a request, and a value sent through the source),
    /// freed by the engine in each place it lets go of a value: displaced by `latest`, overwritten in a full
    /// `buffer`, delivered from the ready queue, delivered from the no-demand buffer, discarded by cancel.
    @Test func valuesWhoseDeinitCallsBackAreReleasedOutsideTheLock() {
        // Displaced by `latest`.
        #expect(
            finishesWithoutDeadlock {
                let (source, subscriber) = Self.subscribed { $0.latestObjectsPublisher() }
                source.emit(Self.callingBack(1, source, subscriber))
                source.emit(TrackedValue(2))
                return true
            })
        // Overwritten in a full `buffer` that drops the oldest.
        #expect(
            finishesWithoutDeadlock {
                let (source, subscriber) = Self.subscribed { $0.bufferedObjectsPublisher() }
                source.emit(Self.callingBack(1, source, subscriber))
                source.emit(TrackedValue(2))
                source.emit(TrackedValue(3))
                return true
            })
        // Delivered from the ready queue: sent while another value is being delivered.
        #expect(
            finishesWithoutDeadlock {
                let source = TrackedSource()
                let subscriber = IndexSubscriber(initialDemand: .unlimited)
                subscriber.onValue = { value in
                    if value.index == 0 { source.emit(Self.callingBack(1, source, subscriber)) }
                }
                source.latestObjectsPublisher().subscribe(subscriber)
                source.emit(TrackedValue(0))
                return subscriber.indices.prefix(2) == [0, 1]
            })
        // Delivered from the no-demand buffer when demand arrives.
        #expect(
            finishesWithoutDeadlock {
                let (source, subscriber) = Self.subscribed { $0.bufferedObjectsPublisher() }
                source.emit(Self.callingBack(1, source, subscriber))
                subscriber.request(.max(1))
                return subscriber.indices.prefix(2) == [0, 1]
            })
        // Discarded by cancel, with a completion waiting for them.
        #expect(
            finishesWithoutDeadlock {
                let (source, subscriber) = Self.subscribed { $0.bufferedObjectsPublisher() }
                source.emit(Self.callingBack(1, source, subscriber))
                source.finish()
                subscriber.cancel()
                return subscriber.indices == [0]
            })
    }

    // MARK: Serialized from the first call

    /// A subscriber hands its subscription to another thread from inside `receive(subscription:)` and waits until
    /// that thread's `request` has returned. The source sends a value during its registration, which that request
    /// starts: the value must not reach the subscriber before `receive(subscription:)` returns.
    @Test func nothingIsDeliveredWhileReceiveSubscriptionRuns() {
        let source = TestSource()
        source.valuesSentDuringRegistration = [7]
        let subscriber = HandingSubscriber<TestFailure>()
        source.droppedEventsPublisher().subscribe(subscriber)
        #expect(subscriber.violations.isEmpty, "\(subscriber.violations)")
        #expect(subscriber.values == [7])
        #expect(source.registrationCount == 1)

        let pulling = HandingSubscriber<Never>()
        let counter = PullCounter()
        NaturalsPublisher(counter: counter).subscribe(pulling)
        #expect(pulling.violations.isEmpty, "\(pulling.violations)")
        #expect(pulling.values == [1])
        #expect(counter.pullCount == 1)
    }

    /// `cancel()` on another thread while the source's registration call runs returns only after that call has
    /// returned, and the registration is undone exactly once.
    @Test func cancelDuringRegistrationOnAnotherThreadWaitsForIt() {
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        let log = EventLog()
        let publisher = DroppedEventsPublisher(
            register: { _, _, _ in
                log.append("register entered")
                entered.signal()
                proceed.wait()
                log.append("register returned")
                return 1
            },
            unregister: { _ in log.append("unregistered") })
        let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .none)
        publisher.subscribe(subscriber)
        let requester = Thread { subscriber.request(.max(1)) }
        requester.start()
        entered.wait()
        let canceller = Thread {
            subscriber.cancel()
            log.append("cancel returned")
            cancelled.signal()
        }
        canceller.start()
        proceed.signal()
        cancelled.wait()
        #expect(log.entries == ["register entered", "register returned", "unregistered", "cancel returned"])
    }

    /// A source that finishes on another thread while its registration call runs: `finish` returns without
    /// waiting, the source is unregistered as soon as the registration call returns, before anything is
    /// delivered, and exactly once; the value kept for lack of demand, then the completion, wait for demand.
    @Test func finishOnAnotherThreadDuringRegistrationUnregistersAsSoonAsTheCallReturns() {
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let requested = DispatchSemaphore(value: 0)
        let log = EventLog()
        let finishing = Locked<(@Sendable () -> Void)?>(nil)
        let publisher = BufferedEventsPublisher(
            register: { send, finish, _ in
                log.append("register entered")
                send(1)  // paid for by the first demand
                send(2)  // kept for lack of demand
                finishing.set(finish)
                entered.signal()
                proceed.wait()
                log.append("register returned")
                return 1
            },
            unregister: { _ in log.append("unregistered") })
        let subscriber = TestSubscriber<Int, TestFailure>(
            initialDemand: .none, onValue: { _, value in log.append("value \(value)") })
        publisher.subscribe(subscriber)
        let requester = Thread {
            subscriber.request(.max(1))
            log.append("request returned")
            requested.signal()
        }
        requester.start()
        entered.wait()
        finishing.value?()
        log.append("finish returned")
        proceed.signal()
        requested.wait()
        #expect(
            log.entries == [
                "register entered", "finish returned", "register returned", "unregistered", "value 1",
                "request returned",
            ])
        #expect(subscriber.completions.isEmpty, "the completion waits for the kept value")
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription, .value(1), .value(2), .completion(.finished)])
        subscriber.cancel()
        #expect(log.entries.filter { $0 == "unregistered" }.count == 1)
    }

    /// A first request and a cancel race on two threads, many times: once `cancel()` has returned, `register` is
    /// never called (it was called before, and undone exactly once, or it is never called).
    @Test func registerIsNeverCalledAfterCancelReturned() {
        for round in 0..<stressCount(500) {
            let log = EventLog()
            let publisher = DroppedEventsPublisher(
                register: { _, _, _ in
                    log.append("register")
                    return 1
                },
                unregister: { _ in log.append("unregister") })
            let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .none)
            publisher.subscribe(subscriber)
            runTogether(
                { subscriber.request(.max(1)) },
                {
                    subscriber.cancel()
                    log.append("cancel returned")
                })
            let entries = log.entries
            let valid =
                entries == ["cancel returned"] || entries == ["register", "unregister", "cancel returned"]
            #expect(valid, "round \(round): \(entries)")
            if !valid { break }
        }
    }

    // MARK: Helpers

    /// Subscribed with demand for one value, which value 0 uses up: what comes next waits for demand.
    static func subscribed<P: Publisher<TrackedValue, Never>>(
        _ publisher: (TrackedSource) -> P
    ) -> (TrackedSource, IndexSubscriber) {
        let source = TrackedSource()
        let subscriber = IndexSubscriber(initialDemand: .max(1))
        publisher(source).subscribe(subscriber)
        // Registers on that demand, and uses it up.
        source.emit(TrackedValue(0))
        return (source, subscriber)
    }

    /// A value whose `deinit` asks for more and sends a value through the source: both take the subscription's lock.
    static func callingBack(_ index: Int, _ source: TrackedSource, _ subscriber: IndexSubscriber) -> TrackedValue {
        TrackedValue(index) { [weak subscriber] _ in
            subscriber?.request(.max(1))
            source.emit(TrackedValue(100 + index))
        }
    }
}

// MARK: - Doubles

/// How long a body may run before it counts as deadlocked.
private let deadlockTimeout: DispatchTimeInterval = .seconds(20)

/// Runs `body` on its own thread; `false` (and an issue) when it does not return within `deadlockTimeout`. A
/// deadlocked thread is left behind.
private func finishesWithoutDeadlock(
    _ body: @escaping @Sendable () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let result = EventLog()
    Thread {
        let passed = body()
        result.append(passed ? "passed" : "failed")
        done.signal()
    }.start()
    guard done.wait(timeout: .now() + deadlockTimeout) == .success else {
        Issue.record("deadlocked: the engine ran user code under its lock", sourceLocation: sourceLocation)
        return false
    }
    return result.entries == ["passed"]
}

/// Runs two bodies on two threads released together; returns when both have returned.
private func runTogether(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
    let ready = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    for body in [first, second] {
        Thread {
            ready.signal()
            go.wait()
            body()
            done.signal()
        }.start()
    }
    ready.wait()
    ready.wait()
    go.signal()
    go.signal()
    done.wait()
    done.wait()
}

/// A value set and read from any thread.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value { lock.withLock { stored } }
}

/// Strings appended from any thread, in order.
private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ entry: String) { lock.withLock { stored.append(entry) } }
    var entries: [String] { lock.withLock { stored } }
}

private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var set = false

    func raise() { lock.withLock { set = true } }
    var isSet: Bool { lock.withLock { set } }
}

/// A thread that sends `TrackedValue`s through a source when asked, and returns once each send has returned. It
/// keeps no reference to what it sent.
private final class Producer: @unchecked Sendable {
    private let requests = DispatchSemaphore(value: 0)
    private let sent = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var next: Int?

    init(source: TrackedSource, live: LiveCount) {
        Thread { [self] in
            while true {
                requests.wait()
                guard let index = lock.withLock({ next }) else { return }
                source.emit(TrackedValue(index, count: live))
                sent.signal()
            }
        }.start()
    }

    /// Sends value `index` from the producer thread; returns when that send has returned.
    func send(_ index: Int) {
        lock.withLock { next = index }
        requests.signal()
        sent.wait()
    }

    func stop() {
        lock.withLock { next = nil }
        requests.signal()
    }
}

/// Records the indices of the values it receives, and keeps no value.
final class IndexSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = TrackedValue
    typealias Failure = Never

    private let lock = NSLock()
    private let initialDemand: Subscribers.Demand
    private var subscription: (any Subscription)?
    private var received: [Int] = []
    var onValue: ((TrackedValue) -> Void)?

    init(initialDemand: Subscribers.Demand, onValue: ((TrackedValue) -> Void)? = nil) {
        self.initialDemand = initialDemand
        self.onValue = onValue
    }

    var indices: [Int] { lock.withLock { received } }

    func request(_ demand: Subscribers.Demand) { lock.withLock { subscription }?.request(demand) }
    func cancel() { lock.withLock { subscription }?.cancel() }

    func receive(subscription: any Subscription) {
        lock.withLock { self.subscription = subscription }
        if initialDemand != .none { subscription.request(initialDemand) }
    }

    func receive(_ input: TrackedValue) -> Subscribers.Demand {
        lock.withLock { received.append(input.index) }
        onValue?(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}

/// Cancels from inside `receive(cancelOn)`, after which only the delivering thread holds it; from its `deinit` it
/// calls back into the subscription (request, then cancel).
private final class CallingBackOnRelease<Failure: Error>: Subscriber {
    typealias Input = Int

    private let freed: Flag
    private let cancelOn: Int
    private let requestsAtOnce: Bool
    private let onSubscription: ((any Subscription) -> Void)?
    private let sendDuringDelivery: ((Int) -> Void)?
    private var subscription: (any Subscription)?

    /// - Parameters:
    ///   - requestsAtOnce: Whether `receive(subscription:)` requests `.unlimited`.
    ///   - onSubscription: Gets the subscription from `receive(subscription:)`.
    ///   - sendDuringDelivery: Runs inside each `receive(_:)`, before the cancel.
    init(
        freed: Flag, cancelOn: Int, requestsAtOnce: Bool = true, onSubscription: ((any Subscription) -> Void)? = nil,
        sendDuringDelivery: ((Int) -> Void)? = nil
    ) {
        self.freed = freed
        self.cancelOn = cancelOn
        self.requestsAtOnce = requestsAtOnce
        self.onSubscription = onSubscription
        self.sendDuringDelivery = sendDuringDelivery
    }

    deinit {
        subscription?.request(.max(1))
        subscription?.cancel()
        freed.raise()
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        onSubscription?(subscription)
        if requestsAtOnce { subscription.request(.unlimited) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        sendDuringDelivery?(input)
        if input == cancelOn { subscription?.cancel() }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// Holds a subscription for a test, from any thread.
private final class SubscriptionHolder: @unchecked Sendable {
    var value: (any Subscription)?
}

/// Hands its subscription to another thread from inside `receive(subscription:)`; that thread requests one value,
/// and `receive(subscription:)` returns only once the request has returned. Notes any call that arrives while
/// `receive(subscription:)` runs.
private final class HandingSubscriber<Failure: Error>: Subscriber, @unchecked Sendable {
    typealias Input = Int

    private let lock = NSLock()
    private var inReceiveSubscription = false
    private var received: [Int] = []
    private var noted: [String] = []

    var values: [Int] { lock.withLock { received } }
    var violations: [String] { lock.withLock { noted } }

    func receive(subscription: any Subscription) {
        lock.withLock { inReceiveSubscription = true }
        let requested = DispatchSemaphore(value: 0)
        let handed = SharedForTest(subscription)
        Thread {
            handed.value.request(.max(1))
            requested.signal()
        }.start()
        requested.wait()
        lock.withLock { inReceiveSubscription = false }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        lock.withLock {
            if inReceiveSubscription { noted.append("value \(input) while receive(subscription:) ran") }
            received.append(input)
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock {
            if inReceiveSubscription { noted.append("completion while receive(subscription:) ran") }
        }
    }
}
