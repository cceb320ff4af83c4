import Foundation
import Testing

/// How `generate` names schemas in the `#sourceLocation` directives around their code: relative
/// to the current directory, to a directory given, or absolute; never this machine's paths unless
/// asked.
@Suite struct SchemaPathOptionTests {
    static let schema = """
        version: 1
        publishers:
          - { name: Tick, kind: periodic, output: Int, interval: 1, value: 1 }
        """

    func generate(_ options: [String], in directory: TemporaryDirectory) async throws -> String {
        try directory.write(Self.schema, to: "Sources/App/Clock.publishers.yaml")
        let schema = directory.url.appending(path: "Sources/App/Clock.publishers.yaml").path
        let outcome = try await ToolRunner.run(
            ["generate", schema, "--output", "Out", "--no-support-file"] + options, in: directory.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return try #require(directory.read("Out/Clock.publishers.swift"))
    }

    @Test func schemasAreNamedRelativeToTheCurrentDirectory() async throws {
        let directory = try TemporaryDirectory()
        let generated = try await generate([], in: directory)
        #expect(generated.contains("#sourceLocation(file:\"Sources/App/Clock.publishers.yaml\",line:3)"))
        #expect(!generated.contains(directory.url.path))
    }

    @Test func schemasAreNamedRelativeToTheDirectoryGiven() async throws {
        let directory = try TemporaryDirectory()
        let generated = try await generate(["--schema-paths-relative-to", "Sources"], in: directory)
        #expect(generated.contains("#sourceLocation(file:\"App/Clock.publishers.yaml\",line:3)"))
    }

    @Test func schemasAreNamedByAbsolutePathWhenAsked() async throws {
        let directory = try TemporaryDirectory()
        let generated = try await generate(["--absolute-schema-paths"], in: directory)
        let path = directory.url.appending(path: "Sources/App/Clock.publishers.yaml").path
        #expect(generated.contains("#sourceLocation(file:\"\(path)\",line:3)"))
    }

    @Test func theTwoWaysCannotBeCombined() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.schema, to: "Clock.publishers.yaml")
        let outcome = try await ToolRunner.run(
            [
                "generate", "Clock.publishers.yaml", "--output", "Out", "--absolute-schema-paths",
                "--schema-paths-relative-to", ".",
            ], in: directory.url)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Give either --schema-paths-relative-to or --absolute-schema-paths"))
    }
}
