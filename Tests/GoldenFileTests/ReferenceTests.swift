import Foundation
import GeneratorEmitting
import PublisherGeneratorCore
import TestHelpers
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
        /// Warnings the schemas draw on purpose, each by words of its message: no other diagnostic
        /// is allowed.
        var expectedWarnings: [String] = []
    }

    /// A directory of committed output and the renders that fill it. The files emitted verbatim
    /// are not copied there: the target compiles them through `verbatim`, links beside `goldens` to
    /// folders of `Templates/`.
    struct GoldenSet: CustomStringConvertible, Sendable {
        var goldens: String
        var renders: [Render]
        var verbatim: [String] = []
        var description: String { goldens }
    }

    /// Words of the warning the fixtures draw on purpose: two declarations of different owners on
    /// one delegate slot (StorageEdits and NoteText; StorageEditedRanges and TextViewText), which
    /// the engine's tests and the Mac-only tests exercise.
    static let chainedProxies = "two proxies chained"

    static let sets = [
        GoldenSet(
            goldens: "Tests/GeneratedExamples/Generated", renders: [Render(schemas: "Schemas/Examples")],
            verbatim: ["Tests/GeneratedExamples/Engine"]),
        GoldenSet(
            goldens: "Tests/GeneratedFixtures/Generated",
            // StorageEdits and NoteText chain two proxies on one slot, which the engine's tests exercise.
            renders: [Render(schemas: "Tests/Fixtures/Generation", expectedWarnings: [chainedProxies])],
            verbatim: ["Tests/GeneratedFixtures/Engine"]),
        GoldenSet(
            goldens: "Tests/GeneratedScaffoldTests/Generated",
            renders: [
                Render(
                    schemas: "Tests/Fixtures/Generation", testModule: "GeneratedFixtures",
                    expectedWarnings: [chainedProxies]),
                Render(schemas: "Schemas/Examples", testModule: "GeneratedExamples", includeSupport: false),
            ],
            verbatim: ["Tests/GeneratedScaffoldTests/TestSupport", "Tests/GeneratedScaffoldTests/TestAssertions"]),
        GoldenSet(
            goldens: "Benchmarks/Sources/BenchSubjects/Generated",
            renders: [Render(schemas: "Benchmarks/Schemas/Subjects")],
            verbatim: ["Benchmarks/Sources/BenchSubjects/Engine"]),
        GoldenSet(
            goldens: "Benchmarks/Sources/BenchMainActorSubjects/Generated",
            renders: [Render(schemas: "Benchmarks/Schemas/MainActor")],
            verbatim: ["Benchmarks/Sources/BenchMainActorSubjects/Engine"]),
        // Apple-only (UIKit and AppKit senders): parsed by `everyBranchParses`, compiled on a Mac.
        GoldenSet(
            goldens: "Tests/GeneratedApple/Generated",
            renders: [
                // StorageEditedRanges and TextViewText chain two proxies on one text storage, on purpose.
                Render(
                    schemas: "Tests/Fixtures/ApplePlatforms", includeSupport: false,
                    expectedWarnings: [chainedProxies]),
                Render(
                    schemas: "Tests/Fixtures/ApplePlatforms", testModule: "AppleControls", includeSupport: false,
                    expectedWarnings: [chainedProxies]),
                // CombineCocoa's delegate publishers (the DocC article MigratingFromCombineCocoa): a module of their own, since
                // they observe `UITableView.delegate` too, whose declarations must share one file.
                Render(schemas: "Tests/Fixtures/CombineCocoa", includeSupport: false),
                Render(schemas: "Tests/Fixtures/CombineCocoa", testModule: "AppleControls", includeSupport: false),
            ]),
        GoldenSet(
            goldens: "Tests/GeneratedSwiftTestingScaffoldTests/Generated",
            renders: [
                Render(
                    schemas: "Tests/Fixtures/Generation", testModule: "GeneratedFixtures", framework: .swiftTesting,
                    expectedWarnings: [chainedProxies])
            ],
            verbatim: [
                "Tests/GeneratedSwiftTestingScaffoldTests/TestSupport",
                "Tests/GeneratedSwiftTestingScaffoldTests/TestAssertions",
            ]),
        // A module whose schemas emit only the async form, and its tests: neither imports Combine.
        // Their links reach the Combine form's files too, which the targets exclude: the generated
        // stubs in `goldens` stand in for them.
        GoldenSet(
            goldens: "Tests/GeneratedAsyncOnly/Generated", renders: [Render(schemas: "Tests/Fixtures/AsyncOnly")],
            verbatim: ["Tests/GeneratedAsyncOnly/Engine"]),
        GoldenSet(
            goldens: "Tests/GeneratedAsyncOnlyScaffoldTests/Generated",
            renders: [Render(schemas: "Tests/Fixtures/AsyncOnly", testModule: "GeneratedAsyncOnly")],
            verbatim: ["Tests/GeneratedAsyncOnlyScaffoldTests/TestSupport"]),
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
            let found = diagnostics.diagnostics.map(\.description)
            #expect(found.count == render.expectedWarnings.count, "\(found)")
            for (diagnostic, words) in zip(found, render.expectedWarnings) {
                #expect(diagnostic.contains("warning:") && diagnostic.contains(words), "\(diagnostic)")
            }
            #expect(outcome.succeeded)
            return outcome.outputs
        }
    }

    /// Files emitted verbatim: the emitted text is the header, then the bytes of the template the
    /// set's target compiles through its links.
    static let verbatimNames: Set<String> = Set(GeneratedFileNames.supportFiles + GeneratedFileNames.testSupportFiles)

    /// The Swift files committed in a set's golden directory, by name.
    static func goldenFiles(of set: GoldenSet) throws -> [String: URL] {
        try swiftFiles(in: set.goldens)
    }

    /// The files emitted verbatim that a set's target compiles through its links, by name, each as
    /// its parts (``RuntimeFile``) reached through a link: each one the generator emits, unless a
    /// golden of the same name (a stub of a form no schema emits) stands in for it.
    static func verbatimFiles(of set: GoldenSet) throws -> [String: [URL]] {
        let goldens = try goldenFiles(of: set)
        let runtime = packageRoot.appending(path: "Templates").resolvingSymlinksInPath().path + "/"
        var files: [String: [URL]] = [:]
        for directory in set.verbatim {
            let link = packageRoot.appending(path: directory)
            let target = link.resolvingSymlinksInPath().path
            #expect(target.hasPrefix(runtime), "\(directory) must be a link into Templates/")
            let linkedFolder = String(target.dropFirst(runtime.count))
            for file in RuntimeFile.all where goldens[file.name] == nil {
                let inside: String
                if file.folder == linkedFolder {
                    inside = ""
                } else if file.folder.hasPrefix(linkedFolder + "/") {
                    inside = String(file.folder.dropFirst(linkedFolder.count + 1)) + "/"
                } else {
                    continue
                }
                let parts = try RuntimeFiles(directory: packageRoot.appending(path: "Templates")).parts(of: file)
                    .map { link.appending(path: "\(inside)\($0).swift") }
                #expect(
                    files.updateValue(parts, forKey: file.name) == nil,
                    "\(file.name) is linked twice for \(set.goldens)")
            }
        }
        return files
    }

    /// Every Swift file a set's target compiles of what the generator emits: its goldens and the
    /// parts of the files emitted verbatim, the goldens sorted by name, then the parts.
    static func compiledFiles(of set: GoldenSet) throws -> [URL] {
        let goldens = try goldenFiles(of: set).sorted { $0.key < $1.key }.map(\.value)
        let verbatim = try verbatimFiles(of: set).sorted { $0.key < $1.key }.flatMap(\.value)
        return goldens + verbatim
    }

    private static func swiftFiles(in directory: String) throws -> [String: URL] {
        let url = packageRoot.appending(path: directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, url.appending(path: $0)) })
    }

    /// The parts of the runtime the set's generated code needs: what the code of the render that
    /// emits the support names.
    func selection(of set: GoldenSet, outputs: [CodeGenerator.OutputFile]) throws -> RuntimeSelection {
        let supporting = set.renders.filter(\.includeSupport)
        let own = try Self.generate(GoldenSet(goldens: set.goldens, renders: supporting))
        let texts = own.filter { !Self.verbatimNames.contains($0.name) }.map(\.contents)
        let files = [RuntimeFile.engine, .combineEngine, .asyncEngine].filter { file in
            outputs.contains { $0.name == file.name }
        }
        return try RuntimeSelection(
            of: files, for: texts, from: RuntimeFiles(directory: Self.packageRoot.appending(path: "Templates")))
    }

    @Test(arguments: sets)
    func generatedCodeMatchesGoldens(set: GoldenSet) throws {
        let outputs = try Self.generate(set)
        let goldenDirectory = Self.packageRoot.appending(path: set.goldens)
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            let linked = try Self.verbatimFiles(of: set)
            _ = try GeneratedFileWriter().write(outputs.filter { linked[$0.name] == nil }, to: goldenDirectory.path)
        }
        let goldens = try Self.goldenFiles(of: set)
        let verbatim = try Self.verbatimFiles(of: set)
        let committed = (Array(goldens.keys) + Array(verbatim.keys)).sorted()
        #expect(committed == outputs.map(\.name).sorted(), "stale or missing golden files in \(set.goldens)")
        // The target compiles every part; the module gets the ones its code names, in order.
        let selection = try selection(of: set, outputs: outputs)
        for output in outputs {
            let expected: String
            if let golden = goldens[output.name] {
                expected = String(decoding: FileManager.default.contents(atPath: golden.path) ?? Data(), as: UTF8.self)
            } else if let parts = verbatim[output.name] {
                #expect(Self.verbatimNames.contains(output.name), "\(output.name) is not a file emitted verbatim")
                // The test support is whole (`TestSupportGenerator` says why).
                let chosen = selection.parts[output.name]
                // A part's name is its path in its folder (`Delegate/DelegateCallSink`).
                let isChosen = { (url: URL) in chosen?.contains { url.path.hasSuffix("/\($0).swift") } ?? true }
                let texts = parts.filter(isChosen).map {
                    String(decoding: FileManager.default.contents(atPath: $0.path) ?? Data(), as: UTF8.self)
                }
                expected = GeneratedFileHeader.text(source: nil) + "\n" + RuntimeParts.joined(texts)
            } else {
                continue  // reported above as missing
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
            let run = try await SwiftCommand.parse(Self.compiledFiles(of: set))
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.isEmpty, "\(run.output)")
        }
    }

    /// Generated code is code people read: it passes the project's own `swift format` rules. The
    /// goldens only: the files emitted verbatim are `Templates/`, which `swift format` never read
    /// here (it skips symbolic links, and those files were links until each target linked their
    /// folder instead).
    @Test func generatedCodeIsFormatted() async throws {
        let swiftFormat = try #require(Self.findTool("swift-format"), "swift-format not found")
        for set in Self.sets {
            let files = try Self.goldenFiles(of: set).values.map(\.path).sorted()
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
