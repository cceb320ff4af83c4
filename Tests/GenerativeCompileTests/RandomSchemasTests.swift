import PublisherGeneratorCore
import RandomSchemas
import Testing

/// The random schemas are reproducible, mostly valid, and reach every key and word of the language:
/// without that, a green generative run would prove little.
@Suite struct RandomSchemasTests {
    static func schemas(seed: UInt64, count: Int = 300) -> [RandomSchema] {
        var composer = SchemaComposer(runSeed: seed)
        return (0..<count).map { composer.schema(index: $0) }
    }

    static func validates(_ schema: RandomSchema) throws -> Bool {
        let input = GenerationPipeline.Input.source(bytes: Array(schema.yaml.utf8), path: schema.fileName)
        return try GenerationPipeline().run(input, through: .validate, diagnostics: CollectingDiagnosticSink())
            .succeeded
    }

    /// A new kind is composed as soon as it is registered, or this fails.
    @Test func everyRegisteredKindHasAComposer() {
        #expect(KindComposers.kinds.map(\.rawValue).sorted() == KindRegistry.standard.kinds.map(\.rawValue).sorted())
    }

    @Test func theSameSeedGivesTheSameSchemas() {
        #expect(Self.schemas(seed: 7, count: 50).map(\.yaml) == Self.schemas(seed: 7, count: 50).map(\.yaml))
    }

    @Test func anotherSeedGivesOtherSchemas() {
        let first = Self.schemas(seed: 7, count: 50).map(\.yaml)
        let second = Self.schemas(seed: 8, count: 50).map(\.yaml)
        #expect(zip(first, second).filter { $0 == $1 }.count < 5)
    }

    @Test func mostSchemasValidateAndEveryOneBrokenOnPurposeIsRejected() throws {
        let schemas = Self.schemas(seed: 11)
        var valid = 0
        for schema in schemas {
            let validates = try Self.validates(schema)
            if validates { valid += 1 }
            if let reason = schema.invalidBecause {
                #expect(!validates, "validated although \(reason):\n\(schema.yaml)")
            }
        }
        #expect(valid >= schemas.count * 3 / 4, "only \(valid) of \(schemas.count) validate")
    }

    @Test func everyKeyOfTheLanguageIsWritten() {
        let text = Self.schemas(seed: 13).map(\.yaml).joined()
        for scope in KindRegistry.standard.language.scopes {
            for key in scope.keys.map(\.name) {
                #expect(text.contains("\(key): "), "no schema writes '\(key)' (\(scope.name))")
            }
        }
    }

    /// A delegate reached through a property path, and the sender sent as its own type, are drawn.
    @Test func someDeclarationsUseAPropertyPathAndTheSendersOwnType() {
        let declarations = Self.schemas(seed: 13).flatMap { $0.yaml.components(separatedBy: "\n  - ") }
        #expect(declarations.contains { $0.contains("kind: delegate") && $0.contains("property: storage.delegate") })
        #expect(
            declarations.contains {
                $0.contains("kind: targetAction") && $0.contains("output: Self") && !$0.contains("value: ")
            })
    }

    /// `initial:` is a key of several kinds: the delegate declarations draw it too.
    @Test func someDelegateDeclarationSendsACurrentValue() {
        let declarations = Self.schemas(seed: 13).flatMap { $0.yaml.components(separatedBy: "\n  - ") }
        #expect(declarations.contains { $0.contains("kind: delegate") && $0.contains("initial: ") })
    }

    @Test func everyKindPolicyAndAccessLevelIsWritten() {
        let text = Self.schemas(seed: 17).map(\.yaml).joined()
        let words =
            KindRegistry.standard.kinds.map { "kind: \($0)" } + [
                "whenNoDemand: drop",
                "whenNoDemand: latest", "buffer: ", "whenFull: dropOldest", "whenFull: dropNewest", "start: onDemand",
                "start: onSubscribe", "access: public", "access: package", "access: internal", "<<: *shared",
            ]
        for word in words {
            #expect(text.contains(word), "no schema writes '\(word)'")
        }
    }
}
