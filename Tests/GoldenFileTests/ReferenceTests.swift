import Foundation
import PublisherGeneratorCore
import TestSupport
import Testing

/// Golden files: each schema set is rendered and compared byte for byte with the generated code
/// committed in a target that compiles it (so every golden is also proven to compile, with
/// warnings as errors, in Swift 6 and Swift 5 modes). Edit the golden first, watch this fail, then
/// change the generator; `RECORD_GOLDENS=1 swift test` rewrites them.
@Suite struct ReferenceTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Schemas rendered into a directory of committed output: publishers, or with `testModule`
    /// the XCTest scaffolds for the publishers of that module.
    struct Render: Sendable {
        var schemas: String
        var testModule: String? = nil
        var framework = TestSupportGenerator.Framework.xctest
        var includeSupport = true
    }

    /// A directory of committed output and the renders that fill it.
    struct GoldenSet: CustomStringConvertible, Sendable {
        var goldens: String
        var renders: [Render]
        var description: String { goldens }
    }

    static let sets = [
        GoldenSet(goldens: "Tests/GeneratedExamples/Generated", renders: [Render(schemas: "Schemas/Examples")]),
        GoldenSet(
            goldens: "Tests/GeneratedFixtures/Generated", renders: [Render(schemas: "Tests/Fixtures/Generation")]),
        GoldenSet(
            goldens: "Tests/GeneratedScaffoldTests/Generated",
            renders: [
                Render(schemas: "Tests/Fixtures/Generation", testModule: "GeneratedFixtures"),
                Render(schemas: "Schemas/Examples", testModule: "GeneratedExamples", includeSupport: false),
            ]),
        GoldenSet(
            goldens: "Benchmarks/Sources/BenchSubjects/Generated",
            renders: [Render(schemas: "Benchmarks/Schemas/Subjects")]),
        GoldenSet(
            goldens: "Benchmarks/Sources/BenchMainActorSubjects/Generated",
            renders: [Render(schemas: "Benchmarks/Schemas/MainActor")]),
        // Apple-only (UIKit and AppKit senders): parsed by `everyBranchParses`, compiled on a Mac.
        GoldenSet(
            goldens: "Tests/GeneratedApple/Generated",
            renders: [
                Render(schemas: "Tests/Fixtures/ApplePlatforms", includeSupport: false),
                Render(schemas: "Tests/Fixtures/ApplePlatforms", testModule: "AppleControls", includeSupport: false),
                // CombineCocoa's delegate publishers (the DocC article MigratingFromCombineCocoa): a module of their own, since
                // they observe `UITableView.delegate` too, whose declarations must share one file.
                Render(schemas: "Tests/Fixtures/CombineCocoa", includeSupport: false),
                Render(schemas: "Tests/Fixtures/CombineCocoa", testModule: "AppleControls", includeSupport: false),
            ]),
        GoldenSet(
            goldens: "Tests/GeneratedSwiftTestingScaffoldTests/Generated",
            renders: [
                Render(schemas: "Tests/Fixtures/Generation", testModule: "GeneratedFixtures", framework: .swiftTesting)
            ]),
        // A module whose schemas emit only the async form, and its tests: neither imports Combine.
        GoldenSet(
            goldens: "Tests/GeneratedAsyncOnly/Generated", renders: [Render(schemas: "Tests/Fixtures/AsyncOnly")]),
        GoldenSet(
            goldens: "Tests/GeneratedAsyncOnlyScaffoldTests/Generated",
            renders: [Render(schemas: "Tests/Fixtures/AsyncOnly", testModule: "GeneratedAsyncOnly")]),
    ]

    /// Renders a set through the pipeline, the same entry point the CLI uses.
    static func generate(_ set: GoldenSet) throws -> [CodeGenerator.OutputFile] {
        try set.renders.flatMap { render in
            let directory = packageRoot.appending(path: render.schemas).path
            let product: GenerationPipeline.Product =
                render.testModule.map { .tests(module: $0, framework: render.framework) } ?? .publishers
            let diagnostics = CollectingDiagnosticSink()
            // Directives name schemas relative to the package root, as the command plugin does, so
            // that the goldens read the same in every checkout.
            let pipeline = GenerationPipeline(
                product: product, includeSupport: render.includeSupport,
                sourceLocationPaths: .relative(to: packageRoot.path))
            let outcome = try pipeline.run(.paths([directory]), through: .render, diagnostics: diagnostics)
            #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.diagnostics)")
            #expect(outcome.succeeded)
            return outcome.outputs
        }
    }

    /// Files emitted verbatim: their goldens are symlinks to `Templates/`, so the emitted text is the
    /// header, then the template's bytes.
    static let verbatimFiles: Set<String> = Set(GeneratedFileNames.supportFiles + GeneratedFileNames.testSupportFiles)

    /// Whether the golden of `name` in `directory` is a symlink into `Templates/`: a verbatim file
    /// (an engine of a form no schema emits is a small generated stub instead).
    static func isVerbatim(_ name: String, in directory: URL) -> Bool {
        verbatimFiles.contains(name)
            && (try? FileManager.default.destinationOfSymbolicLink(atPath: directory.appending(path: name).path)) != nil
    }

    @Test(arguments: sets)
    func generatedCodeMatchesGoldens(set: GoldenSet) throws {
        let outputs = try Self.generate(set)
        let goldenDirectory = Self.packageRoot.appending(path: set.goldens)
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            _ = try GeneratedFileWriter().write(
                outputs.filter { !Self.isVerbatim($0.name, in: goldenDirectory) }, to: goldenDirectory.path)
        }
        let committed = try FileManager.default.contentsOfDirectory(atPath: goldenDirectory.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(committed == outputs.map(\.name).sorted(), "stale or missing golden files in \(set.goldens)")
        for output in outputs {
            let golden = goldenDirectory.appending(path: output.name)
            var expected = String(decoding: FileManager.default.contents(atPath: golden.path) ?? Data(), as: UTF8.self)
            if Self.isVerbatim(output.name, in: goldenDirectory) {
                let target = golden.resolvingSymlinksInPath().path
                let templates = Self.packageRoot.appending(path: "Templates").resolvingSymlinksInPath().path + "/"
                #expect(target.hasPrefix(templates), "\(set.goldens)/\(output.name) must be a symlink into Templates/")
                expected = GeneratedFileHeader.text(source: nil) + "\n" + expected
            }
            if expected != output.contents {
                let diff = TextDiff.unified(expected: expected, actual: output.contents)
                Issue.record("\(set.goldens)/\(output.name) differs from the generator's output:\n\(diff)")
            }
        }
    }

    @Test(arguments: sets)
    func generationIsDeterministic(set: GoldenSet) throws {
        #expect(try Self.generate(set) == Self.generate(set))
    }

    @Test func everyGeneratedFileStartsWithTheHeader() throws {
        for set in Self.sets {
            for output in try Self.generate(set) {
                #expect(GeneratedFileHeader.isGenerated(output.contents), "\(output.name)")
                #expect(!output.contents.contains("\t"), "\(output.name) contains a tab")
                #expect(!output.contents.contains(" \n"), "\(output.name) has trailing spaces")
            }
        }
    }

    /// A module whose schemas emit only the async form gets nothing that imports Combine or
    /// OpenCombine: neither its publishers file and engine nor its tests and their support.
    @Test func asyncOnlyOutputImportsNoCombine() throws {
        let sets = Self.sets.filter { $0.goldens.contains("AsyncOnly") }
        #expect(sets.count == 2)
        for set in sets {
            for output in try Self.generate(set) {
                for line in output.contents.split(separator: "\n") where line.hasPrefix("import ") {
                    #expect(!line.contains("Combine"), "\(set.goldens)/\(output.name): \(line)")
                }
            }
        }
    }

    /// Code that compiles only on Apple platforms (the UIKit and AppKit goldens, the engine's
    /// Objective-C branch, reached through each set's link to it) is not compiled on Linux; the
    /// parser still reads every `#if` branch, so `swiftc -parse` proves it is well-formed Swift.
    @Test func everyBranchParses() async throws {
        for set in Self.sets {
            let directory = Self.packageRoot.appending(path: set.goldens)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".swift") }.sorted().map { directory.appending(path: $0) }
            let run = try await SwiftCommand.parse(files)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.isEmpty, "\(run.output)")
        }
    }

    /// Generated code is code people read: it passes the project's own `swift format` rules.
    @Test func generatedCodeIsFormatted() async throws {
        let swiftFormat = try #require(Self.findTool("swift-format"), "swift-format not found")
        for set in Self.sets {
            let directory = Self.packageRoot.appending(path: set.goldens)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".swift") }.sorted().map { directory.appending(path: $0).path }
            let configuration = Self.packageRoot.appending(path: ".swift-format").path
            let lint = try await ChildProcess.run(
                swiftFormat, ["lint", "--strict", "--configuration", configuration] + files)
            #expect(lint.status == 0, "\(lint.standardError)")
        }
    }

    static func findTool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
