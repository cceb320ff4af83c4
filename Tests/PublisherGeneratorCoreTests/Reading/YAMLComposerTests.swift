import GeneratorDiagnostics
import GeneratorReading
import Testing

/// The composer turns schema bytes into a tree of nodes that remember where each was written, so
/// every later diagnostic can point at a line and column. Its limits have their own suite
/// (`YAMLLimitTests`); this one covers the tree.
@Suite struct YAMLComposerTests {
    static let path = "App.publishers.yaml"

    static func compose(_ text: String) -> YAMLComposer.Result {
        YAMLComposer(path: path).compose(Array(text.utf8))
    }

    static func mapping(_ node: YAMLNode?) -> [YAMLNode.Pair] {
        guard case let .mapping(pairs) = node?.content else { return [] }
        return pairs
    }

    static func scalar(_ node: YAMLNode) -> String? {
        guard case let .scalar(text, _, _) = node.content else { return nil }
        return text
    }

    static func at(_ line: Int, _ column: Int) -> GeneratorDiagnostics.SourceLocation {
        GeneratorDiagnostics.SourceLocation(path: path, line: line, column: column)
    }

    @Test func keysAndValuesKeepTheirLinesAndColumns() throws {
        let result = Self.compose("version: 1\npublishers:\n  - name: Tap\n    kind: targetAction\n")
        #expect(result.diagnostics.isEmpty)
        let root = Self.mapping(result.root)
        #expect(root.map { Self.scalar($0.key) } == ["version", "publishers"])
        #expect(root[0].value.location == Self.at(1, 10))
        guard case let .sequence(items) = root[1].value.content else {
            Issue.record("publishers is not a list")
            return
        }
        let declaration = Self.mapping(items.first)
        #expect(declaration.map { Self.scalar($0.key) } == ["name", "kind"])
        #expect(declaration[0].key.location == Self.at(3, 5))
        #expect(declaration[1].value.location == Self.at(4, 11))
    }

    @Test func aQuotedScalarsTextStartsAfterItsQuote() {
        let result = Self.compose("value: \"isOn\"\n")
        let value = Self.mapping(result.root)[0].value
        #expect(value.location == Self.at(1, 8))
        #expect(value.textStart == Self.at(1, 9))
        #expect(Self.scalar(value) == "isOn")
    }

    @Test func aBlockScalarsTextStartsOnItsFirstLine() {
        let result = Self.compose("register: |\n  \n  addObserver()\n  send(1)\n")
        let value = Self.mapping(result.root)[0].value
        #expect(value.location == Self.at(1, 11))
        #expect(value.textStart == Self.at(3, 3))
        #expect(Self.scalar(value) == "\naddObserver()\nsend(1)\n")
    }

    @Test func scalarsRememberTheirStyleAndTag() {
        let result = Self.compose("a: plain\nb: 'single'\nc: \"double\"\nd: |\n  literal\ne: >\n  folded\nf: !!str 5\n")
        let styles = Self.mapping(result.root).map { pair -> YAMLNode.ScalarStyle? in
            guard case let .scalar(_, style, _) = pair.value.content else { return nil }
            return style
        }
        #expect(styles == [.plain, .singleQuoted, .doubleQuoted, .literal, .folded, .plain])
        guard case let .scalar(text, _, tag) = Self.mapping(result.root)[5].value.content else {
            Issue.record("f is not a scalar")
            return
        }
        #expect(text == "5")
        #expect(tag == "tag:yaml.org,2002:str")
    }

    @Test func anAliasIsTheAnchoredNodeItselfAndCountsWhatItStandsFor() {
        let result = Self.compose("base: &base { a: 1, b: 2 }\ncopy: *base\n")
        #expect(result.diagnostics.isEmpty)
        let root = Self.mapping(result.root)
        #expect(root[0].value === root[1].value)
        #expect(root[0].value.expandedSize == 5)
        #expect(result.root?.expandedSize ?? 0 >= 2 * 5)
    }

    @Test func aDuplicateKeyIsReportedAtItsSecondUseAndReadingGoesOn() {
        let result = Self.compose("name: A\nkind: callback\nname: B\noutput: Int\n")
        #expect(result.root != nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.location == Self.at(3, 1))
        #expect(result.diagnostics.first?.message.contains("name") == true)
        #expect(Self.mapping(result.root).compactMap { Self.scalar($0.key) }.contains("output"))
    }

    @Test func anEmptyDocumentHasNoRootAndNoProblem() {
        let result = Self.compose("# only a comment\n")
        #expect(result.root == nil)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aSyntaxErrorStopsWithOneLocatedError() {
        let result = Self.compose("publishers:\n  - name: [unclosed\n")
        #expect(result.root == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.severity == .error)
        #expect(result.diagnostics.first?.location?.path == Self.path)
        #expect((result.diagnostics.first?.location?.line ?? 0) >= 2)
    }

    @Test func utf16IsRefusedWithAHintToSaveAsUTF8() {
        let result = YAMLComposer(path: Self.path).compose([0xFF, 0xFE, 0x61, 0x00])
        #expect(result.root == nil)
        #expect(result.diagnostics.map(\.hint) == ["save the file as UTF-8"])
        #expect(result.diagnostics.first?.location == Self.at(1, 1))
    }

    @Test func invalidUTF8IsReportedAtItsByte() {
        let bytes = Array("version: 1\nname: ".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        let result = YAMLComposer(path: Self.path).compose(bytes)
        #expect(result.root == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.contains("0xC3 at offset 17") == true)
        #expect(result.diagnostics.first?.location == Self.at(2, 7))
    }
}
