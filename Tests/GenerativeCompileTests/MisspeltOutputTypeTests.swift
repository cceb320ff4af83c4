import Foundation
import PublisherGeneratorCore
import Testing

/// A schema's `output` that names no type of the module is one compiler error, at the schema's
/// line: the type is written once, in the typealias that names each form's generic struct, under a
/// `#sourceLocation` directive, and nothing else in the generated code fails with it (no
/// conformance, closure type or factory call reports an error of its own).
///
/// The bundled examples (one kind or more a file) are generated together, as the build plugin
/// generates a target, with one `output` of each file misspelt, and compiled with their doubles in
/// one Swift 6 module: the compiler must report exactly one error a file, at the misspelt line,
/// and nothing else.
@Suite struct MisspeltOutputTypeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The first `output:` of a declaration of `yaml` that is a plain type name and can be misspelt
    /// without the schema failing to validate, with the schema misspelt there: its line and the
    /// misspelt name.
    static func misspelt(_ yaml: String, fileName: String) throws -> (yaml: String, line: Int, name: String)? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // In a declaration: an anchored mapping above `publishers:` (`x-table-view: &tableView`)
        // gives its `output` to every declaration that merges it, each of which writes it once.
        let declarations = (lines.firstIndex { $0.hasPrefix("publishers:") } ?? 0) + 1
        for (index, line) in lines.enumerated().dropFirst(declarations) {
            guard let match = line.wholeMatch(of: /( *)output: ([A-Z][A-Za-z]*)/), match.output.2 != "Self" else {
                continue
            }
            let name = "Zq" + match.output.2
            var edited = lines
            edited[index] = "\(match.output.1)output: \(name)"
            let candidate = edited.joined(separator: "\n")
            guard case .rendered = try SchemaRendering.render(candidate, fileName: fileName, modules: []) else {
                continue
            }
            return (candidate, index + 1, name)
        }
        return nil
    }

    @Test func aMisspeltOutputIsOneErrorAtItsSchemaLine() async throws {
        let products = try BuildProducts.locate()
        let work = products.work.appendingPathComponent("MisspeltOutput")
        try? FileManager.default.removeItem(at: work)
        let schemas = work.appendingPathComponent("Schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        let examples = Self.root.appendingPathComponent("Schemas/Examples")
        var expected: [String: (line: Int, name: String)] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
        where file.hasSuffix(".yaml") {
            let yaml = try String(contentsOf: examples.appendingPathComponent(file), encoding: .utf8)
            let written = schemas.appendingPathComponent(file)
            if let misspelt = try Self.misspelt(yaml, fileName: file) {
                expected[written.path] = (misspelt.line, misspelt.name)
                try misspelt.yaml.write(to: written, atomically: true, encoding: .utf8)
            } else {
                try yaml.write(to: written, atomically: true, encoding: .utf8)
            }
        }
        try #require(expected.count >= 5, "only \(expected.count) example files have an output to misspell")

        // As the build plugin generates a target: absolute directive paths, one set of support files.
        let outcome = try GenerationPipeline(includeSupport: true, sourceLocationPaths: .absolute).run(
            .paths([schemas.path]), through: .render, diagnostics: CollectingDiagnosticSink())
        try #require(outcome.succeeded)
        let doubles = Self.root.appendingPathComponent("Tests/GeneratedExamples/Doubles")
        var files = try FileManager.default.contentsOfDirectory(atPath: doubles.path).sorted()
            .filter { $0.hasSuffix(".swift") }.map { doubles.appendingPathComponent($0).path }
        for output in outcome.outputs {
            let url = work.appendingPathComponent(output.name)
            try output.contents.write(to: url, atomically: true, encoding: .utf8)
            files.append(url.path)
        }
        let compiled = try await SwiftCompiler.run([
            SwiftCompiler.Job(
                module: "GeneratedExamples",
                arguments: ["-module-name", "GeneratedExamples"] + CompileMode.swift6.compilerFlags
                    + products.commonFlags(searching: work)
                    + ["-emit-sil", "-o", work.appendingPathComponent("GeneratedExamples.sil").path] + files)
        ])
        #expect(!compiled[0].succeeded)
        let errors = Set(compiled[0].output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") })
        for (path, misspelt) in expected {
            let atLine = errors.filter { $0.hasPrefix("\(path):\(misspelt.line):") }
            #expect(
                atLine.count == 1
                    && atLine.first?.hasSuffix("error: cannot find type '\(misspelt.name)' in scope") == true,
                "\(path):\(misspelt.line): \(atLine)")
        }
        #expect(errors.count == expected.count, "\(errors.sorted().joined(separator: "\n"))")
    }
}
