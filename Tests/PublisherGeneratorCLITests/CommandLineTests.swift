import Foundation
import PublisherGeneratorCore
import Testing

/// The CLI's contract: exit 0 on success, 1 on schema problems, 2 on usage errors; diagnostics on
/// standard error as `path:line:column: severity: message`; nothing written when an input is bad.
@Suite struct CommandLineTests {
    /// The kinds as an unknown kind's error lists them: the registry's, in its order.
    static let kinds = KindRegistry.standard.kinds.map(\.rawValue).joined(separator: ", ")
    static let valid = """
        version: 1
        publishers:
          - { name: Tick, kind: periodic, output: Int, interval: 1, value: 1 }
          - { name: Feed, kind: polling, output: Int, next: provider.next() }
        """
    static let invalid = """
        version: 1
        publishers:
          - name: Tick
            kind: periodc
            output: Int
        """

    @Test func validateAcceptsAValidSchema() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.valid, to: "a.publishers.yaml")
        let outcome = try await ToolRunner.run(["validate", "a.publishers.yaml"], in: directory.url)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "Validated 2 publishers in 1 file.\n")
        #expect(outcome.standardError.isEmpty)
    }

    @Test func validateReportsEveryProblemOfEveryFileAndExitsOne() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invalid, to: "a.publishers.yaml")
        try directory.write("version: 3\npublishers: []\n", to: "b.publishers.yaml")
        let outcome = try await ToolRunner.run(
            ["validate", "a.publishers.yaml", "b.publishers.yaml"], in: directory.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.standardError == """
                a.publishers.yaml:4:11: error: unknown kind 'periodc'; did you mean 'periodic'? the kinds are: \(Self.kinds)
                b.publishers.yaml:1:10: error: unsupported schema version 3; this generator reads version 1; write 'version: 1'
                b.publishers.yaml:2:13: warning: no publishers are declared; add declarations under 'publishers:'
                2 errors and 1 warning in 2 files.

                """)
    }

    @Test func aDirectoryStandsForTheSchemasBelowIt() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.valid, to: "Sources/A/a.publishers.yaml")
        try directory.write(
            "version: 1\npublishers:\n  - { name: Other, kind: periodic, output: Int, interval: 1, value: 1 }\n",
            to: "Sources/B/b.publishers.yml")
        try directory.write("not: a schema\n", to: "Sources/B/config.yaml")
        let outcome = try await ToolRunner.run(["validate", "Sources"], in: directory.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "Validated 3 publishers in 2 files.\n")
    }

    @Test func warningsFailOnlyWhenAskedTo() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "version: 1\npublishers:\n  - { name: tick, kind: periodic, output: Int, interval: 1, value: 1 }\n",
            to: "a.publishers.yaml")
        let lenient = try await ToolRunner.run(["validate", "a.publishers.yaml"], in: directory.url)
        #expect(lenient.status == 0)
        #expect(
            lenient.standardError.contains(
                "a.publishers.yaml:3:13: warning: publisher name 'tick' is not UpperCamelCase"))
        let strict = try await ToolRunner.run(
            ["validate", "--warnings-as-errors", "a.publishers.yaml"], in: directory.url)
        #expect(strict.status == 1)
    }

    @Test func missingFileIsADiagnostic() async throws {
        let directory = try TemporaryDirectory()
        let outcome = try await ToolRunner.run(["validate", "nowhere.publishers.yaml"], in: directory.url)
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.hasPrefix("nowhere.publishers.yaml: error: cannot read schema file: no such file\n"))
    }

    @Test(arguments: [
        ["validate"], ["frobnicate"], ["validate", "--no-such-flag", "a.publishers.yaml"],
        ["generate", "a.publishers.yaml"], ["init", "starter.yaml"],
    ])
    func usageErrorsExitTwo(arguments: [String]) async throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.valid, to: "a.publishers.yaml")
        let outcome = try await ToolRunner.run(arguments, in: directory.url)
        #expect(outcome.status == 2, "\(arguments): \(outcome.standardError)")
        #expect(!outcome.standardError.isEmpty)
    }

    @Test func helpListsSubcommandsAndExamples() async throws {
        let directory = try TemporaryDirectory()
        let outcome = try await ToolRunner.run(["--help"], in: directory.url)
        #expect(outcome.status == 0)
        // What the tool does today: both forms, both test frameworks, both plugins, the contract.
        let claims = [
            "validate", "generate", "init", "Examples:", "Exit status", "Combine publisher", "AsyncSequence",
            "XCTest", "Swift Testing", "PublisherGeneratorPlugin", "swift package generate-publishers",
            "path:line:column: error: message", "0 on success, 1 when a schema has errors, 2 on a usage error",
        ]
        // Joined, so that a claim the help wraps across lines is still found.
        let root = outcome.standardOutput.split(whereSeparator: \.isNewline).joined(separator: " ")
        for claim in claims {
            #expect(root.contains(claim), "help lacks \(claim)")
        }
        let options = [
            "validate": ["--warnings-as-errors", "Examples:"],
            "generate": [
                "--output", "--test-support", "--test-framework", "swift-testing", "Swift Testing", "Examples:",
            ],
            "init": ["--force", "Examples:"],
        ]
        for (name, words) in options {
            let subcommand = try await ToolRunner.run([name, "--help"], in: directory.url)
            #expect(subcommand.status == 0)
            let help = subcommand.standardOutput.split(whereSeparator: \.isNewline).joined(separator: " ")
            for word in words {
                #expect(help.contains(word), "\(name) --help lacks \(word)")
            }
            #expect(!help.contains("scaffold"), "\(name) --help still calls the generated tests scaffolds")
        }
    }

    @Test func generateWritesNothingWhenAnyInputHasAnError() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.valid, to: "good.publishers.yaml")
        try directory.write(Self.invalid, to: "bad.publishers.yaml")
        try directory.write("// user code\n", to: "Generated/Keep.swift")
        let before = directory.snapshot()
        let outcome = try await ToolRunner.run(
            ["generate", "good.publishers.yaml", "bad.publishers.yaml", "--output", "Generated"], in: directory.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("bad.publishers.yaml:4:11: error: unknown kind 'periodc'"))
        #expect(directory.snapshot() == before)
        let fresh = try await ToolRunner.run(
            ["generate", "bad.publishers.yaml", "--output", "Fresh"], in: directory.url)
        #expect(fresh.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appending(path: "Fresh").path))
    }

    @Test func initWritesAStarterThatValidatesAndNeverClobbers() async throws {
        let directory = try TemporaryDirectory()
        let first = try await ToolRunner.run(["init"], in: directory.url)
        #expect(first.status == 0, "\(first.standardError)")
        let starter = try #require(directory.read("Publishers.publishers.yaml"))
        #expect(starter.contains("version: 1"))
        #expect(
            starter.contains("kind: callback") && starter.contains("kind: polling")
                && starter.contains("kind: periodic"))
        let check = try await ToolRunner.run(["validate", "Publishers.publishers.yaml"], in: directory.url)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardError.isEmpty, "the starter must not produce warnings")

        try directory.write("# my own work\n", to: "Mine.publishers.yaml")
        let refused = try await ToolRunner.run(["init", "Mine.publishers.yaml"], in: directory.url)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("file exists; pass --force to overwrite it"))
        #expect(directory.read("Mine.publishers.yaml") == "# my own work\n")

        let forced = try await ToolRunner.run(["init", "--force", "Mine.publishers.yaml"], in: directory.url)
        #expect(forced.status == 0)
        #expect(
            directory.read("Mine.publishers.yaml")
                == starter.replacingOccurrences(of: "Publishers.publishers.yaml", with: "Mine.publishers.yaml"))
    }

    /// The starter's comments name what a package's user runs: the plugins, and the tool through
    /// `swift run`, which builds it from the dependency (it is on nobody's `PATH`); never a bare
    /// `publisher-generator generate`, whose output would clash with the build plugin's.
    @Test func initSuggestsWhatWorksInAPackage() async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.url.appending(path: "Sources/App"), withIntermediateDirectories: true)
        let outcome = try await ToolRunner.run(["init", "Sources/App/App.publishers.yaml"], in: directory.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let check = "swift run publisher-generator validate Sources/App/App.publishers.yaml"
        #expect(outcome.standardOutput == "Wrote Sources/App/App.publishers.yaml. Check it with: \(check)\n")
        let starter = try #require(directory.read("Sources/App/App.publishers.yaml"))
        let comments = starter.split(separator: "\n").filter { $0.hasPrefix("#") }.joined(separator: "\n")
        #expect(comments.contains("'swift build' generates the code"), "\(comments)")
        #expect(comments.contains("#   swift package --allow-writing-to-package-directory generate-publishers\n"))
        #expect(comments.contains(check), "\(comments)")
        #expect(!comments.contains("publisher-generator generate"), "\(comments)")
    }

    @Test func initIntoADirectoryUsesTheDefaultName() async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.url.appending(path: "Sources/App"), withIntermediateDirectories: true)
        let outcome = try await ToolRunner.run(["init", "Sources/App"], in: directory.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(directory.read("Sources/App/Publishers.publishers.yaml") != nil)
    }
}
