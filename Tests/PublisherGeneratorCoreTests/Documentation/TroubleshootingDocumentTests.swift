import Foundation
import Testing

/// The DocC article `Troubleshooting.md` quotes diagnostics exactly as users see them. Each quote of
/// the generator's diagnostics is a ```` ```text ```` block right after the marker line below, and
/// every line of it must be a line of an expected-output file (`*.diagnostics`) under `Fixtures`, so
/// that this test fails, instead of the article going stale, when a message, a fixture or a position
/// changes. Quotes of other tools (SwiftPM, the compiler, the plugins) say so in their marker.
@Suite struct TroubleshootingDocumentTests {
    static let document = FixturePaths.catalog.appending(path: "Troubleshooting.md")
    static let marker = "<!-- diagnostics: Tests/PublisherGeneratorCoreTests/Fixtures/Invalid -->"
    /// How the line before a quote that no fixture holds starts: `<!-- quoted from SwiftPM 6.3.1 -->`.
    static let otherSourcePrefix = "<!-- quoted from "

    /// A ```` ```text ```` block of the article: its lines, the line it starts on, and the line
    /// right before it.
    struct TextBlock {
        var lines: [String]
        var startLine: Int
        var marker: String

        var isMarked: Bool { marker == TroubleshootingDocumentTests.marker }
    }

    static func textBlocks() throws -> [TextBlock] {
        let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [TextBlock] = []
        var index = 0
        while index < lines.count {
            // The language is the info string's first word: ```` ```text, wrap=80 ```` is a text block.
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence == "```text" || fence.hasPrefix("```text,") else {
                index += 1
                continue
            }
            let start = index
            let marker = start > 0 ? lines[start - 1].trimmingCharacters(in: .whitespaces) : ""
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[index])
                index += 1
            }
            blocks.append(TextBlock(lines: body, startLine: start + 1, marker: marker))
            index += 1
        }
        return blocks
    }

    /// Every line of every expected-output file below `Fixtures`.
    static func expectedDiagnostics() -> Set<String> {
        var found: Set<String> = []
        let enumerator = FileManager.default.enumerator(at: FixturePaths.fixtures, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "diagnostics",
                let text = try? String(contentsOf: url, encoding: .utf8)
            else { continue }
            found.formUnion(text.components(separatedBy: "\n").filter { !$0.isEmpty })
        }
        return found
    }

    /// `path:line:column: ` taken off a diagnostic, to say which fixture line has the same message.
    static func message(of line: String) -> Substring {
        line.firstRange(of: #/^[^:\s]+:\d+:\d+: /#).map { line[$0.upperBound...] } ?? line[...]
    }

    @Test func quotedDiagnosticsAreInTheFixtures() throws {
        let expected = Self.expectedDiagnostics()
        #expect(expected.count > 100, "the fixtures' expected output was not found in \(FixturePaths.fixtures.path)")
        let quotes = try Self.textBlocks().filter(\.isMarked)
        #expect(quotes.count >= 20, "Troubleshooting.md quotes fewer diagnostics than it did; markers lost?")
        for block in quotes {
            #expect(!block.lines.isEmpty, "Troubleshooting.md:\(block.startLine): an empty quote")
            for line in block.lines where !expected.contains(line) {
                let sameMessage = expected.filter { Self.message(of: $0) == Self.message(of: line) }.sorted()
                Issue.record(
                    """
                    Troubleshooting.md, the quote at line \(block.startLine): no fixture expects
                    \(line)
                    \(sameMessage.isEmpty
                        ? "and no fixture has that message: update the article"
                        : "the same message is now at:\n" + sameMessage.joined(separator: "\n"))
                    """)
            }
        }
    }

    /// Every other quote says where it comes from (a compiler, SwiftPM, a plugin), so that no
    /// fixture diagnostic is quoted without being checked.
    @Test func everyQuoteSaysWhereItComesFrom() throws {
        for block in try Self.textBlocks() {
            #expect(
                block.marker == Self.marker || block.marker.hasPrefix(Self.otherSourcePrefix),
                "Troubleshooting.md:\(block.startLine): a quote without \(Self.marker) or \(Self.otherSourcePrefix)…")
        }
    }
}
