#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Subscribers

/// The subscriber of a subscription, behind one reference: one method call per value, and a
/// single reference to retain when delivery needs it outside the lock.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated class SubscriberBox<Output, Failure: Error>: @unchecked Sendable {
    func receive(subscription: any Subscription) {}
    func receive(_ value: Output) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}

    /// Boxes `subscriber`.
    static func wrapping<S: Subscriber>(_ subscriber: S) -> SubscriberBox
    where S.Input == Output, S.Failure == Failure {
        ConcreteSubscriberBox(subscriber)
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
private nonisolated final class ConcreteSubscriberBox<S: Subscriber>: SubscriberBox<S.Input, S.Failure>,
    @unchecked Sendable
{
    private let subscriber: S

    init(_ subscriber: S) {
        self.subscriber = subscriber
    }

    override func receive(subscription: any Subscription) { subscriber.receive(subscription: subscription) }
    override func receive(_ value: S.Input) -> Subscribers.Demand { subscriber.receive(value) }
    override func receive(completion: Subscribers.Completion<S.Failure>) { subscriber.receive(completion: completion) }
}
