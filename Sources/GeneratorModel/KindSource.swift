/// The kind-specific part of a declaration: each kind's model (``CallbackSource``, …) conforms,
/// through ``PushSource`` or ``PullSource``. The model's type is the declaration's kind: it says its
/// kind once (``kind``), and every stage finds the kind's unit by that type through the kinds it
/// is handed.
public protocol KindSource: Sendable {
    /// The kind whose model this is; its spelling in schemas is the kind's only statement of it.
    static var kind: PublisherKind { get }

    /// Whether the kind's values are pushed or pulled, as the language needs it before any source
    /// is decoded. ``PushSource`` and ``PullSource`` say it; a kind conforms to one of them.
    static var delivery: KindDelivery { get }

    /// How the source's values reach a subscriber, derived from the same conformance as
    /// ``delivery``, so the two cannot disagree.
    var delivery: SourceDelivery { get }

    /// The generic parameter that stands for the receiver's own type when the declaration sends its
    /// owner (`output: Self`): `Sender` for a target/action source that sends its sender, so a
    /// subclass's factory sends the subclass. `nil` for sources that make their values themselves,
    /// whose `Self` is the declared owner type (``PublisherDeclaration/receiverParameter``).
    var receiverParameter: String? { get }
    /// The Swift types the source's own keys write that the generated types print (a target/action
    /// event's type), beside the declaration's: names the generated code introduces around them
    /// are chosen not to capture them (``GeneratedNames/unclaimed(_:in:)``).
    var writtenTypes: [String] { get }
}

extension KindSource {
    public var receiverParameter: String? { nil }
    public var writtenTypes: [String] { [] }
}

/// The model of a kind whose source pushes its values, under the declaration's policies.
public protocol PushSource: KindSource {
    /// What the source does before and without demand.
    var behavior: PushBehavior { get }
}

extension PushSource {
    public static var delivery: KindDelivery { .push }
    public var delivery: SourceDelivery { .push(behavior) }
}

/// The model of a kind whose values are pulled, one per demanded value.
public protocol PullSource: KindSource {}

extension PullSource {
    public static var delivery: KindDelivery { .pull }
    public var delivery: SourceDelivery { .pull }
}

/// How a declared source's values reach a subscriber: pushed by the source, under the
/// declaration's policies, or pulled one per demanded value.
public enum SourceDelivery: Sendable, Hashable {
    case push(PushBehavior)
    case pull
}
