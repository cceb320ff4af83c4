/// Every key of schema language v1, which kind takes it, and whether it must be present, as the
/// decoder checks them.
///
/// Derived from ``SchemaLanguage``, the one description of the language, from which the JSON
/// Schema and the schema reference's key tables are rendered too, so the three cannot drift apart.
public enum SchemaVocabulary {
    public struct KeySet: Sendable, Equatable {
        public var required: [String] { didSet { all = required + optional } }
        public var optional: [String] { didSet { all = required + optional } }

        /// Kept rather than joined on each use: the decoder asks for it once per declaration.
        public private(set) var all: [String]

        public func contains(_ key: String) -> Bool { required.contains(key) || optional.contains(key) }

        init(_ scope: LanguageScope, kind: PublisherKind? = nil) {
            self.init(required: scope.keyNames(for: kind, .required), optional: scope.keyNames(for: kind, .optional))
        }

        public init(required: [String], optional: [String]) {
            self.required = required
            self.optional = optional
            all = required + optional
        }
    }

    public static let file = KeySet(SchemaLanguage.file)

    /// Keys every declaration takes, whatever its kind.
    static let commonRequired = SchemaLanguage.declaration.keys.filter {
        if case .required = $0.presence { return true }
        return false
    }.map(\.name)

    /// The keys a declaration of `kind` takes.
    public static func declaration(_ kind: PublisherKind) -> KeySet {
        declarationKeys[kind] ?? KeySet(SchemaLanguage.declaration, kind: kind)
    }

    private static let declarationKeys = Dictionary(
        uniqueKeysWithValues: PublisherKind.allCases.map { ($0, KeySet(SchemaLanguage.declaration, kind: $0)) })

    /// Every key some kind takes, in a stable order.
    public static let anyDeclarationKey: [String] = {
        var seen: [String] = []
        for kind in PublisherKind.allCases {
            for key in declaration(kind).all where !seen.contains(key) { seen.append(key) }
        }
        return seen
    }()

    public static let parameter = KeySet(SchemaLanguage.parameter)
    public static let targetActionEvent = KeySet(SchemaLanguage.event)
    static let delegateMethod = KeySet(DelegateKind.method)
    static let delegateRequiredMethod = KeySet(DelegateKind.requiredMethod)
    public static let bufferPolicy = KeySet(SchemaLanguage.bufferPolicy)
    public static let testDrive = KeySet(SchemaLanguage.testDrive)

    /// What a missing required key is for, said in the hint that asks for it (the first scope,
    /// outermost first, that says something about a key name wins).
    static let purpose: [String: String] = {
        var purposes: [String: String] = [:]
        for scope in SchemaLanguage.scopes {
            for key in scope.keys where purposes[key.name] == nil {
                if let hint = key.missingHint { purposes[key.name] = hint }
            }
        }
        return purposes
    }()

    /// Names people reach for that mean one of ours; used to suggest the right key.
    static let synonyms: [String: String] = {
        var synonyms: [String: String] = [:]
        for key in SchemaLanguage.declaration.keys {
            for synonym in key.synonyms { synonyms[synonym] = key.name }
        }
        return synonyms
    }()
}
