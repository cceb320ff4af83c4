import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A subscriber that scripts demand and records everything it receives, safe to use from several
/// threads. It notes calls that overlap from different threads, which a publisher must never make.
final class TestSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    enum Event {
        case subscription
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    private let lock = NSRecursiveLock()
    private let initialDemand: Subscribers.Demand
    private let demandAfterValue: (Input) -> Subscribers.Demand
    private let onValue: ((TestSubscriber, Input) -> Void)?
    private var subscription: (any Subscription)?
    private var recorded: [Event] = []
    private var threadsInside: [pthread_t] = []
    private var overlaps = 0

    /// - Parameters:
    ///   - initialDemand: Requested from inside `receive(subscription:)`; `.none` requests nothing.
    ///   - demandAfterValue: Returned from each `receive(_:)`.
    ///   - onValue: Runs inside `receive(_:)` after the value is recorded, e.g. to cancel.
    init(
        initialDemand: Subscribers.Demand = .unlimited,
        demandAfterValue: @escaping (Input) -> Subscribers.Demand = { _ in .none },
        onValue: ((TestSubscriber, Input) -> Void)? = nil
    ) {
        self.initialDemand = initialDemand
        self.demandAfterValue = demandAfterValue
        self.onValue = onValue
    }

    var events: [Event] { lock.withLock { recorded } }

    var values: [Input] {
        events.compactMap {
            if case let .value(value) = $0 { return value }
            return nil
        }
    }

    var completions: [Subscribers.Completion<Failure>] {
        events.compactMap {
            if case let .completion(completion) = $0 { return completion }
            return nil
        }
    }

    var subscriptionCount: Int {
        events.filter {
            if case .subscription = $0 { return true }
            return false
        }.count
    }

    /// Calls that began while another thread was inside this subscriber.
    var overlappingCalls: Int { lock.withLock { overlaps } }

    var hasSubscription: Bool { lock.withLock { subscription != nil } }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { subscription }?.request(demand)
    }

    func cancel() {
        lock.withLock { subscription }?.cancel()
    }

    /// Lets go of the subscription without cancelling it.
    func releaseSubscription() {
        lock.withLock { subscription = nil }
    }

    func receive(subscription: any Subscription) {
        enter()
        defer { leave() }
        lock.withLock {
            self.subscription = subscription
            recorded.append(.subscription)
        }
        if initialDemand != .none { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        enter()
        defer { leave() }
        lock.withLock { recorded.append(.value(input)) }
        onValue?(self, input)
        return demandAfterValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        enter()
        defer { leave() }
        lock.withLock { recorded.append(.completion(completion)) }
    }

    private func enter() {
        let me = pthread_self()
        lock.withLock {
            if threadsInside.contains(where: { pthread_equal($0, me) == 0 }) { overlaps += 1 }
            threadsInside.append(me)
        }
    }

    private func leave() {
        let me = pthread_self()
        lock.withLock {
            if let index = threadsInside.lastIndex(where: { pthread_equal($0, me) != 0 }) {
                threadsInside.remove(at: index)
            }
        }
    }
}

extension TestSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}
