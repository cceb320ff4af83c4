import Foundation
import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// What a subscription keeps alive and for how long (DESIGN.md, obligations 5, 7, 8), proved with weak
/// references: after cancel, after completion, and after a subscriber lets go of a target/action subscription
/// without cancelling, the subscriber, the subscription and the owner are released and the source is
/// unregistered exactly once. Also: re-entrant requests keep the stack flat.
@Suite struct LifecycleTests {
    typealias Events = TestSubscriber<Int, TestFailure>

    // MARK: Callback kind

    /// After cancel, holding only the subscription: it keeps neither the subscriber nor the owner alive. Holding
    /// the owner and the subscriber instead: the source no longer holds the subscription, and letting go of it does
    /// not unregister a second time.
    @Test(arguments: ConcurrencyStressTests.Variant.allCases)
    func cancelReleasesSubscriberSubscriptionAndOwner(variant: ConcurrencyStressTests.Variant) {
        checkReleased(variant, expectCompletion: false) { subscriber, _ in subscriber.cancel() }
    }

    @Test(arguments: ConcurrencyStressTests.Variant.allCases)
    func completionReleasesSubscriberSubscriptionAndOwner(variant: ConcurrencyStressTests.Variant) {
        // Values kept for lack of demand are delivered before the completion: demand lets them through.
        checkReleased(variant, expectCompletion: true) { subscriber, source in
            source.finish()
            subscriber.request(.unlimited)
        }
        checkReleased(variant, expectCompletion: true) { subscriber, source in
            source.fail(TestFailure(code: 3))
            subscriber.request(.unlimited)
        }
    }

    /// Cancel from inside `receive(_:)`, then release.
    @Test(arguments: ConcurrencyStressTests.Variant.allCases)
    func cancelInsideReceiveReleasesEverything(variant: ConcurrencyStressTests.Variant) {
        checkReleased(variant, expectCompletion: false, cancelInside: true) { _, source in source.emit(2) }
    }

    /// A publisher built from plain closures: the registration closures capture the owner; the unregistration
    /// count lives outside it, so it can be read after everything else is gone.
    @Test func closurePublisherReleasesTheOwnerItsClosuresCaptureAfterCancel() {
        let unregistrations = Counter()
        weak var weakOwner: ClosureOwner?
        weak var weakSubscriber: Events?
        let probe = ObjectWatch()
        do {
            let owner = ClosureOwner()
            weakOwner = owner
            let publisher = BufferedEventsPublisher(
                register: { send, _, _ in owner.add(send) },
                unregister: { token in
                    owner.remove(token)
                    unregistrations.value += 1
                })
            let subscriber = Events(initialDemand: .max(1))
            weakSubscriber = subscriber
            publisher.subscribe(Probe(subscriber, probe))
            owner.send(1)
            owner.send(2)  // kept for lack of demand
            #expect(subscriber.values == [1])
            subscriber.cancel()
            #expect(owner.observerCount == 0)
            subscriber.releaseSubscription()
        }
        #expect(probe.object == nil, "subscription released")
        #expect(weakSubscriber == nil, "subscriber released")
        #expect(weakOwner == nil, "owner released")
        #expect(unregistrations.value == 1)
    }

    /// 10^4 subscribe/cancel cycles (times `STRESS_SCALE`) on one source: nothing left registered, no token removed twice, every
    /// subscription deallocated.
    @Test func tenThousandSubscribeCancelCyclesLeaveNothingBehind() {
        let cycles = stressCount(10_000)
        let source = TestSource()
        let publisher = source.bufferedEventsPublisher()
        var probes: [ObjectWatch] = []
        for cycle in 0..<cycles {
            let probe = ObjectWatch()
            let subscriber = Events(
                initialDemand: cycle % 4 == 0 ? .unlimited : .max(1),
                onValue: { subscriber, _ in
                    if cycle % 5 == 0 { subscriber.cancel() }
                })
            publisher.subscribe(Probe(subscriber, probe))
            if cycle % 2 == 0 { source.emit(cycle) }
            subscriber.cancel()
            if cycle % 3 == 0 { subscriber.cancel() }
            subscriber.request(.max(1))
            if cycle % 100 == 0 { probes.append(probe) }
        }
        #expect(source.activeObserverCount == 0)
        #expect(source.registrationCount == cycles)
        #expect(source.unregistrationCount == cycles)
        #expect(!source.hasDuplicateUnregistration)
        #expect(probes.allSatisfy { $0.object == nil }, "every subscription deallocated")
    }

    /// The same with subscriptions that end by completion, one at a time.
    @Test func tenThousandSubscribeCompleteCyclesLeaveNothingBehind() {
        let cycles = stressCount(10_000)
        let source = TestSource()
        let publisher = source.eagerEventsPublisher()
        for cycle in 0..<cycles {
            let subscriber = Events(initialDemand: .max(1))
            publisher.subscribe(subscriber)
            source.emit(cycle)
            source.emit(cycle)
            if cycle % 2 == 0 { source.finish() } else { source.fail(TestFailure(code: cycle)) }
            subscriber.cancel()
        }
        #expect(source.activeObserverCount == 0)
        #expect(source.registrationCount == cycles && source.unregistrationCount == cycles)
        #expect(!source.hasDuplicateUnregistration)
    }

    // MARK: Target/action kind

    /// The sender holds targets weakly: a subscriber that lets go of its subscription without cancelling releases
    /// it, which removes the target exactly once; the subscriber and the sender are released.
    @Test func releasingAnUncancelledTargetActionSubscriptionRemovesTheTargetOnce() {
        weak var weakButton: TestButton?
        weak var weakSubscriber: TestSubscriber<Int, Never>?
        let probe = ObjectWatch()
        do {
            let button = TestButton()
            weakButton = button
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
            weakSubscriber = subscriber
            button.levelsPublisher(for: .levelChanged).subscribe(Probe(subscriber, probe))
            button.level = 7
            button.sendActions(for: .levelChanged)
            #expect(subscriber.values == [7])
            #expect(button.addTargetCount == 1 && button.liveTargetCount == 1)
            subscriber.releaseSubscription()
            #expect(probe.object == nil, "subscription released")
            #expect(button.removeTargetCount == 1, "target removed when the subscription was released")
            #expect(button.liveTargetCount == 0)
            button.sendActions(for: .levelChanged)
            #expect(subscriber.values == [7])
            #expect(subscriber.completions.isEmpty)
        }
        #expect(weakSubscriber == nil)
        #expect(weakButton == nil)
    }

    /// Cancel removes the target; releasing the cancelled subscription afterwards removes nothing more.
    @Test func cancelRemovesTheTargetOnceAndReleasesEverything() {
        weak var weakButton: TestButton?
        weak var weakSubscriber: TestSubscriber<TestButton, Never>?
        let probe = ObjectWatch()
        var removals = 0
        do {
            let button = TestButton()
            weakButton = button
            let subscriber = TestSubscriber<TestButton, Never>(initialDemand: .max(1))
            weakSubscriber = subscriber
            button.tapsPublisher().subscribe(Probe(subscriber, probe))
            button.sendActions(for: .tap)
            button.sendActions(for: .tap)
            #expect(subscriber.values.count == 1)
            subscriber.cancel()
            #expect(button.removeTargetCount == 1)
            subscriber.cancel()
            subscriber.releaseSubscription()
            #expect(probe.object == nil)
            removals = button.removeTargetCount
        }
        #expect(removals == 1, "removed exactly once")
        #expect(weakSubscriber == nil)
        #expect(weakButton == nil)
    }

    @Test func tenThousandTargetActionCyclesLeaveNoTarget() {
        let cycles = stressCount(10_000)
        let button = TestButton()
        for cycle in 0..<cycles {
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
            button.levelsPublisher(for: .levelChanged).subscribe(subscriber)
            button.sendActions(for: .levelChanged)
            if cycle % 2 == 0 {
                subscriber.cancel()
            } else {
                subscriber.releaseSubscription()
            }
        }
        #expect(button.addTargetCount == cycles)
        #expect(button.removeTargetCount == cycles)
        #expect(button.liveTargetCount == 0)
    }

    // MARK: Polling kind

    /// Cancel releases the `next` closure and with it the owner it captured, while the subscription lives on.
    @Test func pollingCancelReleasesTheOwnerNextCaptured() {
        weak var weakCounter: TestCounter?
        let probe = ObjectWatch()
        let subscriber = Events(initialDemand: .max(2))
        do {
            let counter = TestCounter(start: 10)
            weakCounter = counter
            counter.countdownPublisher().subscribe(Probe(subscriber, probe))
        }
        #expect(subscriber.values == [10, 9])
        #expect(weakCounter != nil, "a live subscription keeps its source")
        subscriber.cancel()
        #expect(probe.object != nil, "the subscriber still holds the subscription")
        #expect(weakCounter == nil, "cancel released the owner")
        subscriber.releaseSubscription()
        #expect(probe.object == nil)
    }

    /// Completion (`nil` from `next`) releases the owner and the subscriber.
    @Test func pollingCompletionReleasesTheOwnerAndTheSubscriber() {
        weak var weakCounter: TestCounter?
        weak var weakSubscriber: Events?
        let probe = ObjectWatch()
        var subscription: AnyObject?
        do {
            let counter = TestCounter(start: 3)
            weakCounter = counter
            let subscriber = Events(initialDemand: .max(2))
            weakSubscriber = subscriber
            counter.countdownPublisher().subscribe(Probe(subscriber, probe))
            // Held from before the end: the generated subscriber lets go of it at completion.
            subscription = probe.object
            subscriber.request(.max(2))
            #expect(subscriber.events == [.subscription, .value(3), .value(2), .value(1), .completion(.finished)])
            subscriber.releaseSubscription()
        }
        #expect(subscription != nil)
        #expect(weakCounter == nil)
        #expect(weakSubscriber == nil)
        subscription = nil
        #expect(probe.object == nil)
    }

    // MARK: Re-entrancy

    /// A polling publisher asked `.max(1)` from inside every `receive(_:)` pulls a million values on a flat stack.
    @Test func pollingReentrantRequestsPullAMillionValuesOnAFlatStack() {
        let counter = PullCounter()
        let subscriber = ReentrantSubscriber<Never>(limit: 1_000_000)
        NaturalsPublisher(counter: counter).subscribe(subscriber)
        #expect(subscriber.count == 1_000_000)
        #expect(subscriber.inOrder)
        #expect(counter.pullCount == 1_000_000)
        #expect(subscriber.stackDepth < 64 * 1024, "stack grew by \(subscriber.stackDepth) bytes")
        subscriber.subscription?.cancel()
    }

    /// A push subscriber requests `.max(1)` from inside every `receive(_:)`, and the source sends the next value
    /// synchronously from there too: 100,000 values, delivered in order, on a flat stack.
    @Test func pushReentrantRequestsAndSendsKeepTheStackFlat() {
        let source = TestSource()
        let subscriber = ReentrantSubscriber<TestFailure>(limit: 100_000)
        subscriber.afterRequest = { value in source.emit(value + 1) }
        source.droppedEventsPublisher().subscribe(subscriber)
        source.emit(1)
        #expect(subscriber.count == 100_000)
        #expect(subscriber.inOrder)
        #expect(subscriber.stackDepth < 64 * 1024, "stack grew by \(subscriber.stackDepth) bytes")
        subscriber.subscription?.cancel()
        #expect(source.unregistrationCount == 1)
    }

    /// The same subscriber while the source sends 100,000 values from a loop.
    @Test func pushReentrantRequestsWhileTheSourceSendsInALoop() {
        let source = TestSource()
        let subscriber = ReentrantSubscriber<TestFailure>(limit: 100_000)
        source.bufferedEventsPublisher().subscribe(subscriber)
        for value in 1...100_000 { source.emit(value) }
        #expect(subscriber.count == 100_000)
        #expect(subscriber.inOrder)
        #expect(subscriber.stackDepth < 64 * 1024, "stack grew by \(subscriber.stackDepth) bytes")
        subscriber.subscription?.cancel()
    }
}

// MARK: - Helpers

/// After `end` (cancel or completion), in two set-ups: holding only the subscription (it must hold neither the
/// subscriber nor the owner), and holding the owner and the subscriber (the source must no longer hold the
/// subscription, and releasing it unregisters nothing more).
private func checkReleased(
    _ variant: ConcurrencyStressTests.Variant, expectCompletion: Bool, cancelInside: Bool = false,
    end: (LifecycleTests.Events, TestSource) -> Void
) {
    typealias Events = LifecycleTests.Events
    func make(_ source: TestSource, _ probe: ObjectWatch) -> Events {
        let subscriber = Events(
            initialDemand: .max(1), demandAfterValue: { _ in cancelInside ? .max(1) : .none },
            onValue: { subscriber, value in
                if cancelInside, value == 2 { subscriber.cancel() }
            })
        variant.publisher(on: source).subscribe(Probe(subscriber, probe))
        source.emit(1)
        source.emit(2)
        source.emit(3)
        return subscriber
    }

    // Holding the subscription only.
    weak var weakSource: TestSource?
    weak var weakSubscriber: Events?
    let probe = ObjectWatch()
    var subscription: AnyObject?
    do {
        let source = TestSource()
        weakSource = source
        let subscriber = make(source, probe)
        weakSubscriber = subscriber
        // Held from before the end: the generated subscriber lets go of it at completion.
        subscription = probe.object
        end(subscriber, source)
        #expect(subscriber.completions.count == (expectCompletion ? 1 : 0), "\(variant)")
        #expect(source.registrationCount == 1 && source.unregistrationCount == 1, "\(variant)")
        #expect(source.activeObserverCount == 0)
        subscriber.releaseSubscription()
    }
    #expect(subscription != nil)
    #expect(weakSubscriber == nil, "\(variant): the ended subscription keeps its subscriber")
    #expect(weakSource == nil, "\(variant): the ended subscription keeps the owner")
    subscription = nil
    #expect(probe.object == nil)

    // Holding the owner and the subscriber.
    let source = TestSource()
    let otherProbe = ObjectWatch()
    let subscriber = make(source, otherProbe)
    end(subscriber, source)
    subscriber.releaseSubscription()
    #expect(otherProbe.object == nil, "\(variant): something still holds the ended subscription")
    #expect(source.unregistrationCount == 1 && !source.hasDuplicateUnregistration, "\(variant)")
    #expect(source.activeObserverCount == 0)
}

extension ConcurrencyStressTests.Variant {
    fileprivate func publisher(on source: TestSource) -> AnyPublisher<Int, TestFailure> {
        switch self {
        case .dropped: source.droppedEventsPublisher().eraseToAnyPublisher()
        case .latest: source.latestEventsPublisher().eraseToAnyPublisher()
        case .bufferedDropOldest: source.bufferedEventsPublisher().eraseToAnyPublisher()
        case .bufferedDropNewest: source.firstEventsPublisher().eraseToAnyPublisher()
        case .eager: source.eagerEventsPublisher().eraseToAnyPublisher()
        }
    }
}

private final class Counter {
    var value = 0
}

/// A weak reference to whatever object a test wants to watch.
private final class ObjectWatch {
    weak var object: AnyObject?
}

/// Forwards everything to a `TestSubscriber` and notes the subscription weakly.
private final class Probe<Input, Failure: Error>: Subscriber {
    private let inner: TestSubscriber<Input, Failure>
    private let reference: ObjectWatch

    init(_ inner: TestSubscriber<Input, Failure>, _ reference: ObjectWatch) {
        self.inner = inner
        self.reference = reference
    }

    func receive(subscription: any Subscription) {
        reference.object = subscription as AnyObject
        inner.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand { inner.receive(input) }

    func receive(completion: Subscribers.Completion<Failure>) { inner.receive(completion: completion) }
}

/// An owner whose registration API the closures of a closure-built publisher call.
private final class ClosureOwner {
    private var observers: [Int: @Sendable (Int) -> Void] = [:]
    private var nextToken = 0

    var observerCount: Int { observers.count }

    func add(_ send: @escaping @Sendable (Int) -> Void) -> Int {
        nextToken += 1
        observers[nextToken] = send
        return nextToken
    }

    func remove(_ token: Int) { observers[token] = nil }

    func send(_ value: Int) { for send in observers.values { send(value) } }
}

/// Requests `.max(1)` from inside every `receive(_:)` until it has `limit` values, then runs `afterRequest`; notes
/// how far the stack moved between deliveries.
private final class ReentrantSubscriber<Failure: Error>: Subscriber {
    typealias Input = Int

    private let limit: Int
    var afterRequest: (Int) -> Void = { _ in }
    private(set) var subscription: (any Subscription)?
    private(set) var count = 0
    private(set) var inOrder = true
    private var last = 0
    private var lowest = UInt.max
    private var highest: UInt = 0

    init(limit: Int) { self.limit = limit }

    /// Bytes between the deepest and the shallowest delivery.
    var stackDepth: UInt { highest >= lowest ? highest - lowest : 0 }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        count += 1
        let address = stackAddress()
        lowest = min(lowest, address)
        highest = max(highest, address)
        if input != last + 1 { inOrder = false }
        last = input
        if count < limit {
            subscription?.request(.max(1))
            afterRequest(input)
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// The address of a local variable of this call: where the stack is.
@inline(never)
private func stackAddress() -> UInt {
    var marker = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}
