import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The subscriber every benchmark delivers to: it counts, sums and returns a fixed demand.
public final class CountingSubscriber: Subscriber {
    public typealias Input = Int
    public typealias Failure = Never

    public private(set) var count = 0
    public private(set) var sum = 0
    /// Kept, as subscribers do: a target/action subscription lives only while someone holds it.
    private var subscription: (any Subscription)?
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: Subscribers.Demand

    /// `unlimited`: asks for everything once. Otherwise asks for one value, then one more from
    /// every `receive`.
    public init(unlimited: Bool) {
        initialDemand = unlimited ? .unlimited : .max(1)
        demandPerValue = unlimited ? .none : .max(1)
    }

    /// Asks for `initialDemand` on subscription, then for `demandPerValue` from every `receive`.
    /// `(.max(1), .none)` is a slow subscriber: after its first value it has no demand, so every
    /// later value is kept (or dropped) by the publisher's `whenNoDemand` policy.
    public init(initialDemand: Subscribers.Demand, demandPerValue: Subscribers.Demand) {
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
    }

    public func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(initialDemand)
    }

    public func receive(_ input: Int) -> Subscribers.Demand {
        count &+= 1
        sum &+= input
        return demandPerValue
    }

    public func receive(completion: Subscribers.Completion<Never>) {}

    /// Asks the subscription for `demand` more, e.g. to collect what was kept without demand.
    public func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }
}

/// A scheduler that keeps a repeating action so a benchmark can fire ticks synchronously.
public final class ManualScheduler: Scheduler, @unchecked Sendable {
    public typealias SchedulerTimeType = ImmediateScheduler.SchedulerTimeType
    public typealias SchedulerOptions = Never

    private var action: (() -> Void)?

    public init() {}

    public var now: SchedulerTimeType { ImmediateScheduler.shared.now }
    public var minimumTolerance: SchedulerTimeType.Stride { ImmediateScheduler.shared.minimumTolerance }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) { action() }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        self.action = action
        return AnyCancellable { [weak self] in self?.action = nil }
    }

    /// Runs the repeating action once, as a tick would.
    public func fire() { action?() }
}

/// A publisher written the way tutorials write one: a lock around every demand update, no
/// serialization of deliveries, no buffering. The hand-written baseline.
public final class TutorialPublisher: Publisher {
    public typealias Output = Int
    public typealias Failure = Never

    private var subscriptions: [TutorialSubscription] = []

    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let subscription = TutorialSubscription(subscriber: AnySubscriber(subscriber))
        subscriptions.append(subscription)
        subscriber.receive(subscription: subscription)
    }

    public func send(_ value: Int) {
        for subscription in subscriptions { subscription.send(value) }
    }
}

final class TutorialSubscription: Subscription {
    private let lock = NSLock()
    private var demand: Subscribers.Demand = .none
    private var subscriber: AnySubscriber<Int, Never>?

    init(subscriber: AnySubscriber<Int, Never>) {
        self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        self.demand += demand
        lock.unlock()
    }

    func cancel() {
        lock.lock()
        subscriber = nil
        lock.unlock()
    }

    func send(_ value: Int) {
        lock.lock()
        guard demand > 0, let subscriber else {
            lock.unlock()
            return
        }
        demand -= 1
        lock.unlock()
        let more = subscriber.receive(value)
        lock.lock()
        demand += more
        lock.unlock()
    }
}

/// Keeps a closure out of the optimizer's sight, so the bare-closure baseline really calls it.
public final class ClosureBox {
    public var call: (Int) -> Void

    public init(_ call: @escaping (Int) -> Void) {
        self.call = call
    }
}
