import Foundation
import PublisherGeneratorCore
import RandomSchemas
import Testing

/// A module gets only the runtime its code needs: for each kind, random schemas of that kind alone
/// generate support files that hold none of the other kinds' parts, and the module (its
/// declarations' world, its publishers and those support files, nothing else) compiles in Swift 6
/// with warnings as errors, which proves that no part it needs was left out.
@Suite struct OneKindModuleTests {
    /// The parts only one kind's code uses, by kind: a module of another kind must not get them.
    /// (`DelegateLifetime` is not one: the kinds that end with their owner watch it through it.)
    static let ownParts: [String: [String]] = [
        "delegate": [
            "DelegateConsumers", "DelegateProxyState", "DelegateProxyTable", "DelegateProxyChain",
            "DelegateSlotReassignment", "DelegateCallEncoding", "DelegateCallReturnShape", "DelegateCallDefaults",
            "DelegateSwallowedCall", "DelegateBlockSignature", "DelegateCallSink",
        ],
        "observation": ["ObservedModelReads"],
        "polling": ["PullPublisher", "PullSequence", "PullSubscription", "PullIteration"],
        "targetAction": ["SingleActionForwarder"],
    ]

    /// Valid random schemas whose declarations are all of `kind`, at most `count`.
    static func schemas(of kind: String, count: Int) throws -> [RandomSchema] {
        var composer = SchemaComposer(runSeed: 0x0_4E_4B)
        var found: [RandomSchema] = []
        for index in 0..<3_000 where found.count < count {
            let schema = composer.schema(index: index)
            // Block and flow styles alike: every `kind: ` the schema says.
            let kinds = Set(schema.yaml.matches(of: /kind: ([A-Za-z]+)/).map { String($0.output.1) })
            guard kinds == [kind], try RandomSchemasTests.validates(schema) else { continue }
            found.append(schema)
        }
        return found
    }

    @Test(arguments: KindRegistry.standard.kinds.map(\.rawValue))
    func aModuleOfOneKindGetsOnlyItsRuntime(kind: String) async throws {
        let schemas = try Self.schemas(of: kind, count: 3)
        try #require(!schemas.isEmpty, "no random schema of \(kind) alone")
        let products = try BuildProducts.locate()
        let root = products.work.appendingPathComponent("OneKind-\(kind)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)

        let schemaFolder = root.appendingPathComponent("Schemas")
        try FileManager.default.createDirectory(at: schemaFolder, withIntermediateDirectories: true)
        for schema in schemas {
            try schema.yaml.write(
                to: schemaFolder.appendingPathComponent(schema.fileName), atomically: true, encoding: .utf8)
        }
        // One run over the module's schemas, as the build plugin makes: one set of support files.
        let outcome = try GenerationPipeline(includeSupport: true).run(
            .paths([schemaFolder.path]), through: .render, diagnostics: CollectingDiagnosticSink())
        try #require(outcome.succeeded)
        var files = [root.appendingPathComponent("WorldDeclarations.swift")]
        try SchemaWorld.declarationsFile.write(to: files[0], atomically: true, encoding: .utf8)
        for output in outcome.outputs {
            let url = root.appendingPathComponent(output.name)
            try output.contents.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        let support = try files.filter { $0.lastPathComponent.hasPrefix("GeneratedPublisherSupport") }
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        for (other, parts) in Self.ownParts where other != kind {
            for part in parts {
                #expect(
                    !support.contains("class \(part)") && !support.contains("enum \(part)")
                        && !support.contains("struct \(part)") && !support.contains("protocol \(part)"),
                    "a module of \(kind) sources gets \(other)'s \(part)")
            }
        }
        let compiled = try await SwiftCompiler.run([
            SwiftCompiler.Job(
                module: "OneKind",
                arguments: ["-module-name", "OneKind"] + CompileMode.swift6.compilerFlags
                    + products.commonFlags(searching: root)
                    + ["-emit-sil", "-o", root.appendingPathComponent("OneKind.sil").path] + files.map(\.path))
        ])
        #expect(compiled[0].succeeded, "\(compiled[0].output.prefix(3_000))")
    }
}
