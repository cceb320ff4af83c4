#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Push subscriptions

/// The events a push source sends: safe from any thread, any number of times; everything after
/// the first completion is ignored. Holds its subscription strongly, so sending loads no weak
/// reference; for sources that hold their observers weakly, ``SourceHold/weak`` makes the
/// subscriber's release end the subscription instead.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PublisherEvents<Output, Failure: Error>: @unchecked Sendable {
    private let subscription: PushSubscription<Output, Failure>

    init(_ subscription: PushSubscription<Output, Failure>) {
        self.subscription = subscription
    }

    func send(_ value: Output) { subscription.receive(value) }
    func finish() { subscription.receive(completion: .finished) }
    func fail(_ error: Failure) { subscription.receive(completion: .failure(error)) }
}

/// Starts a push source with the events it sends through, and returns how to stop it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
typealias SourceAttachment<Output, Failure: Error> = (PublisherEvents<Output, Failure>) -> (() -> Void)

/// How the source holds what it calls back.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum SourceHold: Equatable {
    /// Strongly: the source keeps the subscription alive until it is detached, when the source
    /// ends or on cancel (registration APIs and schedulers, which own their callbacks).
    case strong
    /// Weakly (target/action senders, which hold targets weakly): the subscription lives only as
    /// long as its subscriber keeps it, and detaches the source when it is released. The
    /// subscriber gets a ``ReleaseCancellingSubscription`` whose release cancels.
    case weak
}

/// The subscription a subscriber gets when the source holds its observers weakly: it forwards to
/// the ``PushSubscription``, and cancels it when the subscriber lets go of it without cancelling,
/// which detaches the source (removes the target). The engine itself is held strongly by what the
/// source calls, until it detaches, so no event pays for a weak reference.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class ReleaseCancellingSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    private let subscription: PushSubscription<Output, Failure>

    init(_ subscription: PushSubscription<Output, Failure>) {
        self.subscription = subscription
    }

    deinit { subscription.cancel() }

    var description: String { subscription.description }

    func request(_ demand: Subscribers.Demand) { subscription.request(demand) }

    func cancel() { subscription.cancel() }
}
