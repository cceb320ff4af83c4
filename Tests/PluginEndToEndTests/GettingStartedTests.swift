import Foundation
import TestHelpers
import Testing

/// Getting Started as it is written. Every code block of the article that follows a line
/// `<!-- getting-started: <path> -->` is written, as shown, to that path of a new package, beside a
/// link to this checkout whose name is not `swift-publisher-generator`: SwiftPM names a path
/// dependency after its folder, so the package builds only because its manifest says
/// `name: "swift-publisher-generator"`, as the article tells users to. The package builds with the
/// build-tool plugin, its program prints what the article's `output` block says (its periodic
/// publisher ticking on `DispatchQueue.main`, a scheduler on Linux through OpenCombineDispatch), and
/// its tests pass. The program's scheduler imports are the ones Periodic sources shows.
///
/// Slow (it builds the generator from source, about 80 to 120 seconds on two cores), so it is one
/// test. Each `swift` run is bounded by `SwiftCommand.timeLimit`; the program, which would wait
/// forever for a tick that never comes, by `programTimeLimit`.
@Suite struct GettingStartedTests {
    static let catalog = PluginEndToEndTests.packageRoot.appending(
        path: "Sources/publisher-generator/Documentation.docc")
    static let markerPrefix = "<!-- getting-started: "
    static let markerSuffix = " -->"
    /// The marker of the block that shows what the program prints.
    static let outputMarker = "output of swift run Ticker"
    /// Where the article's manifest expects the clone, and the folder it is in here.
    static let documentedPath = #"path: "../swift-publisher-generator""#
    static let cloneFolder = "publisher-generator-clone"
    /// The manifest line that names the dependency, and the same line as users write it without
    /// `name:`.
    static let namedDependency = #".package(name: "swift-publisher-generator", path: "#
    static let unnamedDependency = #".package(path: "#
    /// Seconds the program may run: it prints for about seven.
    static let programTimeLimit = 60

    /// A fenced code block of the article and the marker line before it (empty when unmarked).
    struct Block {
        var language: String
        var lines: [String]
        var marker: String?
        var startLine: Int

        var text: String { lines.joined(separator: "\n") + "\n" }
    }

    static func blocks(of article: String) -> [Block] {
        let lines = article.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else {
                index += 1
                continue
            }
            let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            let marker =
                previous.hasPrefix(markerPrefix) && previous.hasSuffix(markerSuffix)
                ? String(previous.dropFirst(markerPrefix.count).dropLast(markerSuffix.count)) : nil
            let start = index
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            // The info string's first word: DocC's options follow it after a comma (```swift, wrap=80).
            let language = line.dropFirst(3).prefix { $0 != "," && $0 != " " }
            blocks.append(
                Block(language: String(language), lines: body, marker: marker, startLine: start + 1))
            index += 1
        }
        return blocks
    }

    @Test func theGettingStartedPackageBuildsAndTicksAsWritten() async throws {
        let article = try String(contentsOf: Self.catalog.appending(path: "GettingStarted.md"), encoding: .utf8)
        let blocks = Self.blocks(of: article)

        // Every Swift file and schema the article shows is a file of the package, and none twice.
        for block in blocks where ["swift", "yaml"].contains(block.language) {
            #expect(
                block.marker != nil,
                "GettingStarted.md:\(block.startLine): a \(block.language) block without \(Self.markerPrefix)<path>\(Self.markerSuffix)"
            )
        }
        var files: [String: String] = [:]
        for block in blocks {
            guard let path = block.marker else { continue }
            #expect(files[path] == nil, "GettingStarted.md marks two blocks as \(path)")
            files[path] = block.text
        }
        for path in ["Package.swift", "Sources/Ticker/main.swift", Self.outputMarker] {
            #expect(files[path] != nil, "GettingStarted.md has no block marked \(path)")
        }
        guard let manifest = files.removeValue(forKey: "Package.swift"),
            let expectedOutput = files.removeValue(forKey: Self.outputMarker),
            let program = files["Sources/Ticker/main.swift"]
        else { return }
        try #require(
            manifest.components(separatedBy: Self.documentedPath).count == 2,
            "Package.swift in GettingStarted.md should have one \(Self.documentedPath)")
        try #require(
            manifest.components(separatedBy: Self.namedDependency).count == 2,
            "Package.swift in GettingStarted.md should have one \(Self.namedDependency)")

        // The README and Plugins add the package with the same lines as the manifest built here.
        let dependencyLines = manifest.components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix(Self.namedDependency) || $0.hasPrefix("// or: .package(url: ") }
        #expect(dependencyLines.count == 2, "\(dependencyLines)")
        for (name, path) in [
            ("README.md", "README.md"), ("Plugins.md", "Sources/publisher-generator/Documentation.docc/Plugins.md"),
        ] {
            let text = try String(contentsOf: PluginEndToEndTests.packageRoot.appending(path: path), encoding: .utf8)
            for line in dependencyLines {
                #expect(text.contains(line), "\(name) should add the package as Getting Started does: \(line)")
            }
        }

        // Periodic sources shows the program's imports, which make DispatchQueue a scheduler.
        let imports = try #require(Self.schedulerImports(in: program), "main.swift has no #if canImport(Combine)")
        let periodic = try String(contentsOf: Self.catalog.appending(path: "PeriodicSources.md"), encoding: .utf8)
        #expect(periodic.contains(imports), "PeriodicSources.md should show main.swift's imports:\n\(imports)")

        let root = FileManager.default.temporaryDirectory.appending(path: "getting-started-\(UUID().uuidString)")
        let package = root.appending(path: "GettingStarted")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: root.appending(path: Self.cloneFolder), withDestinationURL: PluginEndToEndTests.packageRoot)
        for (path, text) in files {
            let url = package.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        // The one edit the article asks for: the path of the clone.
        let pasted = manifest.replacingOccurrences(of: Self.documentedPath, with: #"path: "../\#(Self.cloneFolder)""#)
        let manifestURL = package.appending(path: "Package.swift")
        func swift(_ arguments: String...) async throws -> SwiftCommand.Run {
            let started = Date()
            let run = try await SwiftCommand.run(arguments, in: package)
            print("GettingStartedTests: swift \(arguments.joined(separator: " ")) took \(Self.seconds(since: started))")
            return run
        }

        // Without `name:`, the folder's name is the identity, and the plugin is not found.
        try pasted.replacingOccurrences(of: Self.namedDependency, with: Self.unnamedDependency)
            .write(to: manifestURL, atomically: true, encoding: .utf8)
        var run = try await swift("build")
        #expect(run.status != 0, "\(run.output)")
        // (SwiftPM names one of the targets that use the plugin, not always the same one.)
        #expect(
            run.output.contains("product 'PublisherGeneratorPlugin' required by package 'gettingstarted' target '"),
            "\(run.output)")
        #expect(run.output.contains("' not found in package 'swift-publisher-generator'."), "\(run.output)")

        // As written, it builds, with the plugin generating during the build.
        try pasted.write(to: manifestURL, atomically: true, encoding: .utf8)
        run = try await swift("build", "--build-tests")
        try #require(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Generating publishers for Clock"), "\(run.output)")
        #expect(run.output.contains("Generating publishers for Feed"), "\(run.output)")

        // The program prints what the article shows: the periodic publisher ticks on the main queue.
        let started = Date()
        let output = try await Self.runProgram(package.appending(path: ".build/debug/Ticker"))
        print("GettingStartedTests: the program ran for \(Self.seconds(since: started))")
        #expect(output.status == 0, "\(output.output)")
        #expect(output.output == expectedOutput, "\(TextDiff.unified(expected: expectedOutput, actual: output.output))")

        // And its tests pass: the generated suites and the article's own.
        run = try await swift("test")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("TickPublisherTests"), "\(run.output)")
        #expect(run.output.contains("WordsSequenceTests"), "\(run.output)")
        #expect(run.output.contains(" with 0 failures"), "\(run.output)")
        #expect(run.output.contains("wordsCanBeAwaitedOnePullPerNext"), "\(run.output)")
    }

    /// The `#if canImport(Combine)` … `#endif` lines of `program`.
    static func schedulerImports(in program: String) -> String? {
        guard let start = program.range(of: "#if canImport(Combine)\n"),
            let end = program.range(of: "#endif\n", range: start.upperBound..<program.endIndex)
        else { return nil }
        return String(program[start.lowerBound..<end.upperBound])
    }

    /// Runs the built program, stopped after `programTimeLimit` seconds where coreutils' timeout
    /// exists.
    static func runProgram(_ executable: URL) async throws -> SwiftCommand.Run {
        let timeout = URL(fileURLWithPath: "/usr/bin/timeout")
        guard FileManager.default.isExecutableFile(atPath: timeout.path) else {
            return try await SwiftCommand.execute(executable, [])
        }
        var run = try await SwiftCommand.execute(
            timeout, ["--kill-after=5", "\(programTimeLimit)", executable.path])
        if run.status == 124 || run.status == 137 {
            run.output += "\n\(executable.lastPathComponent) was stopped after \(programTimeLimit) seconds\n"
        }
        return run
    }

    static func seconds(since start: Date) -> String {
        String(format: "%.1f s", Date().timeIntervalSince(start))
    }
}
