import GeneratorModel

/// Writes `Schemas/publishers.schema.json` (draft-07), the JSON Schema editors use to complete and
/// check `*.publishers.yaml`, from ``SchemaLanguage``.
///
/// Layout: the file's keys inline at the top; `definitions.declaration` with every declaration
/// key and one `if kind == K then definitions.K` branch per kind; one definition per kind with
/// the keys it takes; one definition per declaration key (shared by the kinds that take it); the
/// nested mappings; and the shared value shapes (identifiers, types, Swift code).
public struct JSONSchemaRenderer: Sendable {
    /// The path of the rendered file, relative to the package root.
    public static let path = "Schemas/publishers.schema.json"

    /// The language rendered, with the kinds of the registry it was made for.
    public let language: SchemaLanguage

    public init(_ language: SchemaLanguage) {
        self.language = language
    }

    /// The document as it is committed.
    public func render() -> String {
        JSONPrinter().print(document())
    }

    public func document() -> JSONValue {
        let file = SchemaLanguage.file
        var root: [JSONValue.Member] = [
            .init("$schema", "http://json-schema.org/draft-07/schema#"),
            .init("title", .string(SchemaLanguage.title)),
            .init("description", .string(file.description)),
            .init("type", "object"),
            .init("properties", .object(file.keys.map { .init($0.name, keySchema($0)) })),
            .init("required", .strings(file.keyNames(.required))),
        ]
        if let extensions = file.extensions {
            root.append(
                .init(
                    "patternProperties",
                    .fields(["^" + extensions.prefix: .fields(["description": .string(extensions.description)])])))
        }
        root.append(.init("additionalProperties", .bool(false)))
        root.append(.init("definitions", .object(definitions())))
        return .object(root)
    }

    // MARK: Definitions

    private func definitions() -> [JSONValue.Member] {
        let declaration = language.declaration
        var definitions: [JSONValue.Member] = [.init(declaration.name, declarationSchema())]
        for (kind, description) in describedKinds {
            definitions.append(.init(kind.rawValue, kindSchema(kind, description: description)))
        }
        for key in declaration.keys {
            definitions.append(.init(definitionName(of: key), keySchema(key)))
        }
        var scopes: [LanguageScope] = []
        for key in declaration.keys { collectScopes(in: key.shape, into: &scopes) }
        for scope in scopes {
            definitions.append(.init(scope.name, mappingSchema(scope)))
        }
        for shape in SharedShape.allCases {
            definitions.append(.init(shape.rawValue, sharedSchema(shape)))
        }
        return definitions
    }

    /// The language's kinds, in its order, each with what the language says about it.
    private var describedKinds: [(kind: PublisherKind, description: KindDescription)] {
        language.kinds.compactMap { kind in language.kind(of: kind).map { (kind, $0) } }
    }

    private func definitionName(of key: LanguageKey) -> String {
        key.definitionName ?? key.name
    }

    private func declarationSchema() -> JSONValue {
        let declaration = language.declaration
        let branches: [JSONValue] = language.kinds.map { kind in
            .fields([
                "if": .fields([
                    "properties": .fields(["kind": .fields(["const": .string(kind.rawValue)])]),
                    "required": .strings(["kind"]),
                ]),
                "then": .reference(kind.rawValue),
            ])
        }
        let snippets: [JSONValue] = describedKinds.map { _, description in
            let snippet = description.snippet
            return .fields([
                "label": .string(snippet.label), "description": .string(snippet.description), "body": snippet.body,
            ])
        }
        return .fields([
            "description": .string(declaration.description),
            "type": "object",
            "properties": .object(declaration.keys.map { .init($0.name, .reference(definitionName(of: $0))) }),
            "required": .strings(declaration.keyNames(for: nil, .required)),
            "additionalProperties": .bool(false),
            "allOf": .array(branches),
            "defaultSnippets": .array(snippets),
        ])
    }

    private func kindSchema(_ kind: PublisherKind, description: KindDescription) -> JSONValue {
        let declaration = language.declaration
        let keys = declaration.keys.filter { $0.presence.requirement(for: kind) != nil }
        return .fields([
            "description": .string(description.description),
            "type": "object",
            "properties": .object(keys.map { .init($0.name, .reference(definitionName(of: $0))) }),
            "required": .strings(declaration.keyNames(for: kind, .required)),
            "additionalProperties": .bool(false),
        ])
    }

    private func mappingSchema(_ scope: LanguageScope) -> JSONValue {
        .fields([
            "description": .string(scope.description),
            "type": "object",
            "properties": .object(scope.keys.map { .init($0.name, keySchema($0)) }),
            "required": .strings(scope.keyNames(.required)),
            "additionalProperties": .bool(false),
        ])
    }

    private func collectScopes(in shape: ValueShape, into scopes: inout [LanguageScope]) {
        switch shape {
        case let .mapping(scope):
            guard !scopes.contains(where: { $0.name == scope.name }) else { return }
            scopes.append(scope)
            for key in scope.keys { collectScopes(in: key.shape, into: &scopes) }
        case let .list(element, _): collectScopes(in: element, into: &scopes)
        case let .either(shapes): for shape in shapes { collectScopes(in: shape, into: &scopes) }
        case .shared, .restricted, .integer, .number, .choice, .word, .declaration: break
        }
    }

    // MARK: Keys and values

    /// A key's schema: its hover text, its value's shape and its default.
    func keySchema(_ key: LanguageKey) -> JSONValue {
        var members: [JSONValue.Member] = [.init("description", .string(hoverText(of: key)))]
        members += shapeMembers(key.shape)
        if let defaultValue = key.defaultValue { members.append(.init("default", defaultValue)) }
        if !key.examples.isEmpty { members.append(.init("examples", .array(key.examples))) }
        return .object(members)
    }

    /// The key's description followed by what each of its words means.
    func hoverText(of key: LanguageKey) -> String {
        let alternatives = alternatives(of: key.shape, defaultWord: key.defaultWord)
        return alternatives.isEmpty ? key.description : key.description + " " + alternatives.joined(separator: " ")
    }

    private func alternatives(of shape: ValueShape, defaultWord: String?) -> [String] {
        switch shape {
        case let .choice(words):
            return words.compactMap { word in
                word.meaning.map { "`\(word.spelling)`\(word.spelling == defaultWord ? " (default)" : ""): \($0)." }
            }
        case let .either(shapes):
            // Said only when some form is a word with a meaning; a type or a mapping alone is
            // what the key's description is about.
            guard shapes.contains(where: { !alternatives(of: $0, defaultWord: defaultWord).isEmpty }) else { return [] }
            return shapes.flatMap { shape -> [String] in
                if case let .mapping(scope) = shape, let example = scope.example {
                    return ["`\(example)`: \(scope.summary)."]
                }
                return alternatives(of: shape, defaultWord: defaultWord)
            }
        default:
            return []
        }
    }

    private func shapeMembers(_ shape: ValueShape) -> [JSONValue.Member] {
        switch shape {
        case let .shared(shared):
            return [.init("allOf", .array([.reference(shared.rawValue)]))]
        case let .restricted(shared, excluded):
            var parts: [JSONValue] = [.reference(shared.rawValue)]
            if !excluded.isEmpty { parts.append(.fields(["not": .fields(["enum": .strings(excluded)])])) }
            return [.init("allOf", .array(parts))]
        case let .integer(minimum, oneOf):
            var members: [JSONValue.Member] = [.init("type", "integer")]
            if let oneOf { members.append(.init("enum", .array(oneOf.map(JSONValue.integer)))) }
            if let minimum { members.append(.init("minimum", .integer(minimum))) }
            return members
        case let .number(greaterThan):
            let bound: JSONValue =
                greaterThan == greaterThan.rounded() ? .integer(Int(greaterThan)) : .number(greaterThan)
            return [.init("type", "number"), .init("exclusiveMinimum", bound)]
        case let .choice(words):
            return [.init("type", "string"), .init("enum", .strings(words.map(\.spelling)))]
        case let .word(word):
            return [.init("const", .string(word))]
        case let .list(element, orEmpty):
            return [
                .init("type", orEmpty ? .strings(["array", "null"]) : "array"),
                .init("items", bareSchema(element)),
            ]
        case let .mapping(scope):
            return [.init("allOf", .array([.reference(scope.name)]))]
        case .declaration:
            return [.init("allOf", .array([.reference(language.declaration.name)]))]
        case let .either(shapes):
            return [.init("oneOf", .array(shapes.map(bareSchema)))]
        }
    }

    /// A value's schema without a description of its own: a plain `$ref` where one will do.
    private func bareSchema(_ shape: ValueShape) -> JSONValue {
        switch shape {
        case let .shared(shared): .reference(shared.rawValue)
        case let .restricted(shared, excluded) where excluded.isEmpty: .reference(shared.rawValue)
        case let .mapping(scope): .reference(scope.name)
        case .declaration: .reference(language.declaration.name)
        default: .object(shapeMembers(shape))
        }
    }

    // MARK: Shared shapes

    /// What an identifier may not start with (white space, digits, ASCII punctuation except `_`)
    /// and may not contain; JSON Schema patterns cannot ask for Unicode's XID properties.
    private static let identifierStart = #"[^\s\d!-/:-@\[-^`{-~]"#
    private static let identifierContinue = #"[^\s!-/:-@\[-^`{-~]"#
    private static let identifier = identifierStart + identifierContinue + "*"

    private func sharedSchema(_ shape: SharedShape) -> JSONValue {
        let description = JSONValue.string(SchemaLanguage.describe(shape))
        switch shape {
        case .swiftIdentifier:
            return .fields([
                "description": description, "type": "string", "pattern": .string("^" + Self.identifier + "$"),
                "not": .fields(["enum": .strings(SwiftNames.keywords)]),
            ])
        case .argumentLabel:
            return .fields([
                "description": description, "type": "string", "pattern": .string("^" + Self.identifier + "$"),
                "not": .fields(["enum": .strings(SwiftNames.notArgumentLabels)]),
            ])
        case .moduleName, .propertyPath:
            return .fields([
                "description": description, "type": "string",
                "pattern": .string("^" + Self.identifier + #"(\."# + Self.identifier + ")*$"),
            ])
        case .swiftType:
            return .fields(["description": description, "type": "string", "pattern": #"^[^\r\n]*\S[^\r\n]*\s*$"#])
        case .swiftCode, .text:
            return .fields([
                "description": description, "type": .strings(["string", "number", "boolean"]), "pattern": #"\S"#,
            ])
        }
    }
}
