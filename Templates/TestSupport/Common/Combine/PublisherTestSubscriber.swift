//
// Test support for the Combine form: a subscriber that scripts demand and records every event, and
// a virtual-time scheduler. It builds on GeneratedPublisherTestSupport.swift (the drivers) and
// imports no test framework. Emitted once per test module whose schemas emit the Combine form.

import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Test subscriber

/// A subscriber that scripts demand and records everything it receives, safe to use from several
/// threads. It never sends `.none` upstream, and it counts calls that overlap from different
/// threads, which a publisher must never make.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class PublisherTestSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    /// One thing the subscriber received, with the virtual time it arrived at when a clock is set.
    nonisolated enum Event {
        case subscription
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    private let lock = NSRecursiveLock()
    private let initialDemand: Subscribers.Demand
    private let demandAfterValue: (Input) -> Subscribers.Demand
    private let onValue: ((PublisherTestSubscriber, Input) -> Void)?
    private let clock: (() -> Double)?
    private var subscription: (any Subscription)?
    private var recorded: [(event: Event, time: Double?)] = []
    private var threadsInside: [Thread] = []
    private var overlaps = 0

    /// - Parameters:
    ///   - initialDemand: Requested as soon as the subscription arrives; `.none` requests nothing.
    ///   - demandAfterValue: Returned from each `receive(_:)`.
    ///   - clock: The time to record with each event, e.g. a virtual-time scheduler's `now`.
    ///   - onValue: Runs inside `receive(_:)` after the value is recorded, e.g. to cancel.
    init(
        initialDemand: Subscribers.Demand = .unlimited,
        demandAfterValue: @escaping (Input) -> Subscribers.Demand = { _ in .none },
        clock: (() -> Double)? = nil,
        onValue: ((PublisherTestSubscriber, Input) -> Void)? = nil
    ) {
        self.initialDemand = initialDemand
        self.demandAfterValue = demandAfterValue
        self.clock = clock
        self.onValue = onValue
    }

    /// Everything received, in order.
    var events: [Event] { lock.withLock { recorded.map(\.event) } }

    /// The virtual time of each value, when a clock is set.
    var valueTimes: [Double] {
        lock.withLock {
            recorded.compactMap { entry in
                if case .value = entry.event { return entry.time }
                return nil
            }
        }
    }

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

    var isFinished: Bool {
        completions.contains {
            if case .finished = $0 { return true }
            return false
        }
    }

    var failure: Failure? {
        for case let .failure(error) in completions { return error }
        return nil
    }

    var subscriptionCount: Int {
        events.filter {
            if case .subscription = $0 { return true }
            return false
        }.count
    }

    /// Calls that began while another thread was inside this subscriber.
    var overlappingCalls: Int { lock.withLock { overlaps } }

    /// Asks for more values; `.none` is not sent upstream.
    func request(_ demand: Subscribers.Demand) {
        guard demand != .none else { return }
        lock.withLock { subscription }?.request(demand)
    }

    func cancel() {
        lock.withLock { subscription }?.cancel()
    }

    /// The subscription received; `nil` before it arrives, after the completion and after
    /// `releaseSubscription()`. For calls the subscriber does not make itself, such as `request(.none)`.
    var currentSubscription: (any Subscription)? { lock.withLock { subscription } }

    /// Lets go of the subscription without cancelling it.
    func releaseSubscription() {
        lock.withLock { subscription = nil }
    }

    func receive(subscription: any Subscription) {
        enter()
        defer { leave() }
        lock.withLock {
            self.subscription = subscription
            record(.subscription)
        }
        request(initialDemand)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        enter()
        defer { leave() }
        lock.withLock { record(.value(input)) }
        onValue?(self, input)
        return demandAfterValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        enter()
        defer { leave() }
        lock.withLock {
            record(.completion(completion))
            subscription = nil
        }
    }

    // MARK: Private

    private func record(_ event: Event) {
        recorded.append((event, clock?()))
    }

    private func enter() {
        let me = Thread.current
        lock.withLock {
            if threadsInside.contains(where: { $0 !== me }) { overlaps += 1 }
            threadsInside.append(me)
        }
    }

    private func leave() {
        let me = Thread.current
        lock.withLock {
            if let index = threadsInside.lastIndex(where: { $0 === me }) { threadsInside.remove(at: index) }
        }
    }
}
