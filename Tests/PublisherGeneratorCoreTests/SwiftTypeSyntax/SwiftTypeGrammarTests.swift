import Foundation
import PublisherGeneratorCore
import Testing

@testable import GeneratorValidating

/// The Swift type grammar a schema's type fields are checked against, and the expression check of
/// a parameter's `default:`. `Fixtures/Invalid/*-types` and `default-expressions` show the errors
/// as users see them; the differential test (`SwiftTypeGrammarDifferentialTests`) holds the grammar
/// to the compiler's parser.
@Suite struct SwiftTypeGrammarTests {
    /// The unusual but valid types of issue 26, and more: each is accepted in every field it can be.
    static let unusualValidTypes = [
        "[String: [Int]]?", "(label: Int, String)", "(@Sendable (Int) async throws -> Void)?",
        "any Error & Sendable", "Result<[Int], any Error>", "Swift.Int.Type", "Dictionary<String, (Int) -> Void>",
        "`class`", "`Type`.Inner", "Self", "Any", "AnyObject", "Int.Protocol", "(any P).Type", "any P.Type",
        "any ~Copyable", "any Sendable & ~Copyable", "Foo<Int>.Bar<String>.Baz", "[Int].Index", "Int??",
        "() -> ()", "(Int) throws(MyError) -> Void", "(Int, Int) async throws -> (Int) -> Void",
        "@MainActor @Sendable () -> Void", "@convention(c) (Int32) -> Int32", "(inout Int, Int...) -> Void",
        "((Int, Int)) -> Void", "(_ value: Int) -> Void", "InlineArray<3, Int>", "[3 of Int]", "café",
        "Array< Int >", "Optional<Int> ", " Int", "(Int,)", "Foo.Bar?.Type", "((Int) -> Void)?",
        "Result<Void, Never>", "Never", "(first: Int, second: (Int, String))", "Set<AnyHashable>", "Swift::Int",
        "@MyModule.MyActor () -> Void", "[Swift::String: Int]",
    ]

    @Test(arguments: unusualValidTypes)
    func unusualValidTypeIsAccepted(type: String) {
        #expect(SwiftTypeGrammar.check(type, key: "output", placement: .value) == nil)
        #expect(SwiftTypeGrammar.check("[\(type)]", key: "type", placement: .parameter) == nil)
    }

    /// The fast path for plain names takes only what the parser and every placement take.
    @Test func plainNamesAreTheParsersPlainNames() {
        let names = [
            "Int", "Foundation.Date", "A.B.C", "Self", "Any", "AnyObject", "Int.Type", "Int.Protocol", "Int.self",
            "int", "Int.init", "Int.class", "_", "_Int", "Int_2", "Int.", ".Int", "Int..Int", "X.Self", "Int2.Type3",
        ]
        for name in names where SwiftTypeGrammar.isPlainName(name) {
            for key in ["on", "output", "type"] {
                #expect(
                    SwiftTypeGrammar.checkParsing(name, key: key, placement: SchemaTypeCorpus.placement(ofKey: key))
                        == nil, "\(name) as \(key)")
            }
        }
        #expect(SwiftTypeGrammar.isPlainName("Foundation.Date"))
        #expect(!SwiftTypeGrammar.isPlainName("Self"))
        #expect(!SwiftTypeGrammar.isPlainName("Int.Type"))
    }

    @Test func parameterTypesTakeWhatParametersCan() {
        let parameterTypes = [
            "Int...", "Int!", "some Sequence", "@escaping (Int) -> Void", "@escaping @Sendable () -> Void",
            "consuming [Int]", "inout Int", "borrowing String",
        ]
        for type in parameterTypes {
            #expect(SwiftTypeGrammar.check(type, key: "type", placement: .parameter) == nil, "\(type)")
        }
        #expect(
            SwiftTypeGrammar.check("(Int) -> Void", key: "type", placement: .parameter)?.message.contains("@escaping")
                == true)
        #expect(SwiftTypeGrammar.check("Int...", key: "output", placement: .value) != nil)
        #expect(SwiftTypeGrammar.check("Int!", key: "output", placement: .value) != nil)
    }

    @Test func failureIsATypeThatCanConformToError() {
        for type in ["MyError", "any Error & Sendable", "Module.Failure<Int>", "(MyError)"] {
            #expect(SwiftTypeGrammar.check(type, key: "failure", placement: .failure) == nil, "\(type)")
        }
        for type in ["MyError?", "[MyError]", "(MyError, Int)", "() -> MyError", "MyError.Type"] {
            #expect(SwiftTypeGrammar.check(type, key: "failure", placement: .failure) != nil, "\(type)")
        }
    }

    @Test func ownerIsATypeThatCanBeExtended() {
        for type in ["Owner", "Module.Owner", "Array<Int>", "[Int]", "[String: Int]", "Optional<Owner>"] {
            #expect(SwiftTypeGrammar.check(type, key: "on", placement: .extended) == nil, "\(type)")
        }
        for type in [
            "(Int, Int)", "() -> Void", "any Owner", "Owner & Sendable", "Owner.Type", "Self", "Any", "Owner?",
        ] {
            #expect(SwiftTypeGrammar.check(type, key: "on", placement: .extended) != nil, "\(type)")
        }
    }

    /// Errors point at the first character that breaks the type, with a hint.
    @Test(arguments: [
        ("[Int", 4, "unbalanced '[': did you mean '[Int]'?"),
        ("Owner {} ; func injected() {} ; extension Owner", 6, "a type cannot contain '{'"),
        ("Int; struct S {}", 3, "a type cannot contain ';'"),
        ("Array<Int", 9, "unbalanced '<': did you mean 'Array<Int>'?"),
        ("[Int)", 4, "unbalanced '[': did you mean '[Int]'?"),
        ("Int)", 3, "unbalanced ')': did you mean 'Int'?"),
        ("Int ?", 4, "write 'Int?'"),
        ("(a: Int) -> Void", 1, "remove 'a:' or write '_ a:'"),
        ("Int -> Void", 0, "write '(Int) -> …'"),
        ("() throws async -> Void", 10, "write 'async throws'"),
        ("Int!", 3, "write 'Int?'"),
        ("[Int!]", 4, "write '?' instead of '!'"),
        ("@ Sendable () -> Void", 1, "remove the space after '@'"),
        ("`a", 2, "unbalanced '`': did you mean '`a`'?"),
        ("any P &~Copyable", 6, "write 'P & Q'"),
    ])
    func malformedTypeIsRejectedWhereItBreaks(type: String, column: Int, hint: String) throws {
        let failure = try #require(SwiftTypeGrammar.check(type, key: "output", placement: .value))
        #expect(failure.offset == column)
        #expect(failure.hint == hint)
    }

    @Test func everyTypeInTheExamplesAndFixturesIsAccepted() throws {
        let types = try SchemaTypeCorpus.typesInExamplesAndFixtures()
        #expect(types.count > 20)
        for (type, key) in types {
            #expect(
                SwiftTypeGrammar.check(type, key: key, placement: SchemaTypeCorpus.placement(ofKey: key)) == nil,
                "\(key): \(type)")
        }
    }

    // MARK: Default expressions

    @Test(arguments: [
        ".fullSize", "0.25", "\"a, b; c\"", "[1, 2]", "[:]", "min(1, 2)", "{ a; b }", "{\n    a\n    b\n}",
        "\"\"\"\n  text\n  \"\"\"", "#\"raw \"quoted\" \\(x)\"#", "\"\\(a, b) \\(\"nested, \\(c)\")\"", "Foo<Int>()",
        "a ? b : c", "{ (x: Int) -> Int in x }()",
    ])
    func defaultExpressionIsAccepted(expression: String) {
        #expect(SwiftCodeScanner.expression(expression) == nil)
    }

    @Test(arguments: [
        ("1, b: Int = 2", 1), ("f(1", 3), ("\"abc", 4), ("1; f()", 1), ("f(1))", 4), ("[1)", 2), ("1\n+ 2", 1),
        ("x // comment", 2), ("\"a\nb\"", 2), ("\"\\(1\"", 5),
    ])
    func malformedDefaultIsRejectedWhereItBreaks(expression: String, offset: Int) throws {
        let failure = try #require(SwiftCodeScanner.expression(expression))
        #expect(failure.offset == offset)
    }
}

/// Every Swift type written in the bundled examples and the fixtures, with its key, read from
/// their YAML: the corpus of types users actually write.
enum SchemaTypeCorpus {
    static let typeKeys: Set = ["on", "output", "failure", "token", "event", "type"]

    /// Where the generated code puts the type of `key`, as the decoder of the key says (an `event`
    /// scalar is the shorthand; `type` is a parameter's or an `event` mapping's).
    static func placement(ofKey key: String) -> SwiftTypeGrammar.Placement {
        switch key {
        case "on": .extended
        case "failure": .failure
        case "type": .parameter
        case "event": .shorthandParameter
        default: .value
        }
    }

    static func typesInExamplesAndFixtures() throws -> [(type: String, key: String)] {
        let root = FixturePaths.packageRoot
        var files = FixturePaths.files(in: root.appending(path: "Schemas/Examples"), endingWith: ".publishers.yaml")
        let fixtures = FileManager.default.enumerator(
            at: root.appending(path: "Tests/Fixtures"), includingPropertiesForKeys: nil)
        while let url = fixtures?.nextObject() as? URL {
            if url.lastPathComponent.hasSuffix(".publishers.yaml") { files.append(url) }
        }
        var types: [(String, String)] = []
        for url in files {
            let bytes = Array(try Data(contentsOf: url))
            guard let root = YAMLComposer(path: url.lastPathComponent).compose(bytes).root else { continue }
            collect(root, key: nil, into: &types)
        }
        return types
    }

    private static func collect(_ node: YAMLNode, key: String?, into types: inout [(String, String)]) {
        switch node.content {
        case let .scalar(text, _, _):
            if let key, typeKeys.contains(key) { types.append((text, key)) }
        case let .sequence(items):
            for item in items { collect(item, key: nil, into: &types) }
        case let .mapping(pairs):
            for pair in pairs {
                guard case let .scalar(name, _, _) = pair.key.content else { continue }
                // `type` is a type under `parameters` and `event`, and a word elsewhere.
                if name == "event", case .mapping = pair.value.content {
                    collect(pair.value, key: nil, into: &types)
                } else {
                    collect(pair.value, key: name, into: &types)
                }
            }
        }
    }
}
