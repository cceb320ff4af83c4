import Foundation
import Testing

/// The help's examples are what people paste first, so each one runs here as if pasted at the
/// root of a clean clone: in a fresh directory that holds a copy of `Schemas/Examples`, so that
/// nothing is written into the repository.
@Suite struct HelpExampleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The example schemas' base names (`Heartbeat` for `Heartbeat.publishers.yaml`).
    static let exampleSchemaNames: [String] = {
        let directory = packageRoot.appending(path: "Schemas/Examples").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".publishers.yaml") }.map { String($0.dropLast(".publishers.yaml".count)) }
    }()

    static func generatedPublishers(in directory: String) -> Set<String> {
        let perSchema = exampleSchemaNames.map { "\($0).publishers.swift" }
        let support = [
            "GeneratedPublisherSupport.swift", "GeneratedPublisherSupport+Combine.swift",
            "GeneratedPublisherSupport+Async.swift",
        ]
        return Set((perSchema + support).map { "\(directory)/\($0)" })
    }

    static func generatedTests(in directory: String) -> Set<String> {
        let perSchema = exampleSchemaNames.map { "\($0).publisherTests.swift" }
        let support = [
            "GeneratedPublisherTestSupport.swift", "GeneratedPublisherTestSupport+Combine.swift",
            "GeneratedPublisherTestSupport+Async.swift", "GeneratedPublisherTestAssertions.swift",
        ]
        return Set((perSchema + support).map { "\(directory)/\($0)" })
    }

    /// Every example of each help page (keyed by the subcommand, empty for the root) with the files
    /// it writes. An example that a page shows and this table lacks fails, and so does an entry that
    /// no page shows, so that the help and its proof change together.
    static let expectedFiles: [String: [String: Set<String>]] = [
        "": [
            "publisher-generator init Schemas/Player.publishers.yaml": ["Schemas/Player.publishers.yaml"],
            "publisher-generator validate Schemas/Examples": [],
            "publisher-generator generate Schemas/Examples --output .build/examples":
                generatedPublishers(in: ".build/examples"),
        ],
        "validate": [
            "publisher-generator validate Schemas/Examples/Heartbeat.publishers.yaml": [],
            "publisher-generator validate Schemas/Examples --warnings-as-errors": [],
        ],
        "generate": [
            "publisher-generator generate Schemas/Examples --output .build/examples":
                generatedPublishers(in: ".build/examples"),
            "publisher-generator generate Schemas/Examples --output .build/tests "
                + "--test-support GeneratedExamples --test-framework swift-testing":
                generatedTests(in: ".build/tests"),
        ],
        "init": [
            "publisher-generator init": ["Publishers.publishers.yaml"],
            "publisher-generator init Schemas/Player.publishers.yaml": ["Schemas/Player.publishers.yaml"],
            "publisher-generator init Schemas": ["Schemas/Publishers.publishers.yaml"],
        ],
    ]

    /// The lines under `Examples:`, indented, up to the next blank or unindented line; a line that
    /// ends in ` \` continues on the next, as in a shell.
    static func examples(in help: String) -> (commands: [String], lines: [String]) {
        var lines: [String] = []
        var inExamples = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "Examples:" {
                inExamples = true
            } else if inExamples, line.hasPrefix("  ") {
                lines.append(line)
            } else if inExamples {
                break
            }
        }
        var commands: [String] = []
        var pending = ""
        for line in lines {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix(" \\") {
                pending += String(text.dropLast(2)) + " "
            } else {
                commands.append(pending + text)
                pending = ""
            }
        }
        if !pending.isEmpty { commands.append(pending) }
        return (commands, lines)
    }

    /// The regular files below `directory`, relative to it, with their bytes.
    static func files(in directory: TemporaryDirectory) -> [String: Data] {
        directory.snapshot().filter { path, _ in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: directory.url.appending(path: path).path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue
        }
    }

    @Test(arguments: ["", "validate", "generate", "init"])
    func everyExampleOfTheHelpRunsAsPasted(subcommand: String) async throws {
        try #require(!Self.exampleSchemaNames.isEmpty, "no schemas in \(Self.packageRoot.path)/Schemas/Examples")
        let arguments = (subcommand.isEmpty ? [] : [subcommand]) + ["--help"]
        let page = (["publisher-generator"] + arguments).joined(separator: " ")
        let empty = try TemporaryDirectory()
        let help = try await ToolRunner.run(arguments, in: empty.url)
        #expect(help.status == 0)
        let (commands, lines) = Self.examples(in: help.standardOutput)
        let expected = try #require(Self.expectedFiles[subcommand])
        #expect(Set(commands) == Set(expected.keys), "\(page) shows other examples than this test runs")
        for line in lines {
            // Longer lines wrap on an 80-column terminal, and a wrapped example no longer pastes.
            #expect(line.count < 80, "\(page): '\(line)' does not fit 80 columns")
        }
        for command in commands {
            // Split on spaces as a shell would, so anything a shell would treat otherwise is out.
            #expect(
                !command.contains { "$`'\"|&;<>*?(){}[]~#".contains($0) },
                "\(page): '\(command)' is not plain words")
            var words = command.split(separator: " ").map(String.init)
            #expect(words.first == "publisher-generator", "\(page): '\(command)' does not run publisher-generator")
            words.removeFirst()

            let directory = try TemporaryDirectory()
            try FileManager.default.createDirectory(
                at: directory.url.appending(path: "Schemas"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Self.packageRoot.appending(path: "Schemas/Examples"),
                to: directory.url.appending(path: "Schemas/Examples"))
            let before = Self.files(in: directory)
            let outcome = try await ToolRunner.run(words, in: directory.url)
            #expect(outcome.status == 0, "\(page): '\(command)' failed:\n\(outcome.standardError)")
            let after = Self.files(in: directory)
            let written = Set(after.keys).subtracting(before.keys)
            #expect(written == expected[command], "\(page): '\(command)' wrote other files than expected")
            #expect(
                before.allSatisfy { after[$0.key] == $0.value }, "\(page): '\(command)' changed a file it was given")
        }
    }
}
