import Foundation
import PublisherGeneratorCore
import Testing

/// The registry is the one list of kinds: each unit is found by its kind's spelling and by its
/// model's type, so it refuses two units of either, and a declaration's kind is its source's.
@Suite struct KindRegistryTests {
    /// The generator's own units make a registry (`standard` would stop the tool otherwise), whose
    /// kinds are their models' in their order.
    @Test func theStandardUnitsMakeARegistry() throws {
        let registry = try KindRegistry(KindRegistry.standardUnits)
        #expect(registry.kinds == KindRegistry.standardUnits.map { $0.sourceType.kind })
        #expect(registry.kinds == KindRegistry.standard.kinds)
    }

    @Test func aModelRegisteredTwiceIsRefused() {
        #expect(throws: KindRegistry.Refusal.modelTwice("CallbackSource")) {
            try KindRegistry([CallbackKind.self, PollingKind.self, CallbackKind.self])
        }
    }

    @Test func aSpellingTakenByTwoModelsIsRefused() {
        #expect(throws: KindRegistry.Refusal.spelledTwice("callback")) {
            try KindRegistry([CallbackKind.self, SecondCallbackKind.self])
        }
    }

    /// Push or pull is said once, by the model's conformance: the language's delivery of a kind
    /// (needed before decoding) and each decoded source's agree for every example declaration.
    @Test func aSourcesDeliveryIsItsKinds() throws {
        let directory = FixturePaths.packageRoot.appending(path: "Schemas/Examples")
        let paths = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".publishers.yaml") }.map { directory.appending(path: $0).path }
        let declarations = SchemaLoader().load(paths: paths).files.flatMap(\.publishers)
        #expect(Set(declarations.map(\.kind)) == Set(KindRegistry.standard.kinds))
        for declaration in declarations {
            let pushed = if case .push = declaration.source.delivery { true } else { false }
            #expect(pushed == KindRegistry.standard.isPush(declaration.kind), "\(declaration.name.value)")
        }
    }

    /// A registry without a kind answers questions about it rather than stopping the tool, and a
    /// schema naming it gets the diagnostic of an unknown kind.
    @Test func aKindTheRegistryLacksIsAnsweredWithoutStopping() throws {
        let registry = try KindRegistry([PollingKind.self])
        #expect(!registry.isPush(.callback))
        #expect(registry.vocabulary.declaration(.callback) == nil)
        let loaded = SchemaLoader(kinds: registry).load(
            bytes: Array(
                """
                version: 1
                publishers:
                  - { name: Ticks, kind: callback, on: Clock, output: Int, register: "observe { send($0) }" }
                """.utf8), path: "Clock.publishers.yaml")
        #expect(loaded.files.isEmpty)
        #expect(loaded.diagnostics.diagnostics.first?.message == "unknown kind 'callback'")
    }

    /// A declaration of a kind the generator was not given (only a caller that builds models itself
    /// can make one) renders as a compile error at its `kind:`, rather than stopping the tool.
    @Test func aDeclarationOfAnUnregisteredKindRendersAsACompileError() throws {
        let loaded = SchemaLoader().load(
            bytes: Array(
                """
                version: 1
                publishers:
                  - { name: Ticks, kind: callback, on: Clock, output: Int, register: "observe { send($0) }" }
                """.utf8), path: "Clock.publishers.yaml")
        let file = try #require(loaded.files.first)
        let generator = CodeGenerator(kinds: try KindRegistry([PollingKind.self]).emitters)
        let text = generator.render(file)
        #expect(text.contains("#error("))
        #expect(text.contains("publisher 'Ticks' is of kind 'callback', which this generator was not given"))
        #expect(!text.contains("struct TicksPublisher"))
    }
}

/// A second model spelled `callback`, for the registry to refuse beside ``CallbackSource``.
private struct SecondCallbackSource: PullSource {
    static var kind: PublisherKind { PublisherKind(spelling: "callback") }
}

/// The unit of ``SecondCallbackSource``: the registry refuses it before asking it anything.
private enum SecondCallbackKind: KindDecoding, KindEmitting {
    typealias Source = SecondCallbackSource
    static let language = CallbackKind.language
    static let keys: [KindKey] = []
    static let namesInScope: [String] = []
    static let starterSchemaEntry: String? = nil

    static func decodeSource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> Source? { Source() }
    static func checkCompiles(_ draft: DeclarationDraft, source: Source, read: inout ScalarReader) -> Bool { true }
    static func argumentsWithoutDefault(of source: Source) -> [String] { [] }
    static func leadingFactoryLabels(of source: Source, form: EmittedForm) -> [String] { [] }
    static func checkAcrossDeclarations(
        _ declarations: [(PublisherDeclaration, Source)], diagnostics: inout DiagnosticCollector
    ) {}
    static func imports(for source: Source) -> [String] { [] }
    static func emitter(for source: Source, text: DeclarationText) -> any KindEmitter { NoTextEmitter() }
    static func printShared(_ texts: [(text: DeclarationText, source: Source)], to printer: inout SwiftPrinter) {}
}

/// Writes nothing: the refused unit's emitter is never asked for text.
private struct NoTextEmitter: KindEmitter {
    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter) {}
    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {}
}
