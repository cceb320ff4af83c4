import Foundation
import Testing

@testable import PublisherGeneratorCore

/// `Schemas/publishers.schema.json` is what editors (the yaml-language-server, VS Code's YAML
/// extension) use to complete and check `*.publishers.yaml`. These tests prove it describes the
/// same language as ``SchemaVocabulary`` and the model enums, so neither can change alone.
/// `scripts/check-json-schema.py` checks that a real JSON Schema validator reads it as meant.
@Suite struct JSONSchemaAgreementTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // PublisherGeneratorCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
    static let schemaURL = packageRoot.appending(path: "Schemas").appending(path: "publishers.schema.json")

    // MARK: Top level

    @Test func topLevelKeysMatchTheVocabulary() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let root = schema.root
        expectSameKeys(
            json: try schema.propertyNames(of: root, at: "properties"), jsonName: "top-level 'properties'",
            swift: SchemaVocabulary.file.all, swiftName: "SchemaVocabulary.file.all")
        expectSameKeys(
            json: try schema.strings(root["required"], at: "required"), jsonName: "top-level 'required'",
            swift: SchemaVocabulary.file.required, swiftName: "SchemaVocabulary.file.required")
        #expect(
            JSONSchemaDocument.isFalse(root["additionalProperties"]),
            "the top level must set additionalProperties: false")
    }

    @Test func extensionKeysMatchTheDecoder() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let patterns = try schema.object(schema.root["patternProperties"], at: "patternProperties")
        #expect(
            Array(patterns.keys) == ["^" + MappingReader.extensionPrefix],
            "top-level 'patternProperties' must allow exactly the keys starting with '\(MappingReader.extensionPrefix)', which the decoder ignores; it has \(patterns.keys.sorted())"
        )
    }

    @Test func versionMatchesTheSupportedVersions() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let version = try schema.resolved(schema.root, path: ["properties", "version"])
        let allowed = try schema.array(version["enum"], at: "properties.version.enum").compactMap {
            ($0 as? NSNumber)?.intValue
        }
        #expect(
            allowed == SchemaFile.supportedVersions,
            "properties.version.enum is \(allowed) in the JSON Schema but SchemaFile.supportedVersions is \(SchemaFile.supportedVersions)"
        )
    }

    // MARK: Declarations

    @Test(arguments: PublisherKind.allCases)
    func kindDefinitionMatchesTheVocabulary(kind: PublisherKind) throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let name = "definitions.\(kind.rawValue)"
        let definition = try schema.definition(kind.rawValue)
        let vocabulary = SchemaVocabulary.declaration(kind)
        expectSameKeys(
            json: try schema.propertyNames(of: definition, at: name + ".properties"), jsonName: name + ".properties",
            swift: vocabulary.all, swiftName: "SchemaVocabulary.declaration(.\(kind.rawValue)).all")
        expectSameKeys(
            json: try schema.strings(definition["required"], at: name + ".required"), jsonName: name + ".required",
            swift: vocabulary.required, swiftName: "SchemaVocabulary.declaration(.\(kind.rawValue)).required")
        #expect(
            JSONSchemaDocument.isFalse(definition["additionalProperties"]),
            "\(name) must set additionalProperties: false")
    }

    @Test func declarationTakesTheKeysOfAnyKind() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let declaration = try schema.definition("declaration")
        expectSameKeys(
            json: try schema.propertyNames(of: declaration, at: "definitions.declaration.properties"),
            jsonName: "definitions.declaration.properties",
            swift: SchemaVocabulary.anyDeclarationKey, swiftName: "SchemaVocabulary.anyDeclarationKey")
        expectSameKeys(
            json: try schema.strings(declaration["required"], at: "definitions.declaration.required"),
            jsonName: "definitions.declaration.required",
            swift: SchemaVocabulary.commonRequired, swiftName: "SchemaVocabulary.commonRequired")
        #expect(
            JSONSchemaDocument.isFalse(declaration["additionalProperties"]),
            "definitions.declaration must set additionalProperties: false")
        let publishers = try schema.resolved(schema.root, path: ["properties", "publishers"])
        let items = try schema.object(publishers["items"], at: "properties.publishers.items")
        #expect(
            items["$ref"] as? String == "#/definitions/declaration",
            "properties.publishers.items must be {$ref: '#/definitions/declaration'}")
    }

    /// A key means the same thing in every kind that takes it: each kind's property refers to the
    /// same shared definition as the kind-independent declaration does.
    @Test(arguments: PublisherKind.allCases)
    func kindPropertiesShareTheirDefinitions(kind: PublisherKind) throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let shared = try schema.object(
            try schema.definition("declaration")["properties"], at: "definitions.declaration.properties")
        let own = try schema.object(
            try schema.definition(kind.rawValue)["properties"], at: "definitions.\(kind.rawValue).properties")
        for (key, value) in own {
            let reference = (value as? [String: Any])?["$ref"] as? String
            let sharedReference = (shared[key] as? [String: Any])?["$ref"] as? String
            #expect(
                reference != nil && reference == sharedReference,
                "definitions.\(kind.rawValue).properties.\(key) refers to \(reference ?? "no $ref") but definitions.declaration.properties.\(key) refers to \(sharedReference ?? "no $ref")"
            )
        }
    }

    @Test func everyKindIsSelectedByAnIfThenBranch() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let branches = try schema.array(
            try schema.definition("declaration")["allOf"], at: "definitions.declaration.allOf")
        var selected: [String: String] = [:]
        for (index, element) in branches.enumerated() {
            let what = "definitions.declaration.allOf[\(index)]"
            let branch = try schema.object(element, at: what)
            let condition = try schema.object(branch["if"], at: what + ".if")
            let kindCondition = try schema.resolved(condition, path: ["properties", "kind"])
            let kind = try #require(kindCondition["const"] as? String, "\(what).if must test properties.kind.const")
            #expect(
                try schema.strings(condition["required"], at: what + ".if.required") == ["kind"],
                "\(what).if must require 'kind', or a declaration without 'kind' would match every branch")
            let then = try schema.object(branch["then"], at: what + ".then")
            let target = try #require(then["$ref"] as? String, "\(what).then must be a $ref")
            #expect(
                selected[kind] == nil,
                "kind '\(kind)' is selected by more than one branch of definitions.declaration.allOf")
            selected[kind] = target
        }
        for kind in PublisherKind.allCases {
            #expect(
                selected[kind.rawValue] == "#/definitions/\(kind.rawValue)",
                "kind '\(kind.rawValue)' (PublisherKind.\(kind.rawValue)) needs an if/then branch in definitions.declaration.allOf whose then is {$ref: '#/definitions/\(kind.rawValue)'}; found \(selected[kind.rawValue] ?? "none")"
            )
        }
        for kind in selected.keys where PublisherKind(rawValue: kind) == nil {
            Issue.record(
                "definitions.declaration.allOf has a branch for kind '\(kind)', which PublisherKind does not have")
        }
    }

    // MARK: Enums

    @Test func kindEnumMatchesPublisherKind() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        try expectEnum(
            in: schema, path: ["definitions", "declaration", "properties", "kind"],
            equals: PublisherKind.allCases.map(\.rawValue), swiftName: "PublisherKind")
    }

    @Test func accessEnumMatchesAccessLevel() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        try expectEnum(
            in: schema, path: ["properties", "access"], equals: AccessLevel.allCases.map(\.rawValue),
            swiftName: "AccessLevel")
    }

    @Test func startEnumMatchesStartPolicy() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        try expectEnum(
            in: schema, path: ["definitions", "declaration", "properties", "start"],
            equals: StartPolicy.allCases.map(\.rawValue), swiftName: "StartPolicy")
    }

    @Test func whenFullEnumMatchesOverflowRule() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        try expectEnum(
            in: schema, path: ["definitions", "bufferPolicy", "properties", "whenFull"],
            equals: OverflowRule.allCases.map(\.rawValue), swiftName: "OverflowRule")
    }

    @Test func whenNoDemandWordsMatchNoDemandPolicy() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let policy = try schema.resolved(
            schema.root, path: ["definitions", "declaration", "properties", "whenNoDemand"])
        let forms = try schema.array(policy["oneOf"], at: "whenNoDemand.oneOf").map {
            try schema.object($0, at: "whenNoDemand.oneOf[]")
        }
        let words = try forms.compactMap { $0["enum"] }.flatMap {
            try schema.strings($0, at: "whenNoDemand.oneOf[].enum")
        }
        expectSameKeys(
            json: words, jsonName: "definitions.noDemandPolicy.oneOf[].enum (the string form of whenNoDemand)",
            swift: NoDemandPolicy.scalarSpellings, swiftName: "NoDemandPolicy.scalarSpellings")
        let references = forms.compactMap { $0["$ref"] as? String }
        #expect(
            references == ["#/definitions/bufferPolicy"],
            "whenNoDemand.oneOf must offer the mapping form as {$ref: '#/definitions/bufferPolicy'}; it refers to \(references)"
        )
    }

    // MARK: Nested mappings

    @Test func parameterMatchesTheVocabulary() throws {
        try expectMapping("parameter", matches: SchemaVocabulary.parameter, swiftName: "SchemaVocabulary.parameter")
    }

    @Test func eventMappingMatchesTheVocabulary() throws {
        try expectMapping(
            "event", matches: SchemaVocabulary.targetActionEvent, swiftName: "SchemaVocabulary.targetActionEvent")
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let event = try schema.resolved(schema.root, path: ["definitions", "declaration", "properties", "event"])
        let forms = try schema.array(event["oneOf"], at: "event.oneOf").compactMap {
            ($0 as? [String: Any])?["$ref"] as? String
        }
        #expect(
            forms.contains("#/definitions/event") && forms.count == 2,
            "'event' must be a Swift type or {$ref: '#/definitions/event'}, as SchemaDecoder reads it; its oneOf refers to \(forms)"
        )
    }

    @Test func bufferPolicyMatchesTheVocabulary() throws {
        try expectMapping(
            "bufferPolicy", matches: SchemaVocabulary.bufferPolicy, swiftName: "SchemaVocabulary.bufferPolicy")
    }

    @Test func parameterNamesMayNotHideGeneratedNames() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let name = try schema.resolved(schema.root, path: ["definitions", "parameter", "properties", "name"])
        let excluded = try schema.array(name["allOf"], at: "definitions.parameter.properties.name.allOf")
            .compactMap { (($0 as? [String: Any])?["not"] as? [String: Any])?["enum"] }
            .flatMap { try schema.strings($0, at: "definitions.parameter.properties.name.allOf[].not.enum") }
        expectSameKeys(
            json: excluded, jsonName: "definitions.parameter.properties.name (not enum)",
            swift: SchemaDecoder.namesInScope, swiftName: "SchemaDecoder.namesInScope")
    }

    @Test func identifiersExcludeTheReservedWords() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let identifier = try schema.definition("swiftIdentifier")
        let not = try schema.object(identifier["not"], at: "definitions.swiftIdentifier.not")
        expectSameKeys(
            json: try schema.strings(not["enum"], at: "definitions.swiftIdentifier.not.enum"),
            jsonName: "definitions.swiftIdentifier.not.enum",
            swift: Array(SwiftNames.reservedWords), swiftName: "SwiftNames.reservedWords")
    }

    // MARK: Shape of the whole document

    /// Editors show `description` on hover, and every mapping of the language is closed.
    @Test func everyPropertyIsDescribedAndEveryObjectIsClosed() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        var problems: [String] = []
        schema.walk { node, path in
            if let reference = node["$ref"] as? String, schema.lookUp(reference) == nil {
                problems.append("\(path): $ref '\(reference)' does not resolve")
            }
            let isObjectSchema =
                (node["type"] as? String) == "object" || (node["type"] == nil && node["properties"] != nil)
            if isObjectSchema, !JSONSchemaDocument.isFalse(node["additionalProperties"]) {
                problems.append("\(path): an object schema without additionalProperties: false")
            }
            for (key, value) in (node["properties"] as? [String: Any]) ?? [:] {
                guard let property = value as? [String: Any] else { continue }
                let target = (property["$ref"] as? String).flatMap { schema.lookUp($0) } ?? property
                if ((target["description"] as? String) ?? "").isEmpty {
                    problems.append("\(path).properties.\(key): no description (editors show it on hover)")
                }
            }
        }
        #expect(problems.isEmpty, "publishers.schema.json:\n\(problems.joined(separator: "\n"))")
    }

    @Test func isDraft07() throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        #expect(schema.root["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
    }

    // MARK: Helpers

    private func expectMapping(
        _ definitionName: String, matches vocabulary: SchemaVocabulary.KeySet, swiftName: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let schema = try JSONSchemaDocument.load(Self.schemaURL)
        let name = "definitions.\(definitionName)"
        let definition = try schema.definition(definitionName)
        expectSameKeys(
            json: try schema.propertyNames(of: definition, at: name + ".properties"), jsonName: name + ".properties",
            swift: vocabulary.all, swiftName: swiftName + ".all", sourceLocation: sourceLocation)
        expectSameKeys(
            json: try schema.strings(definition["required"], at: name + ".required"), jsonName: name + ".required",
            swift: vocabulary.required, swiftName: swiftName + ".required", sourceLocation: sourceLocation)
        #expect(
            JSONSchemaDocument.isFalse(definition["additionalProperties"]),
            "\(name) must set additionalProperties: false",
            sourceLocation: sourceLocation)
    }

    private func expectEnum(
        in schema: JSONSchemaDocument, path: [String], equals spellings: [String], swiftName: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let node = try schema.resolved(schema.root, path: path)
        let name = path.joined(separator: ".")
        expectSameKeys(
            json: try schema.strings(node["enum"], at: name + ".enum"), jsonName: name + ".enum",
            swift: spellings, swiftName: swiftName, sourceLocation: sourceLocation)
    }
}

/// Records one issue per key that only one side has, naming the side.
private func expectSameKeys(
    json: [String], jsonName: String, swift: [String], swiftName: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    for key in json.sorted() where !swift.contains(key) {
        Issue.record(
            "'\(key)' is in the JSON Schema's \(jsonName) but not in \(swiftName) \(swift)",
            sourceLocation: sourceLocation)
    }
    for key in swift.sorted() where !json.contains(key) {
        Issue.record(
            "'\(key)' is in \(swiftName) but missing from the JSON Schema's \(jsonName) \(json.sorted())",
            sourceLocation: sourceLocation)
    }
    for key in Set(json) where json.count(where: { $0 == key }) > 1 {
        Issue.record("'\(key)' appears more than once in the JSON Schema's \(jsonName)", sourceLocation: sourceLocation)
    }
}

/// The JSON Schema read with `JSONSerialization`, with just enough `$ref` resolution for the tests.
private struct JSONSchemaDocument {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    let root: [String: Any]

    static func load(_ url: URL) throws -> JSONSchemaDocument {
        let data = try Data(contentsOf: url)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Malformed(description: "\(url.lastPathComponent) is not a JSON object")
        }
        return JSONSchemaDocument(root: root)
    }

    static func isFalse(_ value: Any?) -> Bool {
        (value as? Bool) == false
    }

    func object(_ value: Any?, at path: String) throws -> [String: Any] {
        guard let object = value as? [String: Any] else { throw Malformed(description: "\(path) is not a JSON object") }
        return object
    }

    func array(_ value: Any?, at path: String) throws -> [Any] {
        guard let array = value as? [Any] else { throw Malformed(description: "\(path) is not a JSON array") }
        return array
    }

    func strings(_ value: Any?, at path: String) throws -> [String] {
        try array(value, at: path).map { element in
            guard let string = element as? String else { throw Malformed(description: "\(path) holds a non-string") }
            return string
        }
    }

    func definition(_ name: String) throws -> [String: Any] {
        try object(try object(root["definitions"], at: "definitions")[name], at: "definitions.\(name)")
    }

    func propertyNames(of schema: [String: Any], at path: String) throws -> [String] {
        Array(try object(schema["properties"], at: path).keys)
    }

    /// The node for a local reference such as `#/definitions/parameter`.
    func lookUp(_ reference: String) -> [String: Any]? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Any = root
        for segment in reference.dropFirst(2).split(separator: "/") {
            let key = segment.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = (node as? [String: Any])?[key] else { return nil }
            node = next
        }
        return node as? [String: Any]
    }

    /// Follows `path` from `start`, resolving a `$ref` at every step and at the end.
    func resolved(_ start: [String: Any], path: [String]) throws -> [String: Any] {
        var node = try follow(start, at: "")
        var walked: [String] = []
        for key in path {
            walked.append(key)
            node = try follow(
                try object(node[key], at: walked.joined(separator: ".")), at: walked.joined(separator: "."))
        }
        return node
    }

    private func follow(_ node: [String: Any], at path: String) throws -> [String: Any] {
        var node = node
        var hops = 0
        while let reference = node["$ref"] as? String {
            guard let target = lookUp(reference), hops < 16 else {
                throw Malformed(description: "\(path): $ref '\(reference)' does not resolve")
            }
            node = target
            hops += 1
        }
        return node
    }

    /// Calls `visit` for every schema object in the document, with a dotted path; skips the
    /// conditions of `if`, which are tests rather than descriptions of a mapping.
    func walk(_ visit: ([String: Any], String) -> Void) {
        var pending: [(node: Any, path: String)] = [(root, "(root)")]
        while let item = pending.popLast() {
            let (node, path) = item
            if let object = node as? [String: Any] {
                visit(object, path)
                for (key, value) in object where key != "if" && key != "defaultSnippets" && key != "enum" {
                    pending.append((value, "\(path).\(key)"))
                }
            } else if let array = node as? [Any] {
                for (index, value) in array.enumerated() { pending.append((value, "\(path)[\(index)]")) }
            }
        }
    }
}
