import PublisherGeneratorCore
import Testing

/// Hostile or huge input fails fast with one clear diagnostic, within bounded time and memory.
@Suite struct YAMLLimitTests {
    func diagnostics(_ text: String, limits: YAMLLimits = .standard) -> [String] {
        SchemaLoader(limits: limits).load(bytes: Array(text.utf8), path: "x.publishers.yaml")
            .diagnostics.diagnostics.map(\.description)
    }

    @Test func hundredThousandDeepFlowNesting() {
        let depth = 100_000
        let text =
            "version: 1\npublishers: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            + "\n"
        #expect(
            diagnostics(text) == [
                "x.publishers.yaml:2:14: error: lists and mappings nest too deeply here (the limit is 64 levels); a schema needs about five levels; check for unbalanced '[' or '{'"
            ])
    }

    @Test func hundredThousandDeepFlowMappings() {
        let depth = 100_000
        let text = "a: " + String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth) + "\n"
        let result = diagnostics(text)
        #expect(result.count == 1)
        #expect(result.first?.contains("nest") == true)
    }

    @Test func hundredThousandDeepBlockSequences() {
        let text = "publishers:\n  " + String(repeating: "- ", count: 100_000) + "x\n"
        let result = diagnostics(text)
        #expect(result.count == 1)
        #expect(result.first?.contains("nest") == true, "\(result)")
    }

    @Test func deepIndentationNesting() {
        var text = ""
        for level in 0..<200 { text += String(repeating: " ", count: level) + "k\(level):\n" }
        let result = diagnostics(text + String(repeating: " ", count: 200) + "leaf: 1\n")
        #expect(
            result == [
                "x.publishers.yaml:65:65: error: lists and mappings nest too deeply here (the limit is 64 levels); a schema needs about five levels; check for unbalanced '[' or '{'"
            ])
    }

    @Test func billionLaughsIsRefusedAtTheAliasThatExplodes() {
        var text = "version: 1\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            text +=
                "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        let result = diagnostics(text)
        #expect(result.count == 1)
        #expect(result.first?.hasPrefix("x.publishers.yaml:8:") == true, "\(result)")
        #expect(result.first?.contains("alias expands the document past 10000000 nodes") == true)
    }

    @Test func modestAliasReuseIsAllowed() {
        let text = """
            version: 1
            x-param: &interval { name: interval, type: Double, default: "1" }
            publishers:
              - { name: A, kind: periodic, output: Int, interval: 1, value: 1, parameters: [*interval] }
              - { name: B, kind: periodic, output: Int, interval: 1, value: 1, parameters: [*interval] }
            """
        #expect(diagnostics(text).isEmpty)
    }

    @Test func oversizedFileIsRefusedBeforeParsing() {
        let limits = YAMLLimits(maximumFileSize: 100, maximumDepth: 64, maximumExpandedNodes: 1000)
        let text = "version: 1\n# " + String(repeating: "x", count: 200) + "\n"
        #expect(
            diagnostics(text, limits: limits) == [
                "x.publishers.yaml:1:1: error: file is \(text.utf8.count) bytes; schema files may be at most 100 bytes; split the declarations over several schema files"
            ])
    }

    @Test func nodeCountLimitCoversPlainDocuments() {
        let limits = YAMLLimits(maximumFileSize: 1 << 20, maximumDepth: 64, maximumExpandedNodes: 50)
        let text = "k: [" + (0..<100).map(String.init).joined(separator: ", ") + "]\n"
        let result = diagnostics(text, limits: limits)
        #expect(result.count == 1)
        #expect(result.first?.contains("the document has more than 50 nodes") == true)
    }

    @Test func hugeScalarIsReadOnce() {
        let huge = String(repeating: "a", count: 4 << 20)
        let text =
            "version: 1\npublishers:\n  - { name: A, kind: periodic, output: Int, interval: 1, value: \(huge) }\n"
        #expect(diagnostics(text).isEmpty)
    }

    @Test func invalidUTF8InTheMiddleOfAMultiByteCharacter() {
        let bytes: [UInt8] = Array("version: 1\n# é".utf8).dropLast() + [0x41]
        let result = SchemaLoader().load(bytes: bytes, path: "x.publishers.yaml").diagnostics.diagnostics
        #expect(
            result.map(\.description) == [
                "x.publishers.yaml:2:3: error: file is not valid UTF-8: byte 0xC3 at offset 13 cannot start or continue a character; save the file as UTF-8"
            ])
    }
}
