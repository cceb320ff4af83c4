#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Push publishers

/// The tag of a push declaration whose publisher is a ``PushPublisher``: how the publisher treats
/// values without demand and when it attaches.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public nonisolated protocol PushPublisherSource: DeclaredSource {
    /// The publisher's no-demand policy and start.
    static var publisherBehavior: PushBehavior { get }
}

/// The publisher of a push declaration (its `<Name>Publisher` is a typealias of this type, with
/// the declaration's tag as `Source`): it only holds how to attach to the source, and each
/// subscription hands that to a `PushSubscription`, its own registration, with the tag's
/// ``PushPublisherSource/publisherBehavior``.
///
/// How a subscription starts is a closure made in the initializer, which the declaration's
/// factory calls with the schema's types in the module: there the optimizer knows the output, so
/// the subscription's code is specialized, though Combine calls `receive(subscriber:)`
/// generically. The closure captures nothing, so it costs no allocation.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public nonisolated struct PushPublisher<Output, Failure: Error, Source: PushPublisherSource>: Publisher {
    /// Sends a value downstream; callable from any thread.
    public typealias Send = @Sendable (Output) -> Void
    /// Finishes the stream; callable from any thread.
    public typealias Finish = @Sendable () -> Void
    /// Fails the stream; callable from any thread.
    public typealias Fail = @Sendable (Failure) -> Void
    /// Starts observing, reporting through `send`, `finish` and `fail`, and returns what stops observing.
    public typealias Attach = (@escaping Send, @escaping Finish, @escaping Fail) -> () -> Void

    private let attach: SourceAttachment<Output, Failure>
    private let hold: SourceHold
    private let begin: (SubscriberBox<Output, Failure>, SourceHold, @escaping SourceAttachment<Output, Failure>) -> Void

    /// Creates the publisher from plain closures that start and stop its source, e.g. to drive it
    /// by hand in tests.
    ///
    /// - Parameters:
    ///   - register: Starts observing and reports through `send`, `finish` and `fail`; returns a
    ///     token that identifies the registration.
    ///   - unregister: Stops observing; called exactly once with the token.
    public init<Token>(
        register: @escaping (_ send: @escaping Send, _ finish: @escaping Finish, _ fail: @escaping Fail) -> Token,
        unregister: @escaping (_ token: Token) -> Void = { _ in }
    ) {
        self.init(attaching: { events in
            let token = register({ events.send($0) }, { events.finish() }, { events.fail($0) })
            return { unregister(token) }
        })
    }

    /// Creates the publisher from the engine's attachment, made by the declaration's factory where
    /// the output is known. An `Attach` handed to this generic type is converted to its generic
    /// form, which costs every value sent through it a conversion (and every attachment three
    /// allocations); the events' closures made in the factory cost nothing of the kind.
    init(hold: SourceHold = .strong, attaching attach: @escaping SourceAttachment<Output, Failure>) {
        self.hold = hold
        self.attach = attach
        begin = { downstream, hold, attach in
            let behavior = Source.publisherBehavior
            PushSubscription(
                name: Source.name, downstream: downstream, whenNoDemand: behavior.whenNoDemand, start: behavior.start,
                hold: hold, attach: attach
            ).begin()
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        begin(.wrapping(subscriber), hold, attach)
    }
}
