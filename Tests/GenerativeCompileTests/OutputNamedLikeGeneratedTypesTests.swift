import Foundation
import PublisherGeneratorCore
import Testing

/// An `output` and a `failure` may name a type of the module called like a name the generated
/// types declare (`Output`, `Failure`, `Element`, `Iterator`, `Send`, `Finish`, `Fail`, `Attach`),
/// unqualified: they are written outside them, in the typealias that names each form, so the
/// module's type is the one they name. So may a parameter's type in a declaration with `on`, whose
/// factory is the owner's. Code that calls functions named like the generated code's locals
/// (`publisherNext`, …) calls them. Each validates, and the module compiles in Swift 6 with
/// warnings as errors.
@Suite struct OutputNamedLikeGeneratedTypesTests {
    static let names = ["Output", "Failure", "Element", "Iterator", "Send", "Finish", "Fail", "Attach"]

    @Test func outputsNamedLikeGeneratedTypesCompile() async throws {
        var schema = "version: 1\npublishers:\n"
        var world = "// The module's own types, named like the generated types' members.\nstruct Hub {}\n"
        for name in Self.names {
            world += "struct \(name): Error {}\n"
            // A push kind (its types declare `Send`, `Finish`, `Fail`, `Attach`) and a pull kind.
            schema += "  - { name: Pushed\(name), kind: callback, output: \(name), register: \"send(\(name)())\" }\n"
            schema += "  - { name: Pulled\(name), kind: polling, output: \(name), next: \"\(name)()\" }\n"
            // The failure, and a factory parameter of the type, with the code naming it.
            schema += """
                  - name: FailingPushed\(name)
                    kind: callback
                    on: Hub
                    output: Int
                    failure: \(name)
                    parameters: [{ name: given, type: \(name) }]
                    register: "fail(given); fail(\(name)())"
                  - name: FailingPulled\(name)
                    kind: polling
                    on: Hub
                    output: \(name)
                    failure: \(name)
                    parameters: [{ name: given, type: "[\(name)]" }]
                    next: "if given.isEmpty { throw \(name)() } else { return given[0] }"
                  - { name: FailingFree\(name), kind: polling, output: Int, failure: \(name), next: "throw \(name)()" }

                """
        }
        // Functions named like the locals the generated code declares around schema code, which
        // the code calls: a local of the name left in scope would hide the function.
        world += "struct Marker {}\n"
        let locals = [
            "publisherAttach", "publisherNext", "publisherValue", "publisherInitial", "publisherDetach",
            "publisherRegistration",
        ]
        for local in locals { world += "func \(local)(_: Marker) {}\n" }
        let calls = locals.map { "\($0)(Marker())" }.joined(separator: "; ")
        schema += """
              - name: CallingLocals
                kind: callback
                on: Hub
                output: Int
                register: "\(calls); return 0"
                initial: "{ \(calls); return 1 }()"
                unregister: "\(calls); _ = token"
              - { name: NextCallingLocals, kind: polling, output: Int, next: "\(calls); return nil" }
              - { name: ValueCallingLocals, kind: periodic, output: Int, interval: 1, value: "\(calls); return 1" }
              - { name: MainActorCallingLocals, kind: callback, output: Int, isolation: mainActor, register: "\(calls)" }

            """
        let products = try BuildProducts.locate()
        let work = products.work.appendingPathComponent("OutputNames")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let schemaFile = work.appendingPathComponent("Names.publishers.yaml")
        try schema.write(to: schemaFile, atomically: true, encoding: .utf8)
        let diagnostics = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline(includeSupport: true, sourceLocationPaths: .absolute).run(
            .paths([schemaFile.path]), through: .render, diagnostics: diagnostics)
        try #require(outcome.succeeded, "\(diagnostics.diagnostics.map(\.description))")
        var files = [work.appendingPathComponent("World.swift")]
        try world.write(to: files[0], atomically: true, encoding: .utf8)
        for output in outcome.outputs {
            let url = work.appendingPathComponent(output.name)
            try output.contents.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        let compiled = try await SwiftCompiler.run([
            SwiftCompiler.Job(
                module: "OutputNames",
                arguments: ["-module-name", "OutputNames"] + CompileMode.swift6.compilerFlags
                    + products.commonFlags(searching: work)
                    + ["-emit-sil", "-o", work.appendingPathComponent("OutputNames.sil").path] + files.map(\.path))
        ])
        #expect(compiled[0].succeeded, "\(compiled[0].output.prefix(3_000))")
    }
}
