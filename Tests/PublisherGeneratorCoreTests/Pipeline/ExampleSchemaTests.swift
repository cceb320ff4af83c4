import Foundation
import PublisherGeneratorCore
import Testing

/// The schemas in `Schemas/Examples` are documentation people copy from, so they must be clean:
/// no errors, no warnings, alone or all together, and wired to the JSON Schema for editors.
/// `scripts/check-json-schema.py` validates the same files against the JSON Schema.
@Suite struct ExampleSchemaTests {
    static let packageRoot = FixturePaths.packageRoot
    static let examplesDirectory = packageRoot.appending(path: "Schemas").appending(path: "Examples")
    static let schemaComment = "# yaml-language-server: $schema=../publishers.schema.json"

    /// The example file names, sorted.
    static let exampleNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)) ?? []
        return names.filter(GeneratedFileNames.isSchema).sorted()
    }()

    static func path(of name: String) -> String {
        examplesDirectory.appending(path: name).path
    }

    @Test func theExpectedExamplesExist() {
        for name in [
            "MediaPlayer.publishers.yaml", "Controls.publishers.yaml", "ImageFeed.publishers.yaml",
            "Heartbeat.publishers.yaml", "Game.publishers.yaml",
        ] {
            #expect(Self.exampleNames.contains(name), "Schemas/Examples/\(name) is missing; found \(Self.exampleNames)")
        }
    }

    @Test(arguments: exampleNames)
    func exampleValidatesWithoutDiagnostics(name: String) {
        let result = SchemaLoader().load(paths: [Self.path(of: name)])
        let diagnostics = result.sortedDiagnostics.map(\.description)
        #expect(
            diagnostics.isEmpty,
            "Schemas/Examples/\(name) must validate without errors or warnings:\n\(diagnostics.joined(separator: "\n"))"
        )
        #expect(result.files.count == 1)
        #expect(result.files.first?.publishers.isEmpty == false, "Schemas/Examples/\(name) declares no publishers")
    }

    /// Examples are validated together and share one module, so their names must not clash.
    @Test func allExamplesTogetherHaveNoDiagnostics() {
        let result = SchemaLoader().load(paths: Self.exampleNames.map(Self.path(of:)))
        let diagnostics = result.sortedDiagnostics.map(\.description)
        #expect(
            diagnostics.isEmpty,
            "the examples loaded together must have no diagnostics:\n\(diagnostics.joined(separator: "\n"))")
        var seen: [String: String] = [:]
        for file in result.files {
            let fileName = (file.path as NSString).lastPathComponent
            for declaration in file.publishers {
                let name = declaration.name.value
                if let first = seen[name] {
                    Issue.record("publisher name '\(name)' is declared in both \(first) and \(fileName)")
                }
                seen[name] = fileName
            }
        }
        #expect(result.files.count == Self.exampleNames.count)
    }

    @Test func everyKindAppearsInTheExamples() {
        let result = SchemaLoader().load(paths: Self.exampleNames.map(Self.path(of:)))
        let used = Set(result.files.flatMap(\.publishers).map(\.kind))
        for kind in KindRegistry.standard.kinds {
            #expect(used.contains(kind), "no example declares a publisher of kind \(kind.rawValue)")
        }
    }

    @Test func everyExampleDescribesItsPublishers() {
        let result = SchemaLoader().load(paths: Self.exampleNames.map(Self.path(of:)))
        for file in result.files {
            for declaration in file.publishers where declaration.description == nil {
                Issue.record(
                    "\((file.path as NSString).lastPathComponent): publisher '\(declaration.name.value)' has no 'description'"
                )
            }
        }
        #expect(
            result.files.contains { $0.access == .public }, "at least one example should show 'access: public'")
    }

    @Test(arguments: exampleNames)
    func exampleStartsWithTheSchemaComment(name: String) throws {
        let text = try String(contentsOfFile: Self.path(of: name), encoding: .utf8)
        let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(
            String.init)
        #expect(
            firstLine == Self.schemaComment,
            "Schemas/Examples/\(name) must start with '\(Self.schemaComment)' so editors check it; its first line is '\(firstLine ?? "")'"
        )
    }

    @Test func theSchemaCommentPointsAtTheJSONSchema() {
        let target = Self.schemaComment.components(separatedBy: "$schema=").last ?? ""
        let resolved = Self.examplesDirectory.appending(path: target).standardizedFileURL.path
        #expect(FileManager.default.fileExists(atPath: resolved), "'\(target)' from Schemas/Examples does not exist")
    }
}
