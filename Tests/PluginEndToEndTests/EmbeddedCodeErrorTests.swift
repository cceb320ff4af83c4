import Foundation
import TestHelpers
import Testing

/// A type error in a schema's Swift code is reported at the schema's line, however the code was
/// generated, and once: the schema's code is printed once, in a function the factory of each form
/// calls (the fixtures emit both forms). Builds `Tests/Fixtures/EmbeddedCodePackage` (the generator from source once, then
/// each target), so it is one test, and in the long run only (``LongSuites``, `bash scripts/long-suites.sh`, run by CI):
/// its package is a second build of the generator, three to four minutes on two cores, beside the one of
/// `GettingStartedTests` that `swift test` runs. Where schema code lands in generated code, and the
/// `#sourceLocation` around it, are checked in every run by the emitter's snippets and goldens; this test is
/// the compiler's and SwiftPM's side of it.
@Suite struct EmbeddedCodeErrorTests {
    /// The line of `send("\(value)")` in each fixture schema.
    static let errorLine = 10
    /// The lines of the misspelt `method:` and the mistyped `answer:` in `Sources/Tool/Delegate.publishers.yaml`.
    static let misspeltMethodLine = 12
    static let wrongAnswerLine = 13

    @Test(.enabled(if: LongSuites.inFull, Comment(rawValue: LongSuites.skipped)))
    func compileErrorsInSchemaCodeAreReportedAtTheSchemaLine() async throws {
        let workspace = try PluginEndToEndTests.Workspace(fixture: "EmbeddedCodePackage")

        // The build-tool plugin names the schema by its absolute path, as SwiftPM names sources.
        var run = try await workspace.swift("build", "--target", "BuildTool")
        #expect(run.status != 0)
        let absolute = Self.errors(in: run.output, at: "Sources/BuildTool/BuildTool.publishers.yaml:\(Self.errorLine):")
        #expect(Set(absolute).count == 1, "\(run.output)")
        #expect(absolute.allSatisfy { $0.hasPrefix("/") }, "\(absolute)")

        // The command plugin's committed file names it relative to the package root.
        run = try await workspace.swift(
            "package", "--allow-writing-to-package-directory", "generate-publishers", "--target", "Command")
        #expect(run.status == 0, "\(run.output)")
        try expectNoMachinePath(in: workspace.file("Sources/Command/Generated/Command.publishers.swift"), workspace)
        run = try await workspace.swift("build", "--target", "Command")
        #expect(run.status != 0)
        let committed = Self.errors(
            in: run.output, at: "Sources/Command/Command.publishers.yaml:\(Self.errorLine):", exactly: true)
        #expect(Set(committed).count == 1, "\(run.output)")

        // The command-line tool names it relative to the directory it runs in.
        let tool = try await SwiftCommand.execute(
            BuiltExecutable.url(named: "publisher-generator"),
            ["generate", "Sources/Tool", "--output", "Sources/Tool/Generated"], in: workspace.package)
        #expect(tool.status == 0, "\(tool.output)")
        try expectNoMachinePath(in: workspace.file("Sources/Tool/Generated/Tool.publishers.swift"), workspace)
        run = try await workspace.swift("build", "--target", "Tool")
        #expect(run.status != 0)
        let fromTool = Self.errors(
            in: run.output, at: "Sources/Tool/Tool.publishers.yaml:\(Self.errorLine):", exactly: true)
        #expect(Set(fromTool).count == 1, "\(run.output)")
        // A delegate proxy restates the schema's method and answer: a misspelt label and an answer
        // of the wrong type are reported at their lines too.
        for line in [Self.misspeltMethodLine, Self.wrongAnswerLine] {
            let delegateErrors = Self.errors(
                in: run.output, at: "Sources/Tool/Delegate.publishers.yaml:\(line):", exactly: true)
            #expect(Set(delegateErrors).count == 1, "line \(line): \(run.output)")
        }
    }

    /// The error lines of `output` whose location starts with `location` (or ends with it, when
    /// not `exactly`: an absolute path). SwiftPM repeats a compiler's diagnostic in its output, so
    /// the tests count different lines: the same mistake in two copies of the code would differ by
    /// the form's type it names (`ValuesPublisher.Output`, `ValuesSequence.Element`).
    static func errors(in output: String, at location: String, exactly: Bool = false) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            guard let end = line.range(of: ": error: ")?.lowerBound else { return false }
            let position = line[..<end]
            // `path:line:column`: drop the column.
            guard let lineEnd = position.lastIndex(of: ":") else { return false }
            let pathAndLine = position[...lineEnd]
            return exactly ? pathAndLine == location : pathAndLine.hasSuffix("/" + location)
        }
    }

    func expectNoMachinePath(in file: URL, _ workspace: PluginEndToEndTests.Workspace) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("#sourceLocation(file:\""), "\(text)")
        #expect(!text.contains(workspace.root.path), "\(text)")
    }
}
