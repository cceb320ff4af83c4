import Foundation
import Testing

/// The build plugin hands a target's committed generated files to `generate`, which refuses with
/// one error (a build command's output is printed once per build) whose command runs as pasted.
@Suite struct CommittedOutputRefusalTests {
    @Test func refusesOnceNamingTheFilesAndTheCompleteCommand() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(GenerateCommandTests.schema, to: "Clock.publishers.yaml")
        let before = directory.snapshot()
        let outcome = try await ToolRunner.run(
            [
                "generate", "Clock.publishers.yaml", "--output", "Out", "--target", "Clock",
                "--committed-output", "Sources/Clock/Generated/Clock.publishers.swift",
            ], in: directory.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.standardError)")
        #expect(
            lines.first?.hasPrefix(
                "error: target 'Clock' compiles publisher-generator output that is committed "
                    + "(Sources/Clock/Generated/Clock.publishers.swift) and also applies PublisherGeneratorPlugin")
                == true,
            "\(outcome.standardError)")
        #expect(
            outcome.standardError.hasSuffix(
                "regenerate the committed files with "
                    + "'swift package --allow-writing-to-package-directory generate-publishers --target Clock'\n"),
            "\(outcome.standardError)")
        #expect(directory.snapshot() == before, "nothing is generated")
    }

    @Test func committedOutputNeedsTheTarget() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(GenerateCommandTests.schema, to: "Clock.publishers.yaml")
        let outcome = try await ToolRunner.run(
            ["generate", "Clock.publishers.yaml", "--output", "Out", "--committed-output", "Clock.publishers.swift"],
            in: directory.url)
        #expect(outcome.status != 0)
        #expect(outcome.standardError.contains("Give --target with --committed-output."), "\(outcome.standardError)")
    }
}
