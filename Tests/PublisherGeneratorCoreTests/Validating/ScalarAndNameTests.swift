import PublisherGeneratorCore
import Testing

@testable import GeneratorReading
@testable import GeneratorValidating

@Suite struct ScalarAndNameTests {
    @Test(arguments: [
        ("1", ScalarValue.int(1)), ("-7", .int(-7)), ("0x1F", .int(31)), ("1.5", .float(1.5)),
        ("1e3", .float(1000)), (".5", .float(0.5)), ("true", .bool(true)), ("False", .bool(false)),
        ("~", .null), ("null", .null), ("", .null), ("yes", .string("yes")), ("1.2.3", .string("1.2.3")),
        ("Double", .string("Double")), ("1e", .string("1e")), ("+", .string("+")),
    ])
    func plainScalarsResolveByTheCoreSchema(text: String, expected: ScalarValue) {
        #expect(ScalarValue(text: text, style: .plain, tag: nil) == expected)
    }

    @Test func quotedScalarsAreAlwaysStrings() {
        #expect(ScalarValue(text: "1", style: .doubleQuoted, tag: nil) == .string("1"))
        #expect(ScalarValue(text: "true", style: .singleQuoted, tag: nil) == .string("true"))
        #expect(ScalarValue(text: "5", style: .plain, tag: "tag:yaml.org,2002:str") == .string("5"))
    }

    @Test(arguments: [
        ("ouput", "output"), ("Output", "output"), ("regster", "register"), ("owner", "on"),
        ("whenNodemand", "whenNoDemand"), ("intervall", "interval"), ("descripton", "description"),
    ])
    func nearestKeyIsSuggested(typo: String, expected: String) {
        let vocabulary = KindRegistry.standard.vocabulary
        let keys = vocabulary.anyDeclarationKey
        #expect(NearestMatch.find(typo, in: keys, synonyms: vocabulary.hints.synonyms) == expected)
    }

    @Test func unrelatedWordsGetNoSuggestion() {
        #expect(NearestMatch.find("zzzzzz", in: KindRegistry.standard.vocabulary.anyDeclarationKey) == nil)
        #expect(NearestMatch.find("x", in: ["on"]) == nil)
    }

    @Test(arguments: [
        ("keepLatest", NoDemandPolicy.scalarSpellings, "latest"), ("LATEST", NoDemandPolicy.scalarSpellings, "latest"),
        ("lates", NoDemandPolicy.scalarSpellings, "latest"), ("subscribe", ["onDemand", "onSubscribe"], "onSubscribe"),
        ("oldest", ["dropOldest", "dropNewest"], "dropOldest"), ("main", ["mainActor", "nonisolated"], "mainActor"),
        ("action", KindRegistry.standard.kinds.map(\.rawValue), "targetAction"),
    ])
    func nearestValueContainsOrIsContained(word: String, values: [String], expected: String) {
        #expect(NearestMatch.findValue(word, in: values) == expected)
    }

    /// Two readings (`dropLatest`), or too little shared (`on`), suggest nothing.
    @Test func ambiguousOrShortOverlapsGetNoSuggestion() {
        #expect(NearestMatch.findValue("dropLatest", in: NoDemandPolicy.scalarSpellings) == nil)
        #expect(NearestMatch.findValue("on", in: ["onDemand", "onSubscribe"]) == nil)
        #expect(NearestMatch.findValue("ca", in: ["callback", "polling"]) == nil)
        #expect(NearestMatch.findValue("stream", in: KindRegistry.standard.kinds.map(\.rawValue)) == nil)
    }

    @Test func editDistanceCountsTranspositionsOnce() {
        #expect(NearestMatch.editDistance("ouptut", "output") == 1)
        #expect(NearestMatch.editDistance("kitten", "sitting") == 3)
        #expect(NearestMatch.editDistance("", "abc") == 3)
    }

    @Test(arguments: ["Feed", "_private", "Café", "x1", "ÜberEvent"])
    func identifiersAreAccepted(name: String) {
        #expect(SwiftNames.isIdentifier(name))
    }

    @Test(arguments: ["1x", "a-b", "class", "a b", "", "Self", "😀"])
    func nonIdentifiersAreRejected(name: String) {
        #expect(!SwiftNames.isIdentifier(name))
    }

    @Test func moduleNamesMayBeDotted() {
        #expect(SwiftNames.isModuleName("Darwin.C"))
        #expect(!SwiftNames.isModuleName("Darwin..C"))
        #expect(!SwiftNames.isModuleName("my module"))
    }

    @Test func blankTextIsFoundByteWiseAndCharacterWise() {
        #expect(ScalarReader.isBlank(""))
        #expect(ScalarReader.isBlank(" \t\r\n"))
        #expect(ScalarReader.isBlank("\u{00A0}\u{2003}"))
        #expect(!ScalarReader.isBlank(" x"))
        #expect(!ScalarReader.isBlank("\u{00A0}é"))
    }
}
