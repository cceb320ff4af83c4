import Foundation
import PublisherGeneratorCore
import Testing

/// Emitter behaviours as named snippets: each file in `Fixtures/Snippets` is a small schema and the
/// Swift fragments its generated file must contain (or must not), so a behaviour is read and
/// reviewed as a few lines rather than found in a diff of a whole golden file. The whole-file
/// goldens (`Tests/Generated*`) remain as end-to-end checks that the code compiles and runs.
///
/// A snippet file:
///
///     # The behaviour, in one sentence.
///     --- schema
///     version: 1
///     ...
///     --- produces
///     lines that appear together in the generated file, at any indentation
///     --- lacks
///     a line that appears nowhere in it
@Suite struct EmitterSnippetTests {
    static let directory = FixturePaths.fixtures.appending(path: "Snippets")

    static var snippets: [String] {
        FixturePaths.files(in: directory, endingWith: ".snippet").map(\.lastPathComponent)
    }

    /// Some snippet's schema declares each registered kind (a snippet of an unknown kind fails as
    /// a snippet, with the decoder's diagnostic).
    @Test(arguments: KindCompletenessTests.kinds) func thereIsASnippetOf(kind: String) throws {
        let schemas = try Self.snippets.map { try EmitterSnippet(name: $0).schema }
        #expect(
            schemas.contains { KindCompletenessTests.declares(kind, in: $0) },
            "no snippet in Fixtures/Snippets declares \(kind)")
    }

    @Test(arguments: snippets) func snippet(_ name: String) throws {
        let snippet = try EmitterSnippet(name: name)
        let sink = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline().run(
            .source(bytes: Array(snippet.schema.utf8), path: "App.publishers.yaml"), through: .render,
            diagnostics: sink)
        #expect(sink.diagnostics.isEmpty, "\(name): \(sink.diagnostics.map(\.description))")
        let generated = try #require(outcome.outputs.first { $0.name == "App.publishers.swift" }).contents
        let lines = generated.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(!snippet.fragments.isEmpty, "\(name) says nothing it produces")
        for fragment in snippet.fragments {
            let found = EmitterSnippet.contains(lines, fragment)
            #expect(found, "\(name): the generated file lacks\n\(fragment.joined(separator: "\n"))")
        }
        for line in snippet.absentLines {
            let found = generated.contains(line)
            #expect(!found, "\(name): the generated file contains '\(line)'")
        }
    }
}

/// One snippet file, parsed.
struct EmitterSnippet {
    var schema = ""
    /// Runs of lines that must appear together, their common indentation removed.
    var fragments: [[String]] = []
    var absentLines: [String] = []

    init(name: String) throws {
        let text = try String(
            contentsOf: EmitterSnippetTests.directory.appending(path: name), encoding: .utf8)
        var section = ""
        var current: [String] = []
        func close() {
            switch section {
            case "schema": schema = current.joined(separator: "\n") + "\n"
            case "produces": fragments.append(Self.trimmed(current))
            case "lacks": absentLines += current.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            default: break
            }
            current = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("--- ") {
                close()
                section = String(line.dropFirst(4))
            } else if !section.isEmpty {
                current.append(String(line))
            }
        }
        close()
    }

    /// `lines` without the indentation they share, and without blank lines at either end.
    static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        while lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        let margin = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(margin, $0.count))) }
    }

    /// Whether `fragment` appears in `lines` as consecutive lines, all indented alike.
    static func contains(_ lines: [String], _ fragment: [String]) -> Bool {
        guard let first = fragment.first, lines.count >= fragment.count else { return false }
        for start in 0...(lines.count - fragment.count) where lines[start].hasSuffix(first) {
            let indent = String(repeating: " ", count: lines[start].count - first.count)
            guard lines[start] == indent + first else { continue }
            let matches = zip(fragment, lines[start...]).allSatisfy { expected, line in
                expected.isEmpty ? line.isEmpty : line == indent + expected
            }
            if matches { return true }
        }
        return false
    }
}
