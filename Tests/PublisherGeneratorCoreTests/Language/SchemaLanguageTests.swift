import Foundation
import PublisherGeneratorCore
import TestHelpers
import Testing

@testable import GeneratorLanguage
@testable import GeneratorValidating
@testable import KindDelegate
@testable import KindTargetAction

/// `Schemas/publishers.schema.json` and the key tables of the DocC article `SchemaReference.md` are
/// rendered from ``SchemaLanguage``; the committed copies must be what it renders today, byte for byte.
/// `RECORD_GOLDENS=1 swift test --filter SchemaLanguageDocumentsTests` rewrites both.
@Suite struct SchemaLanguageDocumentsTests {
    static let rerun = "RECORD_GOLDENS=1 swift test --filter SchemaLanguageDocumentsTests"
    /// The language with the generator's kinds.
    static let language = KindRegistry.standard.language

    @Test func jsonSchemaIsUpToDate() throws {
        let url = FixturePaths.packageRoot.appending(path: JSONSchemaRenderer.path)
        try expectUpToDate(url, rendered: JSONSchemaRenderer(Self.language).render(), what: "the JSON Schema")
    }

    @Test func referenceKeyTablesAreUpToDate() throws {
        let url = FixturePaths.packageRoot.appending(path: ReferenceKeyTables.path)
        let committed = try String(contentsOf: url, encoding: .utf8)
        try expectUpToDate(
            url, rendered: try ReferenceKeyTables(Self.language).updating(committed),
            what: "the schema reference's key tables")
    }

    private func expectUpToDate(
        _ url: URL, rendered: String, what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        if FixturePaths.isRecording {
            try Data(rendered.utf8).write(to: url, options: .atomic)
            return
        }
        let committed = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let isUpToDate = committed == rendered
        #expect(
            isUpToDate,
            """
            \(url.lastPathComponent) is stale: \(what) must be what SchemaLanguage \
            (Sources/GeneratorLanguage) renders. Run '\(Self.rerun)' and review the diff.
            \(TextDiff.unified(expected: committed, actual: rendered))
            """,
            sourceLocation: sourceLocation)
    }
}

/// What the description of the language says, and what the JSON Schema rendered from it looks like.
@Suite struct SchemaLanguageTests {
    /// The language and the decoder's key sets with the generator's kinds.
    static let language = KindRegistry.standard.language
    static let vocabulary = KindRegistry.standard.vocabulary
    static let kinds = KindRegistry.standard.kinds

    /// The decoder's key sets, written out once: a change to the language shows up here as a diff.
    @Test func vocabularyIsTheLanguageOfVersion1() {
        typealias Keys = SchemaVocabulary.KeySet
        #expect(
            SchemaVocabulary.file
                == Keys(required: ["version", "publishers"], optional: ["imports", "access", "emit"]))
        #expect(Self.vocabulary.commonRequired == ["name", "kind", "output"])
        let common = ["description", "parameters", "factory", "sample", "failureSample"]
        #expect(
            Self.vocabulary.declaration(.callback)
                == Keys(
                    required: ["name", "kind", "output", "register"],
                    optional: common + [
                        "test", "on", "lifetime", "typeParameters", "factoriesOn", "failure", "unregister", "token",
                        "initial", "isolation", "whenNoDemand", "start",
                    ]))
        #expect(
            Self.vocabulary.declaration(.polling)
                == Keys(
                    required: ["name", "kind", "output", "next"],
                    optional: common + ["test", "on", "factoriesOn", "failure"]))
        #expect(
            Self.vocabulary.declaration(.targetAction)
                == Keys(
                    required: ["name", "kind", "output", "on"],
                    optional: common + [
                        "test", "typeParameters", "initial", "isolation", "sender", "event", "value", "whenNoDemand",
                        "start",
                    ]))
        // Each kind that takes `value` says what to add for it in its own words.
        var periodic = Keys(
            required: ["name", "kind", "output", "value", "interval"],
            optional: common + ["test", "on", "lifetime", "factoriesOn", "whenNoDemand", "start"])
        periodic.missingHints = [
            "value": "add 'value:' with a Swift expression evaluated at every tick, e.g. 'value: Date()'"
        ]
        #expect(Self.vocabulary.declaration(.periodic) == periodic)
        #expect(
            Self.vocabulary.declaration(.delegate)
                == Keys(
                    required: ["name", "kind", "output", "on", "protocol", "methods"],
                    optional: common + [
                        "test", "typeParameters", "failure", "initial", "isolation", "property", "runtime",
                        "protocolIsolation",
                        "requiredMethods",
                        "whenNoDemand", "start",
                    ]))
        var observation = Keys(
            required: ["name", "kind", "output", "on", "value"],
            optional: [
                "description", "parameters", "factory", "sample", "test", "isolation", "first", "whenNoDemand", "start",
            ])
        observation.missingHints = [
            "value":
                "add 'value:' with an expression over the model's properties, read on the model after each change, "
                + "e.g. 'value: score' or 'value: (score, lives)'"
        ]
        #expect(Self.vocabulary.declaration(.observation) == observation)
        #expect(
            Self.vocabulary.anyDeclarationKey == [
                "name", "kind", "output", "register", "description", "parameters", "factory", "sample", "failureSample",
                "test", "on", "lifetime", "typeParameters", "factoriesOn", "failure", "unregister", "token", "initial",
                "isolation", "whenNoDemand", "start", "next", "sender",
                "event", "value", "interval", "protocol", "methods", "property", "runtime", "protocolIsolation",
                "requiredMethods", "first",
            ])
        #expect(Self.vocabulary.parameter == Keys(required: ["name", "type"], optional: ["default", "label"]))
        #expect(TargetActionKind.eventKeys == Keys(required: ["type"], optional: ["default"]))
        #expect(SchemaVocabulary.bufferPolicy == Keys(required: ["buffer"], optional: ["whenFull"]))
        #expect(SchemaVocabulary.typeParameter == Keys(required: ["name", "testType"], optional: ["constraint"]))
        #expect(DelegateKind.methodKeys == Keys(required: ["method", "body"], optional: ["answer"]))
        #expect(DelegateKind.requiredMethodKeys == Keys(required: ["method"], optional: ["answer"]))
    }

    @Test func hintsAndSynonymsAreTheLanguageOfVersion1() {
        #expect(
            Self.vocabulary.hints.purpose == [
                "version": "add 'version: 1' as the first line",
                "publishers": "add a 'publishers:' list of declarations",
                "name": "add 'name: MyEvent' (the type becomes MyEventPublisher)",
                "kind": "add 'kind:' with one of "
                    + KindRegistry.standard.kinds.map(\.rawValue).joined(separator: ", "),
                "output": "add 'output:' with the Swift type of the values, e.g. 'output: Double'",
                "register": "add 'register:' with Swift code that starts observing and calls send(_:)",
                "next": "add 'next:' with a Swift expression returning the next value, or nil at the end",
                "on": "add 'on:' with the sender's type, e.g. 'on: UIControl'",
                "event": "add 'event: { type: UIControl.Event, default: .primaryActionTriggered }'",
                "interval": "add 'interval:' with the seconds between ticks, e.g. 'interval: 1.0'",
                "value": "add 'value:' with the Swift expression each value is made of",
                "type": "add 'type:' with a Swift type",
                "owner": "add 'owner:' with an expression making the owner, e.g. 'owner: MockPlayer()'",
                "fire": "add 'fire:' with code that makes the owner report 'value', e.g. 'fire: owner.simulate(value)'",
                "registrations":
                    "add 'registrations:' with an Int counting the owner's live observers, e.g. 'registrations: owner.observerCount'",
                "pulls": "add 'pulls:' with an Int counting the owner's calls of 'next', e.g. 'pulls: owner.pullCount'",
                "buffer": "add 'buffer:' with the number of events to keep, e.g. 'buffer: 16'",
                "protocol": "add 'protocol:' with the delegate protocol, e.g. 'protocol: UITableViewDelegate'",
                "methods":
                    "add 'methods:' with '- { method: \"tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)\", body: send(indexPath) }'",
                "method": "add 'method:' with the signature, e.g. 'scrollViewDidScroll(_ scrollView: UIScrollView)'",
                "body": "add 'body:' with Swift code that calls send(_:), e.g. 'body: send(indexPath)'",
                "requiredMethods":
                    "add 'requiredMethods:' with '- { method: \"tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int\", answer: \"0\" }'",
                "testType": "add 'testType:' with the concrete type generated tests use, e.g. 'testType: String'",
            ])
        #expect(
            Self.vocabulary.hints.synonyms == [
                "owner": "on", "type": "output", "outputType": "output", "error": "failure",
                "failureType": "failure", "params": "parameters", "arguments": "parameters",
                "args": "parameters", "subscribe": "register", "observe": "register",
                "cancel": "unregister", "remove": "unregister", "period": "interval", "every": "interval",
                "backpressure": "whenNoDemand", "onNoDemand": "whenNoDemand", "doc": "description",
                "docs": "description", "summary": "description", "startPolicy": "start", "pull": "next",
                "factoryName": "factory",
                "delegateProtocol": "protocol", "delegateProperty": "property", "required": "requiredMethods",
                "delegateIsolation": "protocolIsolation",
                "currentValue": "initial", "startWith": "initial", "prepend": "initial",
                "sendsCurrentValue": "first",
                "generics": "typeParameters", "genericParameters": "typeParameters", "typeParams": "typeParameters",
                "static": "factoriesOn", "staticFactories": "factoriesOn", "factoriesPlacement": "factoriesOn",
                "placement": "factoriesOn",
                "endsWithOwner": "lifetime", "ownerLifetime": "lifetime", "weakOwner": "lifetime",
                "holdOwner": "lifetime",
            ])
    }

    /// A synonym must not be a key of the declaration, or the decoder would suggest a key for a key.
    @Test func synonymsAreNotKeys() {
        for synonym in Self.vocabulary.hints.synonyms.keys {
            #expect(!Self.vocabulary.anyDeclarationKey.contains(synonym), "'\(synonym)' is a key and a synonym")
        }
    }

    @Test func everyKeyIsDescribedOnceInItsScope() {
        for scope in Self.language.scopes {
            for key in scope.keys {
                #expect(!key.summary.isEmpty && !key.description.isEmpty, "\(scope.name).\(key.name) needs texts")
                #expect(
                    scope.keys.count(where: { $0.name == key.name }) == 1, "\(scope.name).\(key.name) is declared twice"
                )
            }
        }
        for kind in Self.kinds {
            #expect(Self.language.kind(of: kind)?.summary.isEmpty == false)
            #expect(
                Self.language.declaration.keyNames(for: kind, .required).starts(with: Self.vocabulary.commonRequired))
        }
    }

    /// A language made without a kind answers questions about it rather than stopping: it says
    /// nothing about the kind and reserves no names for it, and its vocabulary has no keys for it.
    @Test func aKindTheLanguageWasNotMadeWithIsAnsweredWithoutStopping() {
        let language = SchemaLanguage(kinds: [PollingKind.self])
        #expect(language.kind(of: .callback) == nil)
        #expect(language.delivery(of: .callback) == nil)
        #expect(language.testDriveKeys(of: .callback) == nil)
        #expect(language.namesInScope(of: .callback).isEmpty)
        #expect(SchemaVocabulary(language).declaration(.callback) == nil)
        // The kind it was made with is answered as in the generator's language.
        #expect(language.delivery(of: .polling) == .pull)
        #expect(SchemaVocabulary(language).declaration(.polling) == Self.vocabulary.declaration(.polling))
    }

    // MARK: The rendered JSON Schema

    @Test func enumsAreSpelledByTheModel() throws {
        let schema = try RenderedSchema()
        #expect(schema.strings("properties", "access", "enum") == AccessLevel.allCases.map(\.rawValue))
        #expect(schema.integers("properties", "version", "enum") == SchemaFile.supportedVersions)
        #expect(
            schema.strings("definitions", "publisherKind", "enum") == Self.kinds.map(\.rawValue))
        #expect(schema.strings("definitions", "startPolicy", "enum") == StartPolicy.allCases.map(\.rawValue))
        #expect(
            schema.strings("definitions", "bufferPolicy", "properties", "whenFull", "enum")
                == OverflowRule.allCases.map(\.rawValue))
        let noDemand = schema.node("definitions", "noDemandPolicy", "oneOf") as? [[String: Any]]
        #expect(noDemand?.first?["enum"] as? [String] == NoDemandPolicy.scalarSpellings)
        #expect(
            Array((schema.node("patternProperties") as? [String: Any] ?? [:]).keys)
                == ["^" + MappingReader.extensionPrefix])
        #expect(schema.strings("definitions", "swiftIdentifier", "not", "enum") == SwiftNames.keywords)
        let parameterName = schema.node("definitions", "parameter", "properties", "name", "allOf") as? [[String: Any]]
        #expect(
            (parameterName?.last?["not"] as? [String: Any])?["enum"] as? [String]
                == SchemaLanguageTests.language.namesInScope)
    }

    /// Each kind's if/then branch selects the definition of that kind.
    @Test func everyKindIsSelectedByItsBranch() throws {
        let schema = try RenderedSchema()
        let branches = try #require(schema.node("definitions", "declaration", "allOf") as? [[String: Any]])
        #expect(branches.count == Self.kinds.count)
        for (kind, branch) in zip(Self.kinds, branches) {
            let condition = branch["if"] as? [String: Any]
            #expect(
                ((condition?["properties"] as? [String: Any])?["kind"] as? [String: Any])?["const"] as? String
                    == kind.rawValue)
            #expect(condition?["required"] as? [String] == ["kind"])
            #expect((branch["then"] as? [String: Any])?["$ref"] as? String == "#/definitions/\(kind.rawValue)")
            #expect(
                schema.strings("definitions", kind.rawValue, "required") == Self.vocabulary.declaration(kind)?.required)
        }
    }

    /// Editors show `description` on hover, every mapping of the language is closed, and every
    /// `$ref` resolves.
    @Test func everyPropertyIsDescribedAndEveryObjectIsClosed() throws {
        let schema = try RenderedSchema()
        var problems: [String] = []
        schema.walk { node, path in
            if let reference = node["$ref"] as? String, schema.lookUp(reference) == nil {
                problems.append("\(path): $ref '\(reference)' does not resolve")
            }
            if (node["type"] as? String) == "object", (node["additionalProperties"] as? Bool) != false {
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
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    // MARK: The JSON printer

    @Test func printerWritesJSONThatFoundationReads() throws {
        let value = JSONValue.fields([
            "text": "quote \" backslash \\ newline \n tab \t bell \u{7} é", "int": .integer(-3), "real": .number(0.25),
            "whole": .number(1), "flags": .array([.bool(true), .bool(false), .null]), "empty": .array([]),
            "nested": .fields(["long": .strings((0..<40).map { "word\($0)" })]), "none": .object([]),
        ])
        let printed = JSONPrinter().print(value)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "quote \" backslash \\ newline \n tab \t bell \u{7} é")
        #expect(object["int"] as? Int == -3)
        #expect(object["real"] as? Double == 0.25)
        #expect(((object["nested"] as? [String: Any])?["long"] as? [String])?.count == 40)
        #expect(printed.split(separator: "\n").allSatisfy { $0.count <= 100 })
        #expect(printed.hasPrefix("{\n  \"text\": "), "members keep their order")
        #expect(JSONPrinter().print(value) == printed)
    }
}

/// The rendered JSON Schema read back with `JSONSerialization`.
private struct RenderedSchema {
    let root: [String: Any]

    init() throws {
        let data = Data(JSONSchemaRenderer(SchemaLanguageTests.language).render().utf8)
        root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func node(_ path: String...) -> Any? {
        var node: Any? = root
        for key in path { node = (node as? [String: Any])?[key] }
        return node
    }

    func strings(_ path: String...) -> [String] {
        var node: Any? = root
        for key in path { node = (node as? [String: Any])?[key] }
        return node as? [String] ?? []
    }

    func integers(_ path: String...) -> [Int] {
        var node: Any? = root
        for key in path { node = (node as? [String: Any])?[key] }
        return (node as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } ?? []
    }

    /// The node for a local reference such as `#/definitions/parameter`.
    func lookUp(_ reference: String) -> [String: Any]? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Any = root
        for segment in reference.dropFirst(2).split(separator: "/") {
            guard let next = (node as? [String: Any])?[String(segment)] else { return nil }
            node = next
        }
        return node as? [String: Any]
    }

    /// Calls `visit` for every schema object, with a dotted path; skips the conditions of `if`,
    /// editor snippets and enums, which are not schemas of a mapping.
    func walk(_ visit: ([String: Any], String) -> Void) {
        var pending: [(node: Any, path: String)] = [(root, "(root)")]
        while let (node, path) = pending.popLast() {
            if let object = node as? [String: Any] {
                visit(object, path)
                for (key, value) in object where !["if", "defaultSnippets", "enum"].contains(key) {
                    pending.append((value, "\(path).\(key)"))
                }
            } else if let array = node as? [Any] {
                for (index, value) in array.enumerated() { pending.append((value, "\(path)[\(index)]")) }
            }
        }
    }
}
