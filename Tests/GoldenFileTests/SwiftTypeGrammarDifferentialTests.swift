import Foundation
import PublisherGeneratorCore
import TestHelpers
import Testing

@testable import GeneratorValidating

/// The schema's type grammar (`SwiftTypeGrammar.parse`) against the compiler's parser: each type of
/// a corpus of several thousand (hand-picked, every type in the examples and fixtures, random
/// valid ones, and random edits of them) is written as `typealias T = <type>` in a file of its own,
/// and `swiftc -parse` reads them all in a few runs. Both must accept or both reject, except where
/// ``deliberateDisagreement(_:)`` says why the grammar is stricter on purpose.
///
/// The grammar's placement rules (`Int!` as an output, `some P`, `inout`) are not compared: the
/// parser takes those types and the compiler rejects them later, in the declaration.
@Suite struct SwiftTypeGrammarDifferentialTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Why the grammar rejects a type the parser accepts, when it does so on purpose; `nil` when it
    /// should not. The parser reads `typealias T = Int; struct S {}` as two declarations and a
    /// comment as a comment, but a schema's type field is one type and nothing else: text after
    /// the type would be copied into generated code.
    static func deliberateDisagreement(_ type: String) -> String? {
        if type.contains(";") { return "a type cannot contain ';' (the parser starts a new statement)" }
        if type.contains("//") || type.contains("/*") { return "a type cannot contain a comment" }
        if type.unicodeScalars.contains("\u{00A0}") {
            return "a non-breaking space is not a space (the compiler warns and reads on)"
        }
        return nil
    }

    /// Types chosen to reach every rule of the grammar, valid and invalid, several from the
    /// compiler's own answers to the edge cases.
    static let handPicked = [
        "Int", "[Int", "Int]", "[Int]", "[String: [Int]]?", "(label: Int, String)",
        "(@Sendable (Int) async throws -> Void)?", "any Error & Sendable", "Result<[Int], any Error>", "Swift.Int.Type",
        "Dictionary<String, (Int) -> Void>", "Owner {} ; func injected() {} ; extension Owner", "Int ?", "Array <Int>",
        "Int!", "some P", "Int...", "@escaping () -> Void", "inout Int", "~Copyable", "Int.self", "_",
        "(a: Int) -> Void", "() throws async -> Void", "Int -> Void", "[Int].Element", "InlineArray<3, Int>",
        "[3 of Int]", "`foo bar`", "@Foo Int", "(_ a: Int, _ b: Int)", "Int; func f() {}", "Int // x", "each T",
        "repeat each T", "Dictionary<String,Int>>", "Int.Type.Protocol", "(Int) rethrows -> Void", "sending Int",
        "borrowing Int", "@isolated(any) () -> Void", "@convention(c) () -> Void", "Int.init", "class", "`class`",
        "P & Q?", "$0", "Int . Type", "Int?.Type", "(Int)", "(Int,)", "[Int:]", "Foo.default", "Foo.class",
        "Foo.Type.self", "any", "some", "any.Foo", "Array<Int >", "Array< Int>", "Array<>", "[Int] ?", "(Int)->Void",
        "() -> ()", "(Int) -> Void -> Int", "@Sendable (Int) async throws(E) -> Void", "(Int) async(E) -> Void",
        "(Int) throws() -> Void", "Int & ", "& Int", "Int.Type?", "Int? ?", "Int??", "(Int...) -> Void",
        "(Int..., String) -> Void", "[Int...]", "(inout Int) -> Void", "Foo<Int>.Bar<String>.Baz", "Foo.`Type`",
        "Foo.Type<Int>", "Self.Element", "Any.Type", "AnyObject", "Int.Protocol.Type", "~Copyable & Sendable",
        "any ~Copyable", "some P & Q", "@MainActor @Sendable () -> Void", "@escaping @Sendable () -> Void",
        "@autoclosure () -> Int", "@Sendable(Int) -> Void", "@ Sendable () -> Void", "(Int) async -> async",
        "Int.Type.Type", "(Int).Type", "[Int].Type", "() -> some P", "(x y: Int)", "(x: Int, y:Int)", "(x : Int)",
        "Int.0", "café", "Int?!", "Array<Int,>", "Foo<-3, Int>", "Foo<3.5>", "(borrowing Int) -> Void",
        "(__owned Int) -> Void", "(isolated Actor) -> Void", "(sending Int) -> sending Int", "(_const Int) -> Void",
        "() throws -> ()", "() async -> ()", "() rethrows", "Foo<Int>?.Bar", "[Int]?.Element", "Int ...", "Int...?",
        "(Int...)?", "Foo.Self", "Foo.self.Bar", "Foo.Protocol", "await", "open", "type", "Type", "Protocol",
        "Foo<any>", "[N of Int]", "[Int of Int]", "(in: Int, for: String)", "(inout: Int)", "(let: Int)",
        "(var: Int)", "`  `", "`+`", "`a`b", "$foo", "Foo<Int>>", "(Int) -> Void?", "@Sendable Int",
        "@convention(c) (Int) -> Int", "@MainActor(Int) -> Void", "@Foo(x: 1) () -> Void", "Int&Sendable", "P&&Q",
        "(a b: Int) -> Void", "(_ a: Int) -> Void", "(_: Int) -> Void", "(a: Int)", "each", "repeat Int", "isolated",
        "sending", "(Int) throws(E) async -> Void", "() -> ()?.Type", "Int!?!", "[:]", "[Int: Int: Int]",
        "Int.Type.Type?", "Foo.Bar<Int>.Baz", "Foo. Bar", "Foo .Bar", "~ Copyable", "~~Copyable",
        "(Int, Int) async throws -> (Int) -> Void", "@escaping (Int) -> Void", "@Sendable @escaping (Int) -> Void",
        "Array<Int, >", "Array<,>", "Foo<3>", "Foo<0x10>", "Foo<1_000>", "Foo<+3>", "(Int)?->Void", "(Int)!",
        "some any P", "any some P", "any P?", "(any P)?", "any P.Type", "Int?.Type.Type", "[_]", "Int.Type!",
        "[Int)", "(Int]", "Array<Int)", "Int)", "Int>", "(", ")", "[", "]", "<Int>", "\"Int\"", "'Int'", "Int = 3",
        "Int, String", "#Int", "Int#", "@", "@1", "Int @Sendable", "() -> ", "-> Int", "(Int) ->", "(Int) async",
        "(Int) throws", "Int async", "throws Int", "Int.", ".Int", "Int..", "Int....", "Int?.", "Foo<Int>.",
        "(Int) -> Void & Sendable", "any (P & Q)", "any (() -> Void)", "some (P)", "[Int]!", "[Int]?",
        "Int{}", "Int {", "Int }", "Int\\", "Int `", "` Int`", "\u{00e9}t\u{00e9}", "日本", "Int\u{00a0}",
        // Found by longer random passes: custom attributes are read as types, `::` selects a module.
        "@Send&able () -> Void", "@MainActor? () -> Void", "@MainActor .Sendable () -> Void", "@any P",
        "@MainActo! () -> Void", "Swift::Int", "[T::Void]", "(a::Never)", "(b:: café)", "::Int", "Swift::",
        "Any::Int", "Self::Int", "_::Int", "Swift.Int::Int",
    ]

    @Test func grammarAgreesWithTheCompilersParser() async throws {
        var corpus = Self.handPicked
        corpus += try Self.typesInExamplesAndFixtures()
        // `TYPE_GRAMMAR_SEED` and `TYPE_GRAMMAR_RANDOM_TYPES` make a longer or another pass.
        let environment = ProcessInfo.processInfo.environment
        var random = DifferentialRandom(seed: environment["TYPE_GRAMMAR_SEED"].flatMap(UInt64.init) ?? 26)
        let randomCount = environment["TYPE_GRAMMAR_RANDOM_TYPES"].flatMap(Int.init) ?? 1_500
        var generator = RandomTypeText()
        let valid = (0..<randomCount).map { _ in generator.type(depth: 3, using: &random) }
        corpus += valid
        corpus += valid.map { RandomTypeText.mutate($0, using: &random) }
        corpus += valid.prefix(500).map {
            RandomTypeText.mutate(RandomTypeText.mutate($0, using: &random), using: &random)
        }
        var seen = Set<String>()
        corpus = corpus.filter { !$0.contains(where: \.isNewline) && seen.insert($0).inserted }

        let clock = ContinuousClock()
        let start = clock.now
        let verdicts = try await Self.compilerVerdicts(corpus)
        print("differential: the compiler's verdicts took \(clock.now - start)")
        var disagreements: [String] = []
        var deliberate: [String: Int] = [:]
        var accepted = 0
        for (type, compilerAccepts) in zip(corpus, verdicts) {
            let grammarAccepts: Bool
            if case .success = SwiftTypeGrammar.parse(type) { grammarAccepts = true } else { grammarAccepts = false }
            if grammarAccepts { accepted += 1 }
            guard grammarAccepts != compilerAccepts else { continue }
            if !grammarAccepts, let reason = Self.deliberateDisagreement(type) {
                deliberate[reason, default: 0] += 1
                continue
            }
            disagreements.append(
                "\(type)  (grammar \(grammarAccepts ? "accepts" : "rejects"), compiler \(compilerAccepts ? "accepts" : "rejects"))"
            )
        }
        print(
            "differential: \(corpus.count) types, \(accepted) accepted by the grammar, "
                + "\(deliberate.values.reduce(0, +)) deliberate disagreements \(deliberate.sorted { $0.key < $1.key }), "
                + "\(disagreements.count) other")
        #expect(corpus.count >= 3_000)
        #expect(
            disagreements.isEmpty, "the grammar and the compiler disagree on:\n\(disagreements.joined(separator: "\n"))"
        )
    }

    /// Whether `swiftc -parse` accepts `typealias T = <type>` for each type, one file per type so
    /// that one type's error cannot run into the next, 500 files per run.
    static func compilerVerdicts(_ types: [String]) async throws -> [Bool] {
        let directory = FileManager.default.temporaryDirectory.appending(path: "type-grammar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var rejected = Set<Int>()
        for chunk in stride(from: 0, to: types.count, by: 500) {
            var files: [URL] = []
            for index in chunk..<min(chunk + 500, types.count) {
                let file = directory.appending(path: "t\(index).swift")
                try Data("typealias T = \(types[index])\n".utf8).write(to: file)
                files.append(file)
            }
            // The frontend itself, in one process: the driver would start one per file.
            let run = try await SwiftCommand.execute(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["swiftc", "-frontend", "-parse", "-swift-version", "6"] + files.map(\.path))
            for line in run.output.split(separator: "\n") where line.contains(": error: ") {
                guard let name = line.split(separator: "/").last?.split(separator: ":").first,
                    name.hasPrefix("t"), name.hasSuffix(".swift"), let index = Int(name.dropFirst().dropLast(6))
                else { continue }
                rejected.insert(index)
            }
        }
        return types.indices.map { !rejected.contains($0) }
    }

    /// The types written in the examples and in the fixtures (valid and invalid), read as text:
    /// the value of every `on:`, `output:`, `failure:`, `token:`, `event:` and `type:` on one line.
    static func typesInExamplesAndFixtures() throws -> [String] {
        var types: [String] = []
        for folder in ["Schemas/Examples", "Tests/Fixtures", "Tests/PublisherGeneratorCoreTests/Fixtures"] {
            let enumerator = FileManager.default.enumerator(
                at: packageRoot.appending(path: folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.lastPathComponent.hasSuffix(".publishers.yaml"),
                    let text = try? String(contentsOf: url, encoding: .utf8)
                else { continue }
                for line in text.split(separator: "\n") {
                    types += Self.typeValues(in: String(line))
                }
            }
        }
        return types
    }

    /// `key: value` pairs of type keys in a line, block or flow style, with quotes removed.
    static func typeValues(in line: String) -> [String] {
        var values: [String] = []
        for key in ["on", "output", "failure", "token", "event", "type"] {
            var rest = Substring(line)
            while let range = rest.range(of: "\(key): ") {
                let before = rest[..<range.lowerBound].last
                rest = rest[range.upperBound...]
                guard before == nil || before == " " || before == "{" || before == "," else { continue }
                var value: Substring
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    value = rest.dropFirst().prefix { $0 != quote }
                } else {
                    value = rest.prefix { $0 != "," && $0 != "}" && $0 != "#" }
                }
                while value.last == " " { value.removeLast() }
                if !value.isEmpty, value.first != "{", value.first != "|", !value.contains("\\") {
                    values.append(String(value))
                }
            }
        }
        return values
    }
}

/// SplitMix64, so that the corpus is the same on every run and machine.
struct DifferentialRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    mutating func pick<Element>(_ choices: [Element]) -> Element { choices[below(choices.count)] }
}

/// Random types from the grammar's productions, and random edits of them: the typos of issue 26
/// (a bracket, angle bracket, parenthesis, `?`, `:`, `;` or quote deleted or inserted).
struct RandomTypeText {
    static let names = [
        "Int", "String", "Owner", "Swift.Int", "Foundation.Date", "`class`", "Self", "Any", "AnyObject", "café",
        "Element", "Never", "Void", "T",
    ]
    static let protocols = ["Error", "Sendable", "Hashable", "P", "Swift.Equatable"]

    mutating func type(depth: Int, using random: inout DifferentialRandom) -> String {
        if depth == 0 { return random.pick(Self.names) }
        let next = depth - 1
        switch random.below(16) {
        case 0: return "[\(type(depth: next, using: &random))]"
        case 1: return "[\(type(depth: next, using: &random)): \(type(depth: next, using: &random))]"
        case 2: return "\(simple(depth: next, using: &random))?"
        case 3:
            return
                "(\(type(depth: next, using: &random)), \(random.pick(["a", "b", "in"])): \(type(depth: next, using: &random)))"
        case 4:
            let attributes = random.pick(["", "@Sendable ", "@MainActor ", "@MainActor @Sendable "])
            let effects = random.pick(["", " async", " throws", " async throws", " throws(MyError)"])
            let arguments = (0..<random.below(3)).map { _ in type(depth: next, using: &random) }
            return
                "\(attributes)(\(arguments.joined(separator: ", ")))\(effects) -> \(type(depth: next, using: &random))"
        case 5: return "any \(composition(using: &random))"
        case 6: return "\(simple(depth: next, using: &random)).\(random.pick(["Type", "Protocol"]))"
        case 7:
            let arguments = (0..<(1 + random.below(2))).map { _ in type(depth: next, using: &random) }
            return
                "\(random.pick(["Array", "Result", "Dictionary", "Swift.Optional"]))<\(arguments.joined(separator: ", "))>"
        case 8: return "(\(type(depth: next, using: &random)))"
        case 9: return "[\(random.below(8)) of \(type(depth: next, using: &random))]"
        case 10: return composition(using: &random)
        case 11: return "\(simple(depth: next, using: &random))!"
        case 12: return "some \(composition(using: &random))"
        case 13: return "any \(random.pick(Self.protocols)) & ~Copyable"
        case 14: return "(\(type(depth: next, using: &random))...) -> Void"
        default: return random.pick(Self.names)
        }
    }

    /// A type that `?`, `!` and `.Type` can follow without parentheses.
    private mutating func simple(depth: Int, using random: inout DifferentialRandom) -> String {
        let type = self.type(depth: depth, using: &random)
        let needsParentheses = type.contains(" ") && !(type.first == "[" && type.last == "]")
        return needsParentheses ? "(\(type))" : type
    }

    private func composition(using random: inout DifferentialRandom) -> String {
        (0..<(1 + random.below(3))).map { _ in random.pick(Self.protocols) }.joined(separator: " & ")
    }

    static let typos: [Character] = [
        "[", "]", "<", ">", "(", ")", "?", ":", ";", "\"", "'", "!", ",", "&", ".", " ", "@",
    ]

    /// One edit: a character deleted, a typo inserted, or a character replaced by a typo.
    static func mutate(_ type: String, using random: inout DifferentialRandom) -> String {
        var characters = Array(type)
        let index = random.below(characters.count + 1)
        switch random.below(3) {
        case 0 where !characters.isEmpty: characters.remove(at: min(index, characters.count - 1))
        case 1 where index < characters.count: characters[index] = random.pick(typos)
        default: characters.insert(random.pick(typos), at: index)
        }
        return String(characters)
    }
}
