import Foundation
import Testing

/// What the README and Contributing say about the repository's own files and commands, checked
/// against them: the committed goldens of the bundled examples, the long suites' command, and the
/// documentation's build and browser check. Each sentence was once wrong or missing.
@Suite struct WorkingOnItDocumentTests {
    static let root = FixturePaths.packageRoot

    static func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appending(path: path), encoding: .utf8)
    }

    /// The engine's three files, which the generator writes beside the per-schema files.
    static let engineFiles = [
        "GeneratedPublisherSupport.swift", "GeneratedPublisherSupport+Combine.swift",
        "GeneratedPublisherSupport+Async.swift",
    ]

    /// The README says the per-schema files of the bundled examples are committed and the engine is
    /// not, and why; CI's comparison leaves out exactly the engine.
    @Test func theReadmeSaysWhichGeneratedExamplesAreCommitted() throws {
        let generated = "Tests/GeneratedExamples/Generated"
        let committed = Set(
            try FileManager.default.contentsOfDirectory(atPath: Self.root.appending(path: generated).path))
        let schemas = FixturePaths.files(
            in: Self.root.appending(path: "Schemas/Examples"), endingWith: ".publishers.yaml")
        #expect(!schemas.isEmpty)
        for schema in schemas {
            let name = schema.lastPathComponent.replacingOccurrences(of: ".publishers.yaml", with: ".publishers.swift")
            #expect(committed.contains(name), "\(generated) lacks \(name), the README says it is committed")
        }
        for engine in Self.engineFiles {
            #expect(
                !committed.contains(engine), "\(generated) holds \(engine): the README says the engine is not committed"
            )
        }
        let readme = try Self.text("README.md").replacingOccurrences(of: "\n", with: " ")
        #expect(readme.contains("The per-schema files are committed in `\(generated)`"), "README.md")
        #expect(readme.contains("the engine is not: it is emitted verbatim from `Templates/Engine`"), "README.md")
        let link = Self.root.appending(path: "Tests/GeneratedExamples/Engine").resolvingSymlinksInPath()
        #expect(link.path == Self.root.appending(path: "Templates/Engine").resolvingSymlinksInPath().path)
        #expect(
            try Self.text(".ci/run").contains(
                "diff -r --exclude 'GeneratedPublisherSupport*.swift' .build/examples \(generated)"))
    }

    /// The README and Contributing name the command of the long suites, and CI runs it.
    @Test func theLongSuitesHaveOneCommandThatCIRuns() throws {
        let command = "bash scripts/long-suites.sh"
        #expect(try Self.text("README.md").contains(command))
        let contributing = try Self.text("Sources/publisher-generator/Documentation.docc/Contributing.md")
        #expect(contributing.contains(command))
        #expect(contributing.contains("## The long suites"))
        // CI runs it after `swift test`, which has run the slice: `--after-swift-test` leaves that out.
        #expect(try Self.text(".ci/run").contains("\(command) --after-swift-test --skip-build"))
        #expect(contributing.contains("--after-swift-test"))
        let script = try Self.text("scripts/long-suites.sh")
        #expect(script.contains("mode=1") && script.contains("mode=rest") && script.contains("LONG_SUITES=$mode"))
        #expect(script.contains("PluginEndToEndTests") && script.contains("ScaffoldMutationTests"))
    }

    /// Contributing says how to build the documentation and check it in a browser, as CI does.
    @Test func contributingListsTheDocumentationChecks() throws {
        let contributing = try Self.text("Sources/publisher-generator/Documentation.docc/Contributing.md")
        let ci = try Self.text(".ci/run")
        for script in ["scripts/build-documentation.sh", "scripts/check-documentation-site.sh"] {
            #expect(contributing.contains("`bash \(script)"), "Contributing.md does not say how to run \(script)")
            #expect(FileManager.default.fileExists(atPath: Self.root.appending(path: script).path))
        }
        #expect(ci.contains("bash scripts/check-documentation-site.sh"))
    }
}
