import GeneratorModel

/// The vocabulary for describing the schema language: scopes of keys, what each key takes, and
/// the texts shown to people. ``SchemaLanguage`` (in `SchemaLanguageV1.swift`) is the one
/// description written with it; ``SchemaVocabulary`` (the decoder's key sets), the JSON Schema
/// (``JSONSchemaRenderer``) and the schema reference's key tables (``ReferenceKeyTables``) are
/// derived from it.

/// Whether a key must be present.
public enum Requirement: Sendable, Hashable {
    case required
    case optional
}

/// Which declarations take a key, and whether they must.
public enum Presence: Sendable {
    /// Every mapping of the scope (every declaration, whatever its kind) must have the key.
    case required
    /// Every mapping of the scope may have the key.
    case optional
    /// Declarations only: per kind; a kind that is not listed does not take the key.
    case byKind([PublisherKind: Requirement])

    /// Declarations only: taken by the kinds whose units list the key (``KindLanguage/keys``);
    /// the language made from the kinds (``SchemaLanguage/init(kinds:)``) fills in which.
    public static let perKind = Presence.byKind([:])

    /// Required for the kinds in `required`, optional for those in `optional`, not taken by others.
    public static func kinds(required: [PublisherKind] = [], optional: [PublisherKind] = []) -> Presence {
        var table: [PublisherKind: Requirement] = [:]
        for kind in required { table[kind] = .required }
        for kind in optional { table[kind] = .optional }
        return .byKind(table)
    }

    /// Whether a mapping (a declaration of `kind`, when the scope has kinds) takes the key.
    ///
    /// Not inlined: inlined into a loop over keys, Swift 6.3.1's optimizer crashes in release
    /// builds ("Found ownership error?!" in CopyPropagation, on the switch over a borrowed
    /// `Presence`). Called a few hundred times per process, so it costs nothing measurable.
    @inline(never)
    public func requirement(for kind: PublisherKind?) -> Requirement? {
        switch self {
        case .required: .required
        case .optional: .optional
        case let .byKind(table): kind.flatMap { table[$0] }
        }
    }
}

/// One word a choice accepts.
public struct LanguageWord: Sendable {
    public var spelling: String
    /// What choosing it means, for hover texts and the README; `nil` when the key says it all.
    public var meaning: String?

    public init(_ spelling: String, meaning: String? = nil) {
        self.spelling = spelling
        self.meaning = meaning
    }

    /// One word per case of `Choice`, in declaration order, with the meaning `meaning` gives it.
    public static func cases<Choice: CaseIterable & RawRepresentable>(
        of _: Choice.Type, meaning: (Choice) -> String? = { _ in nil }
    ) -> [LanguageWord] where Choice.RawValue == String {
        Choice.allCases.map { LanguageWord($0.rawValue, meaning: meaning($0)) }
    }
}

/// A value kind shared by many keys, with a definition of its own in the JSON Schema.
public enum SharedShape: String, Sendable, CaseIterable {
    /// A Swift identifier that needs no backticks.
    case swiftIdentifier
    /// An argument label: an identifier or a keyword other than `inout`, `var`, `let` and `_`.
    case argumentLabel
    /// A dotted module name.
    case moduleName
    /// A property, or a path of properties joined by dots.
    case propertyPath
    /// A Swift type written on one line.
    case swiftType
    /// Swift code or an expression, not empty.
    case swiftCode
    /// Text, not empty.
    case text
}

/// What a key's value looks like.
public indirect enum ValueShape: Sendable {
    /// One of the shared shapes.
    case shared(SharedShape)
    /// A value of the shared shape that may not be one of `excluded` (names the generated code uses).
    case restricted(SharedShape, excluding: [String])
    /// An integer: one of `oneOf` when given, at least `minimum` when given.
    case integer(minimum: Int?, oneOf: [Int]?)
    /// A number greater than `greaterThan`.
    case number(greaterThan: Double)
    /// One of these words.
    case choice([LanguageWord])
    /// Exactly this word.
    case word(String)
    /// A list of values; with `orEmpty`, a key with no value means an empty list.
    case list(of: ValueShape, orEmpty: Bool)
    /// A mapping with keys of its own.
    case mapping(LanguageScope)
    /// A publisher declaration, whose keys depend on its kind (``SchemaLanguage/declaration``).
    case declaration
    /// Any one of these (they must not overlap).
    case either([ValueShape])

    public static let text = ValueShape.shared(.text)
    public static let swiftCode = ValueShape.shared(.swiftCode)
    public static let swiftType = ValueShape.shared(.swiftType)
    public static let moduleName = ValueShape.shared(.moduleName)
    public static let identifier = ValueShape.shared(.swiftIdentifier)
    public static let argumentLabel = ValueShape.shared(.argumentLabel)
}

/// One key of a scope.
public struct LanguageKey: Sendable {
    public var name: String
    public var shape: ValueShape
    public var presence: Presence
    /// A phrase for the README's tables, lower case, no final period.
    public var summary: String
    /// What editors show on hover: full sentences, with an example.
    public var description: String
    /// The value used when the key is left out, as the JSON Schema's `default`.
    public var defaultValue: JSONValue?
    /// Typical values, which editors offer as completions (the JSON Schema's `examples`).
    public var examples: [JSONValue]
    /// What to add when the key is missing, said in the decoder's hint.
    public var missingHint: String?
    /// What to add when the key is missing from a declaration of one of these kinds, instead of
    /// ``missingHint``: for a key several kinds share whose meaning differs (`value` of a periodic
    /// and of an observation). Filled in from the kinds' units (``KindKey``).
    public var kindMissingHints: [PublisherKind: String] = [:]
    /// Names people reach for that mean this key; the decoder suggests the key for them.
    public var synonyms: [String]
    /// The key's own definition name in the JSON Schema, for keys shared by several kinds.
    public var definitionName: String?

    public init(
        _ name: String, _ shape: ValueShape, _ presence: Presence, definition definitionName: String? = nil,
        summary: String, description: String, default defaultValue: JSONValue? = nil, examples: [JSONValue] = [],
        missingHint: String? = nil, synonyms: [String] = []
    ) {
        self.name = name
        self.shape = shape
        self.presence = presence
        self.summary = summary
        self.description = description
        self.defaultValue = defaultValue
        self.examples = examples
        self.missingHint = missingHint
        self.synonyms = synonyms
        self.definitionName = definitionName
    }

    /// The default word of a choice, if the key has one.
    var defaultWord: String? {
        if case let .string(word)? = defaultValue { return word }
        return nil
    }
}

/// A mapping of the language and the keys it takes.
public struct LanguageScope: Sendable {
    /// Its definition name in the JSON Schema.
    public var name: String
    /// What editors show on hover.
    public var description: String
    /// A phrase for the README, lower case, no final period.
    public var summary: String
    /// A short example of the mapping for the README, e.g. `{ buffer: 16, whenFull: dropOldest }`.
    public var example: String?
    public var keys: [LanguageKey]
    /// Keys starting with this prefix are the user's own and ignored (`x-`), with what they are for.
    public var extensions: (prefix: String, description: String, summary: String)?

    public init(
        name: String, description: String, summary: String, example: String? = nil, keys: [LanguageKey],
        extensions: (prefix: String, description: String, summary: String)? = nil
    ) {
        self.name = name
        self.description = description
        self.summary = summary
        self.example = example
        self.keys = keys
        self.extensions = extensions
    }

    /// The keys a mapping of this scope (a declaration of `kind`, when it has kinds) takes.
    public func keyNames(for kind: PublisherKind? = nil, _ requirement: Requirement) -> [String] {
        keys.filter { $0.presence.requirement(for: kind) == requirement }.map(\.name)
    }

    public func key(_ name: String) -> LanguageKey? {
        keys.first { $0.name == name }
    }
}

/// An editor snippet: what yaml-language-server offers to insert, with `${1:placeholder}` tab stops.
public struct LanguageSnippet: Sendable {
    public var label: String
    public var description: String
    public var body: JSONValue

    public init(label: String, description: String, body: JSONValue) {
        self.label = label
        self.description = description
        self.body = body
    }
}

/// What the language says about each kind of publisher.
public struct KindDescription: Sendable {
    /// A phrase after the kind's name, e.g. "a registration API (register returns a token, ...)".
    public var summary: String
    /// The hover text of the kind's definition.
    public var description: String
    /// The words people write for the kind when they think of the API they wrap rather than of the
    /// kind's name (`notification`, `timer`), which no edit distance finds: an unknown kind spelled
    /// like one of them is told "did you mean" the kind. Written lowercase, without `-`, `_` or
    /// spaces, as the word is compared.
    public var synonyms: [String]
    public var snippet: LanguageSnippet

    public init(summary: String, description: String, synonyms: [String] = [], snippet: LanguageSnippet) {
        self.summary = summary
        self.description = description
        self.synonyms = synonyms
        self.snippet = snippet
    }
}
