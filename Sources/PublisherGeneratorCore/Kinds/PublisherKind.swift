/// A kind of event source, as schemas spell it (`kind: callback`).
///
/// Each kind is one unit under `Kinds/` (a type conforming to ``SourceKind``) and is listed once,
/// in ``KindRegistry``. What a kind is and does — push or pull, its keys, its decoding, its text —
/// is asked of its unit, never decided by comparing against one kind.
public struct PublisherKind: RawRepresentable, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// A kind's identity; only a kind unit makes one, for its own spelling.
    init(spelling: String) {
        rawValue = spelling
    }

    /// The registered kind spelled `rawValue`, if there is one.
    public init?(rawValue: String) {
        guard let kind = KindRegistry.kinds.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    /// Every registered kind, in the registry's order.
    public static var allCases: [PublisherKind] { KindRegistry.kinds }

    public var description: String { rawValue }

    /// Push kinds deliver whenever the source fires, so they need a no-demand policy and a start
    /// policy; pull kinds are asked for values only while there is demand.
    public var isPush: Bool { unit.delivery == .push }

    /// Names the generated code of this kind declares where the schema's expressions and factory
    /// parameters live, which a parameter may therefore not take.
    public var namesInScope: [String] { unit.namesInScope }

    /// The unit that owns this kind.
    var unit: any SourceKind.Type { KindRegistry.unit(of: self) }

    static var listForMessages: String { KindRegistry.listForMessages }
}
