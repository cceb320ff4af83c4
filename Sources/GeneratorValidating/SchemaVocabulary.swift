import GeneratorLanguage
import GeneratorModel

/// Every key of schema language v1, which kind takes it, and whether it must be present, as the
/// decoder checks them.
///
/// Derived from ``SchemaLanguage``, the one description of the language, from which the JSON
/// Schema and the schema reference's key tables are rendered too, so the three cannot drift apart.
/// The declaration's key sets depend on the kinds, so the vocabulary is made from the language the
/// pipeline's registry passes down; the key sets of mappings that do not are static.
public struct SchemaVocabulary: Sendable {
    public struct KeySet: Sendable, Equatable {
        public var required: [String] { didSet { all = required + optional } }
        public var optional: [String] { didSet { all = required + optional } }

        /// Kept rather than joined on each use: the decoder asks for it once per declaration.
        public private(set) var all: [String]
        /// What to add for a missing key, where the kind says it in its own words (the hint of an
        /// observation's `value` is not the hint of a periodic's).
        public var missingHints: [String: String] = [:]

        public func contains(_ key: String) -> Bool { required.contains(key) || optional.contains(key) }

        package init(_ scope: LanguageScope, kind: PublisherKind? = nil) {
            self.init(required: scope.keyNames(for: kind, .required), optional: scope.keyNames(for: kind, .optional))
            guard let kind else { return }
            for key in scope.keys {
                if let hint = key.kindMissingHints[kind] { missingHints[key.name] = hint }
            }
        }

        public init(required: [String], optional: [String]) {
            self.required = required
            self.optional = optional
            all = required + optional
        }
    }

    /// Keys every declaration takes, whatever its kind.
    let commonRequired: [String]
    /// The keys a declaration of each kind takes.
    private let declarationKeys: [PublisherKind: KeySet]
    /// The kinds, in the registry's order.
    private let kinds: [PublisherKind]
    /// Every key some kind takes, in a stable order.
    public let anyDeclarationKey: [String]
    public let parameter: KeySet
    /// What the reader of a mapping or scalar says about a key it cannot find or read.
    let hints: KeyHints

    public static let file = KeySet(SchemaLanguage.file)
    public static let bufferPolicy = KeySet(SchemaLanguage.bufferPolicy)
    public static let testDrive = KeySet(SchemaLanguage.testDrive)
    public static let typeParameter = KeySet(SchemaLanguage.typeParameter)

    /// The key sets of `language`, whose kinds are the registry's.
    public init(_ language: SchemaLanguage) {
        kinds = language.kinds
        commonRequired = language.declaration.keys.filter {
            if case .required = $0.presence { return true }
            return false
        }.map(\.name)
        declarationKeys = Dictionary(
            uniqueKeysWithValues: language.kinds.map { ($0, KeySet(language.declaration, kind: $0)) })
        var seen: [String] = []
        for kind in language.kinds {
            for key in declarationKeys[kind]?.all ?? [] where !seen.contains(key) { seen.append(key) }
        }
        anyDeclarationKey = seen
        parameter = KeySet(language.parameter)
        hints = KeyHints(language)
    }

    /// The keys a declaration of `kind` takes; `nil` when the language was not made with the kind.
    public func declaration(_ kind: PublisherKind) -> KeySet? {
        declarationKeys[kind]
    }

    /// The kinds whose declarations take `key`.
    func kinds(taking key: String) -> [PublisherKind] {
        kinds.filter { declarationKeys[$0]?.contains(key) == true }
    }
}

/// What the readers say about a key: what a missing one is for, and which key a synonym means.
struct KeyHints: Sendable {
    /// What a missing required key is for, said in the hint that asks for it (the first scope,
    /// outermost first, that says something about a key name wins).
    let purpose: [String: String]
    /// Names people reach for that mean one of ours; used to suggest the right key.
    let synonyms: [String: String]

    init(_ language: SchemaLanguage) {
        var purposes: [String: String] = [:]
        for scope in language.scopes {
            for key in scope.keys where purposes[key.name] == nil {
                if let hint = key.missingHint { purposes[key.name] = hint }
            }
        }
        purpose = purposes
        var synonyms: [String: String] = [:]
        for key in language.declaration.keys {
            for synonym in key.synonyms { synonyms[synonym] = key.name }
        }
        self.synonyms = synonyms
    }

    /// No hints: for readers outside a schema's decoding, and tests.
    init(purpose: [String: String] = [:], synonyms: [String: String] = [:]) {
        self.purpose = purpose
        self.synonyms = synonyms
    }
}
