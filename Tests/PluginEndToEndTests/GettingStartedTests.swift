import Foundation
import TestHelpers
import Testing

/// Getting Started as it is written, in the order it is written. The article is walked top to
/// bottom in a new folder named unlike its package (`my-app-folder`, package `GettingStarted`),
/// beside a link to this checkout whose name is not `swift-publisher-generator`: every code block
/// that follows a line `<!-- getting-started: <path> -->` is written, as shown, to that path when
/// the walk reaches it, and every `sh` block is run there and then, so a step that needs something
/// the article only gives later fails here as it would for a reader (an `init` before every
/// target's folder exists once did). SwiftPM names a path dependency after its folder, so the
/// package builds only because its manifest says `name: "swift-publisher-generator"`, as the
/// article tells users to; the first `swift` command is preceded by a build without it, which must
/// fail. The program prints what the article's `output` block says (its periodic publisher ticking
/// on `DispatchQueue.main`, a scheduler on Linux through OpenCombineDispatch), and its tests pass.
/// The program's scheduler imports are the ones Periodic sources shows.
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
    /// The package's own folder, named unlike the package (`GettingStarted`), as a reader's may be:
    /// SwiftPM names the root package after it.
    static let packageFolder = "my-app-folder"
    /// The dependency on this package as the README, Getting Started and Plugins add it (each
    /// call on one line, as ``joiningSplitCalls(_:)`` puts it), and the argument without which
    /// users write it.
    static let namedDependency = #".package(name: "swift-publisher-generator", path: "#
    static let dependencyName = #"name: "swift-publisher-generator","#
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

    /// One step of the article, in its order: a file to write (a marked block), commands to run (a
    /// `sh` block) or the program's output to compare (the block marked `outputMarker`).
    enum Step {
        case write(path: String, text: String)
        case run(commands: [String], line: Int)
        case output(String)
    }

    /// The article's steps, top to bottom. Unmarked blocks in other languages (a file listing, a
    /// diagnostic quoted as text) are prose, not steps.
    static func steps(of blocks: [Block]) -> [Step] {
        blocks.compactMap { block in
            if block.marker == outputMarker { return .output(block.text) }
            if let path = block.marker { return .write(path: path, text: block.text) }
            guard block.language == "sh" else { return nil }
            let commands = block.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return .run(commands: commands, line: block.startLine)
        }
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
        guard let manifest = files["Package.swift"], let program = files["Sources/Ticker/main.swift"] else { return }
        try #require(
            manifest.components(separatedBy: Self.documentedPath).count == 2,
            "Package.swift in GettingStarted.md should have one \(Self.documentedPath)")
        let manifestLines = Self.joiningSplitCalls(manifest)
        try #require(
            manifestLines.filter { $0.contains(Self.namedDependency) }.count == 1
                && manifest.components(separatedBy: Self.dependencyName).count == 2,
            "Package.swift in GettingStarted.md should have one \(Self.namedDependency)")

        // The README and Plugins add the package with the same calls as the manifest built here,
        // each on one line or split over several.
        let dependencyLines =
            manifestLines
            .filter { $0.hasPrefix(Self.namedDependency) || $0.hasPrefix("// or: .package(url: ") }
        #expect(dependencyLines.count == 2, "\(dependencyLines)")
        for (name, path) in [
            ("README.md", "README.md"), ("Plugins.md", "Sources/publisher-generator/Documentation.docc/Plugins.md"),
        ] {
            let text = try String(contentsOf: PluginEndToEndTests.packageRoot.appending(path: path), encoding: .utf8)
            let calls = Self.joiningSplitCalls(text)
            for line in dependencyLines {
                #expect(calls.contains(line), "\(name) should add the package as Getting Started does: \(line)")
            }
        }

        // Periodic sources shows the program's imports, which make DispatchQueue a scheduler.
        let imports = try #require(Self.schedulerImports(in: program), "main.swift has no #if canImport(Combine)")
        let periodic = try String(contentsOf: Self.catalog.appending(path: "PeriodicSources.md"), encoding: .utf8)
        #expect(periodic.contains(imports), "PeriodicSources.md should show main.swift's imports:\n\(imports)")

        // The steps this test needs, in the order a reader meets them: `init` once every target has
        // a folder, a build before the program, the program before its output, then the tests.
        let steps = Self.steps(of: blocks)
        let commands = steps.flatMap { step -> [String] in
            if case let .run(commands, _) = step { return commands }
            return []
        }
        for command in [
            "swift run publisher-generator init Sources/Feed/Feed.publishers.yaml", "swift build", "swift test",
        ] {
            #expect(commands.contains(command), "GettingStarted.md never says to run \(command)")
        }

        let root = FileManager.default.temporaryDirectory.appending(path: "getting-started-\(UUID().uuidString)")
        let package = root.appending(path: Self.packageFolder)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: root.appending(path: Self.cloneFolder), withDestinationURL: PluginEndToEndTests.packageRoot)
        func swift(_ arguments: [String]) async throws -> SwiftCommand.Run {
            let started = Date()
            let run = try await SwiftCommand.run(arguments, in: package)
            print("GettingStartedTests: swift \(arguments.joined(separator: " ")) took \(Self.seconds(since: started))")
            return run
        }
        var checkedUnnamedDependency = false
        var testsRan = false
        for step in steps {
            switch step {
            case let .write(path, text):
                // The one edit the article asks for: the path of the clone.
                let pasted =
                    path == "Package.swift"
                    ? text.replacingOccurrences(of: Self.documentedPath, with: #"path: "../\#(Self.cloneFolder)""#)
                    : text
                try Self.write(pasted, to: package.appending(path: path))
            case let .output(expected):
                // `swift run Ticker`, in two steps: the build bounded as every `swift` run is, the
                // program by `programTimeLimit`, as it would wait forever for a tick that never comes.
                let build = try await swift(["build", "--product", "Ticker"])
                try #require(build.status == 0, "\(build.output)")
                let started = Date()
                let output = try await Self.runProgram(package.appending(path: ".build/debug/Ticker"))
                print("GettingStartedTests: the program ran for \(Self.seconds(since: started))")
                #expect(output.status == 0, "\(output.output)")
                #expect(output.output == expected, "\(TextDiff.unified(expected: expected, actual: output.output))")
            case let .run(commands, line):
                for command in commands {
                    let words = command.split(separator: " ").map(String.init)
                    guard words.first == "swift" else {
                        let run = try await SwiftCommand.execute(
                            URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: package)
                        try #require(run.status == 0, "GettingStarted.md:\(line): \(command)\n\(run.output)")
                        continue
                    }
                    if !checkedUnnamedDependency {
                        try await expectUnnamedDependencyFails(package: package, swift: swift)
                        checkedUnnamedDependency = true
                    }
                    let run = try await swift(Array(words.dropFirst()))
                    try #require(run.status == 0, "GettingStarted.md:\(line): \(command)\n\(run.output)")
                    try expectOutcome(of: words.dropFirst().joined(separator: " "), run.output, in: package)
                    testsRan = testsRan || words.dropFirst().first == "test"
                }
            }
        }
        #expect(checkedUnnamedDependency && testsRan, "GettingStarted.md ran no swift command, or no tests")
    }

    /// Without `name:`, the clone folder's name is the dependency's identity, and the plugin is not
    /// found: checked at the article's first `swift` command, once every target has its folder
    /// (before, SwiftPM would stop at a missing folder instead), with the manifest put back after.
    func expectUnnamedDependencyFails(
        package: URL, swift: ([String]) async throws -> SwiftCommand.Run
    ) async throws {
        let manifestURL = package.appending(path: "Package.swift")
        let pasted = try String(contentsOf: manifestURL, encoding: .utf8)
        try pasted.replacingOccurrences(of: Self.dependencyName, with: "")
            .write(to: manifestURL, atomically: true, encoding: .utf8)
        let run = try await swift(["build"])
        #expect(run.status != 0, "\(run.output)")
        // (SwiftPM names one of the targets that use the plugin, not always the same one, and the
        // root package by its folder.)
        #expect(
            run.output.contains(
                "product 'PublisherGeneratorPlugin' required by package '\(Self.packageFolder)' target '"),
            "\(run.output)")
        #expect(run.output.contains("' not found in package 'swift-publisher-generator'."), "\(run.output)")
        try pasted.write(to: manifestURL, atomically: true, encoding: .utf8)
    }

    /// The lines of `text`, trimmed, with each `.package(` split over lines after its `(` (in code,
    /// or in a `//` comment) joined on one line, as a one-line listing writes it: the same
    /// dependency whether a listing splits it to fit its column or not.
    static func joiningSplitCalls(_ text: String) -> [String] {
        var lines: [String] = []
        var call: String?
        for line in text.components(separatedBy: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard var joined = call else {
                if [".package(", "// or: .package("].contains(line) { call = line } else { lines.append(line) }
                continue
            }
            var argument = line
            if joined.hasPrefix("//"), argument.hasPrefix("//") {
                argument = argument.dropFirst(2).trimmingCharacters(in: .whitespaces)
            }
            joined += joined.hasSuffix("(") ? argument : " " + argument
            if argument.hasSuffix(")") || argument.hasSuffix("),") {
                lines.append(joined)
                call = nil
            } else {
                call = joined
            }
        }
        if let call { lines.append(call) }
        return lines
    }

    /// What the article says each of its commands does.
    func expectOutcome(of command: String, _ output: String, in package: URL) throws {
        switch command {
        case let command where command.hasPrefix("run publisher-generator init "):
            let path = String(command.dropFirst("run publisher-generator init ".count))
            let starter = try String(contentsOf: package.appending(path: path), encoding: .utf8)
            #expect(starter.contains("version: 1"), "init wrote no starter schema at \(path):\n\(starter)")
        case "build":
            #expect(output.contains("Generating publishers for Clock"), "\(output)")
            #expect(output.contains("Generating publishers for Feed"), "\(output)")
        case "test":
            // The generated suites and the article's own.
            #expect(output.contains("TickPublisherTests"), "\(output)")
            #expect(output.contains("WordsSequenceTests"), "\(output)")
            #expect(output.contains(" with 0 failures"), "\(output)")
            #expect(output.contains("wordsCanBeAwaitedOnePullPerNext"), "\(output)")
        default:
            break
        }
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
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
