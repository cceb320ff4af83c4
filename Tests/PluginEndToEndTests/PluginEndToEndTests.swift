import Foundation
import TestHelpers
import Testing

/// The real thing: a package that depends on this checkout by path builds, tests and regenerates
/// with both plugins. Slow (it builds the generator from source once, three to four minutes on two
/// cores), so it runs as one test, in the long run only (``LongSuites``: `bash scripts/long-suites.sh`,
/// run by CI). What `swift test` runs of the plugins instead is `GettingStartedTests`: the build-tool
/// plugin on two libraries and a test target, the tool through `swift run`, a path dependency in a
/// folder of another name. The command plugin (writing, `--check`, its errors and summary, nothing to
/// do), a schema error through the build plugin and committed output beside the build plugin are
/// here only: each is a step in this one package, whose build is the cost, not the step.
@Suite(.serialized) struct PluginEndToEndTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A copy of a package in `Tests/Fixtures` beside a link to this checkout.
    final class Workspace {
        let root: URL
        let package: URL

        init(fixture: String = "PluginPackage") throws {
            root = FileManager.default.temporaryDirectory.appending(path: "publisher-plugin-e2e-\(UUID().uuidString)")
            package = root.appending(path: fixture)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: root.appending(path: "swift-publisher-generator"),
                withDestinationURL: PluginEndToEndTests.packageRoot)
            try FileManager.default.copyItem(
                at: PluginEndToEndTests.packageRoot.appending(path: "Tests/Fixtures/\(fixture)"), to: package)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func swift(_ arguments: String...) async throws -> SwiftCommand.Run {
            try await SwiftCommand.run(arguments, in: package)
        }

        func file(_ path: String) -> URL { package.appending(path: path) }

        func append(_ text: String, to path: String) throws {
            let handle = try FileHandle(forWritingTo: file(path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }

        func replace(_ old: String, with new: String, in path: String) throws {
            let text = try String(contentsOf: file(path), encoding: .utf8)
            try text.replacingOccurrences(of: old, with: new).write(to: file(path), atomically: true, encoding: .utf8)
        }
    }

    @Test(.enabled(if: LongSuites.inFull, Comment(rawValue: LongSuites.skipped)))
    func bothPluginsWorkInAPackageThatDependsOnThisOne() async throws {
        let workspace = try Workspace()
        let write = ["package", "--allow-writing-to-package-directory", "generate-publishers"]

        // The command plugin writes Feed's publishers into the package.
        var run = try await workspace.swift(write[0], write[1], write[2])
        #expect(run.status == 0, "\(run.output)")
        let generated = workspace.file("Sources/Feed/Generated")
        #expect(FileManager.default.fileExists(atPath: generated.appending(path: "Feed.publishers.swift").path))
        for support in [
            "GeneratedPublisherSupport", "GeneratedPublisherSupport+Combine", "GeneratedPublisherSupport+Async",
        ] {
            #expect(FileManager.default.fileExists(atPath: generated.appending(path: "\(support).swift").path))
        }
        #expect(
            !FileManager.default.fileExists(atPath: workspace.file("Sources/Clock/Generated").path),
            "Clock compiles its schema with the build plugin and is left alone")

        // The build plugin generates Clock's publishers; everything builds and the tests pass.
        run = try await workspace.swift("build")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Generating publishers for Clock"))
        run = try await workspace.swift("build")
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.output.contains("Generating publishers"), "a no-op rebuild runs nothing:\n\(run.output)")
        run = try await workspace.swift("test")
        #expect(run.status == 0, "\(run.output)")
        // The build plugin on the test target generated scaffolds for both tested modules.
        #expect(run.output.contains("TickPublisherTests"), "\(run.output)")
        #expect(run.output.contains("WordsPublisherTests"), "\(run.output)")
        #expect(
            run.output.contains("testOwnerIsPulledOnlyForDemandOncePerValue"),
            "Feed's `test:` adds tests that pull from a real WordList:\n\(run.output)")
        #expect(run.output.contains(" with 0 failures"), "\(run.output)")
        #expect(
            run.output.contains("wordsCanBeAwaitedOnePullPerNext"),
            "the async form, beside the publisher:\n\(run.output)")

        // --check passes now, fails once the schema changes, and names the stale file.
        run = try await workspace.swift(write[0], write[1], write[2], "--check")
        #expect(run.status == 0, "\(run.output)")
        try workspace.append(
            "  - { name: Letters, kind: polling, on: WordList, output: String, next: popFirst() }\n",
            to: "Sources/Feed/Feed.publishers.yaml")
        run = try await workspace.swift(write[0], write[1], write[2], "--check")
        #expect(run.status != 0)
        #expect(
            run.output.contains("stale:   \(generated.appending(path: "Feed.publishers.swift").path)"), "\(run.output)")

        // The command plugin passes the tool's errors on before its own summary: SwiftPM prints a
        // plugin's output only once it ends, after the summary it threw, until the errors became
        // diagnostics of the plugin's own.
        let feedSchema = workspace.file("Sources/Feed/Feed.publishers.yaml")
        let feed = try String(contentsOf: feedSchema, encoding: .utf8)
        try workspace.append(
            "  - { name: Broken, kind: timer, output: Int }\n", to: "Sources/Feed/Feed.publishers.yaml")
        run = try await workspace.swift(write[0], write[1], write[2], "--target", "Feed")
        #expect(run.status != 0)
        let error = run.output.range(of: "Feed.publishers.yaml:")
        let summary = run.output.range(of: "publisher-generator failed (exit status 1)")
        #expect(run.output.contains("unknown kind 'timer'; did you mean 'periodic'?"), "\(run.output)")
        #expect(
            error != nil && summary != nil && error!.lowerBound < summary!.lowerBound,
            "the errors come first, then the summary:\n\(run.output)")
        try feed.write(to: feedSchema, atomically: true, encoding: .utf8)

        // A schema error reaches the user at its line, through the build plugin.
        try workspace.replace("interval: 1.0", with: "interval: 0", in: "Sources/Clock/Clock.publishers.yaml")
        run = try await workspace.swift("build")
        #expect(run.status != 0)
        #expect(
            run.output.contains("Clock.publishers.yaml:9:15: error: 'interval' must be greater than zero"),
            "\(run.output)")
        try workspace.replace("interval: 0", with: "interval: 1.0", in: "Sources/Clock/Clock.publishers.yaml")

        // Committed output plus the build plugin: one clear error, not duplicate symbols. Printed
        // once, although SwiftPM plans this build twice (its cached plan is stale).
        run = try await workspace.swift(write[0], write[1], write[2], "--target", "Clock")
        #expect(run.status == 0, "\(run.output)")
        run = try await workspace.swift("build")
        #expect(run.status != 0)
        let refusal = "target 'Clock' compiles publisher-generator output that is committed"
        #expect(run.output.components(separatedBy: refusal).count - 1 == 1, "printed once:\n\(run.output)")
        #expect(!run.output.contains("invalid redeclaration"), "\(run.output)")
        // The command its hint gives runs as pasted.
        let command = try #require(run.output.firstMatch(of: /regenerate the committed files with '(swift [^']*)'/)?.1)
        let pasted = try await SwiftCommand.run(
            command.split(separator: " ").dropFirst().map(String.init), in: workspace.package)
        #expect(pasted.status == 0, "\(command):\n\(pasted.output)")

        // The command plugin says when there is nothing to do. (A test of its own once, which built
        // the generator again, four minutes, for this one step.)
        try FileManager.default.removeItem(at: feedSchema)
        run = try await workspace.swift(write[0], write[1], write[2], "--target", "Feed")
        #expect(run.status != 0)
        #expect(run.output.contains("none of the targets Feed has a *.publishers.yaml"), "\(run.output)")
    }
}
