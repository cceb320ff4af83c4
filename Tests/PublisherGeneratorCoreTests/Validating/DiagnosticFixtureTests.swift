import Foundation
import PublisherGeneratorCore
import TestHelpers
import Testing

/// Each file in `Fixtures/Invalid` is a schema with mistakes; the `.diagnostics` file beside it
/// holds exactly what a user sees for it. Edit the expected file first, watch the test fail, then
/// change the generator. `RECORD_GOLDENS=1 swift test` rewrites them (review the diff!).
@Suite struct DiagnosticFixtureTests {
    static let invalidDirectory = FixturePaths.fixtures.appending(path: "Invalid")
    static let fixtureNames = FixturePaths.files(in: invalidDirectory, endingWith: ".publishers.yaml")
        .map(\.lastPathComponent)

    @Test func everyFixtureHasExpectedDiagnostics() {
        #expect(Self.fixtureNames.count >= 30)
    }

    @Test(arguments: fixtureNames)
    func fixtureProducesExactDiagnostics(name: String) throws {
        let url = Self.invalidDirectory.appending(path: name)
        let bytes = Array(try Data(contentsOf: url))
        let outcome = SchemaLoader().load(bytes: bytes, path: name)
        let actual = outcome.diagnostics.sorted(fileOrder: [name]).map(\.description).joined(separator: "\n") + "\n"
        let expectedURL = url.deletingPathExtension().deletingPathExtension().appendingPathExtension("diagnostics")
        try compareWithGolden(actual: actual, goldenURL: expectedURL)
        #expect(
            outcome.diagnostics.hasErrors || outcome.diagnostics.warningCount > 0, "a fixture must produce a diagnostic"
        )
        if outcome.diagnostics.hasErrors {
            #expect(outcome.files.isEmpty, "a file with errors must not yield a model to render")
        }
    }

    @Test func namesClashAcrossFilesGivenTogether() throws {
        let directory = FixturePaths.fixtures.appending(path: "CrossFile")
        let paths = FixturePaths.files(in: directory, endingWith: ".publishers.yaml").map(\.path)
        let result = SchemaLoader().load(paths: paths)
        let prefix = directory.path + "/"
        let actual = result.sortedDiagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") }
        // The second Tick in b has an error of its own; its name still clashes, within b. Zoomed in c
        // shares the proxy of a's Scrolled, which a's file generates.
        #expect(
            actual == [
                "b.publishers.yaml:8:11: error: duplicate publisher name 'Tick'; it is already declared at a.publishers.yaml:3:11; rename one of them; files generated together share one module",
                "b.publishers.yaml:13:11: error: duplicate publisher name 'Tick'; it is already declared at line 8, column 11; rename one of them",
                "b.publishers.yaml:16:15: error: 'interval' must be greater than zero, but it is 0; give the seconds between ticks, e.g. 'interval: 1.0'",
                "c.publishers.yaml:4:5: error: publisher 'Zoomed' observes 'ScrollView.delegate', as publisher 'Scrolled' (a.publishers.yaml:8) in another schema file does; they share one proxy, generated with the file; declare every delegate publisher on 'ScrollView.delegate' in one schema file",
            ])
    }
}

/// Compares `actual` with the golden file, or records it when `RECORD_GOLDENS=1`.
func compareWithGolden(actual: String, goldenURL: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
{
    if FixturePaths.isRecording {
        try Data(actual.utf8).write(to: goldenURL, options: .atomic)
        return
    }
    guard let data = FileManager.default.contents(atPath: goldenURL.path) else {
        Issue.record(
            "missing golden file \(goldenURL.lastPathComponent); actual output:\n\(actual)",
            sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
        Issue.record(
            "\(goldenURL.lastPathComponent) differs:\n\(TextDiff.unified(expected: expected, actual: actual))",
            sourceLocation: sourceLocation)
    }
}
