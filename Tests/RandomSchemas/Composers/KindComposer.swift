import PublisherGeneratorCore

/// The random-schema side of one kind: its owners, its output and its own keys, with expressions
/// that compile against ``SchemaWorld``. One conformer per registered kind, listed in
/// ``KindComposers``; `RandomSchemasTests` fails when a kind has none.
protocol KindComposer: Sendable {
    static var kind: PublisherKind { get }
    /// Whether every declaration of the kind has an owner (`on:`).
    static var requiresOwner: Bool { get }
    /// Whether the kind can be declared on `owner`.
    static func accepts(_ owner: OwnerType) -> Bool
    /// The output and the kind's own keys, and why they break the language when they do.
    static func compose(owner: OwnerType?, uses: [String], in composer: inout DeclarationComposer) -> KindPart
    /// Why a parameter of this type breaks the language for this kind, if it does.
    static func invalidParameterType(_ type: String) -> String?
    /// Whether the kind's factories take declared parameters at all.
    static var takesParameters: Bool { get }
    /// Why `test:` breaks the language for a declaration of these keys, if it does.
    static func invalidTestDrive(_ entries: [(key: String, value: YAMLValue)]) -> String?
    /// Whether declarations of the kind on one owner share generated text (a delegate's proxy), so
    /// the language wants them in one schema file.
    static var sharesOwnerAcrossDeclarations: Bool { get }
}

/// What a kind adds to a random declaration.
struct KindPart {
    var output: Catalog.Output
    /// `output` and the kind's own keys.
    var entries: [(key: String, value: YAMLValue)]
    var invalidBecause: String?
}

/// The composer of each kind, found by the kind.
public enum KindComposers {
    static let all: [any KindComposer.Type] = [
        CallbackComposer.self, PollingComposer.self, TargetActionComposer.self, PeriodicComposer.self,
        DelegateComposer.self, ObservationComposer.self,
    ]

    /// The kinds that have a composer; the tests compare them with the registered kinds.
    public static var kinds: [PublisherKind] { all.map { $0.kind } }

    static func composer(for kind: PublisherKind) -> any KindComposer.Type {
        guard let composer = all.first(where: { $0.kind == kind }) else {
            preconditionFailure("kind '\(kind)' has no random-schema composer in Tests/RandomSchemas/Composers")
        }
        return composer
    }
}

extension KindComposer {
    static var requiresOwner: Bool { false }
    static func accepts(_ owner: OwnerType) -> Bool { true }
    static func invalidParameterType(_ type: String) -> String? { nil }
    static var takesParameters: Bool { true }
    static func invalidTestDrive(_ entries: [(key: String, value: YAMLValue)]) -> String? { nil }
    static var sharesOwnerAcrossDeclarations: Bool { false }
}
