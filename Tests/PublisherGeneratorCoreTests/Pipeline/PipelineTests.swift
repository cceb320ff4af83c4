import Foundation
import PublisherGeneratorCore
import Testing

/// The pipeline's contract: every stage reports through the one sink, a stage runs only after the
/// ones before it succeeded, and each sink does what its name says.
@Suite struct PipelineTests {
    static let valid =
        "version: 1\npublishers:\n  - { name: Tick, kind: periodic, output: Int, interval: 1, value: '1' }\n"
    static let twoErrors = "version: 1\npublishers:\n  - { name: A, kind: periodic, output: Int, interval: 0 }\n"

    static func source(_ text: String) -> GenerationPipeline.Input {
        .source(bytes: Array(text.utf8), path: "Clock.publishers.yaml")
    }

    @Test func validSchemaRendersThroughTheSameEntryPoint() throws {
        let sink = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline().run(Self.source(Self.valid), through: .render, diagnostics: sink)
        #expect(outcome.succeeded)
        #expect(sink.diagnostics.isEmpty)
        #expect(
            outcome.outputs.map(\.name) == [
                "Clock.publishers.swift", "GeneratedPublisherSupport.swift", "GeneratedPublisherSupport+Combine.swift",
                "GeneratedPublisherSupport+Async.swift",
            ])
    }

    @Test func validationStopsBeforeRendering() throws {
        let sink = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline().run(Self.source(Self.twoErrors), through: .render, diagnostics: sink)
        #expect(!outcome.succeeded)
        #expect(outcome.outputs.isEmpty)
        #expect(
            sink.diagnostics.map(\.description) == [
                "Clock.publishers.yaml:3:5: error: publisher 'A' (kind periodic) is missing required key 'value'; add 'value:' with a Swift expression evaluated at every tick, e.g. 'value: Date()'",
                "Clock.publishers.yaml:3:55: error: 'interval' must be greater than zero, but it is 0; give the seconds between ticks, e.g. 'interval: 1.0'",
            ])
    }

    @Test func throwingSinkStopsAtTheFirstErrorAfterPassingItOn() throws {
        let collected = CollectingDiagnosticSink()
        let sink = ThrowingDiagnosticSink(upstream: collected)
        #expect(throws: DiagnosticError.self) {
            _ = try GenerationPipeline().run(Self.source(Self.twoErrors), through: .render, diagnostics: sink)
        }
        #expect(collected.diagnostics.count == 1)
    }

    @Test func warningsAsErrorsStopTheRun() throws {
        let text = "version: 1\npublishers:\n  - { name: tick, kind: periodic, output: Int, interval: 1, value: '1' }\n"
        let lenient = try GenerationPipeline().run(
            Self.source(text), through: .render, diagnostics: CollectingDiagnosticSink())
        #expect(lenient.succeeded)
        let strict = try GenerationPipeline(warningsAsErrors: true).run(
            Self.source(text), through: .render, diagnostics: CollectingDiagnosticSink())
        #expect(!strict.succeeded)
        #expect(strict.outputs.isEmpty)
    }

    /// A render-time problem is an ordinary diagnostic at the schema line it concerns.
    @Test func missingSampleIsADiagnosticAtTheOutput() throws {
        let text =
            "version: 1\npublishers:\n  - { name: Tap, kind: periodic, output: Thing, interval: 1, value: make() }\n"
        let sink = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline(product: .tests(module: "App", framework: .xctest)).run(
            Self.source(text), through: .render, diagnostics: sink)
        #expect(!outcome.succeeded)
        #expect(sink.diagnostics.count == 1)
        #expect(sink.diagnostics.first?.location == SourceLocation(path: "Clock.publishers.yaml", line: 3, column: 42))
    }

    /// A refused write is an ordinary diagnostic naming the file, and nothing is written.
    @Test func refusedOverwriteIsADiagnostic() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let mine = directory.appending(path: "Clock.publishers.swift")
        try Data("// my own file\n".utf8).write(to: mine)
        let sink = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline().run(
            Self.source(Self.valid), through: .write(to: directory.path), diagnostics: sink)
        #expect(!outcome.succeeded)
        #expect(sink.diagnostics.count == 1)
        #expect(sink.diagnostics.first?.path == mine.path)
        #expect(sink.diagnostics.first?.description.contains("not overwriting a file") == true)
        #expect(String(decoding: try Data(contentsOf: mine), as: UTF8.self) == "// my own file\n")
        #expect(
            !FileManager.default.fileExists(atPath: directory.appending(path: "GeneratedPublisherSupport.swift").path))
    }

    @Test func aProblemOfTheToolItselfNamesNoFile() {
        #expect(
            Diagnostic(.error, "resources missing", hint: "reinstall").description
                == "error: resources missing; reinstall")
    }
}
