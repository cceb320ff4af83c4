import SwiftTypeSyntax
import Testing

/// The tree ``SwiftTypeGrammar`` parses a type into, what it answers about the type, and its
/// description. `SwiftTypeGrammarTests` holds what the grammar accepts and rejects, and where
/// the schema's fields may put a type.
@Suite struct SwiftTypeSyntaxTests {
    private static func named(_ name: String, at offset: Int) -> SwiftType {
        SwiftType(.named([SwiftType.Component(name, at: offset)]), at: offset)
    }

    private static func parsed(_ text: String) throws -> SwiftType {
        try SwiftTypeGrammar.parse(text).get()
    }

    // MARK: Trees

    @Test func namesKeepTheirComponentsAndGenericArguments() throws {
        #expect(try Self.parsed("Int") == Self.named("Int", at: 0))
        let foo = SwiftType.Component("Foo", at: 0, genericArguments: [.type(Self.named("Int", at: 4)), .integer("3")])
        #expect(
            try Self.parsed("Foo<Int, 3>.Bar") == SwiftType(.named([foo, SwiftType.Component("Bar", at: 12)]), at: 0))
        #expect(
            try Self.parsed("Swift::Int")
                == SwiftType(.named([SwiftType.Component("Int", at: 0, moduleSelector: "Swift")]), at: 0))
        #expect(
            try Self.parsed("`class`")
                == SwiftType(.named([SwiftType.Component("class", at: 0, isBackticked: true)]), at: 0))
    }

    @Test func sugarIsItsOwnNode() throws {
        let swiftInt = SwiftType(
            .named([SwiftType.Component("Swift", at: 0), SwiftType.Component("Int", at: 6)]), at: 0)
        #expect(try Self.parsed("Swift.Int?") == SwiftType(.optional(swiftInt), at: 0))
        #expect(try Self.parsed("Int!") == SwiftType(.implicitlyUnwrapped(Self.named("Int", at: 0), bang: 3), at: 0))
        let dictionary = SwiftType.Node.dictionary(
            key: Self.named("String", at: 1), value: SwiftType(.array(Self.named("Int", at: 10)), at: 9))
        #expect(try Self.parsed("[String: [Int]]") == SwiftType(dictionary, at: 0))
        #expect(
            try Self.parsed("[3 of Int]")
                == SwiftType(.inlineArray(count: .integer("3"), element: Self.named("Int", at: 6)), at: 0))
        let index = SwiftType(.member(SwiftType(.array(Self.named("Int", at: 1)), at: 0), .init("Index", at: 6)), at: 0)
        #expect(try Self.parsed("[Int].Index.Type") == SwiftType(.metatype(index, isProtocol: false), at: 0))
        #expect(try Self.parsed("Int.self") == SwiftType(.selfValue(Self.named("Int", at: 0), dot: 3), at: 0))
    }

    @Test func tuplesKeepTheirLabels() throws {
        let elements = [
            SwiftType.TupleElement(labels: ["label"], labelOffset: 1, type: Self.named("Int", at: 8)),
            SwiftType.TupleElement(labelOffset: 13, type: Self.named("String", at: 13)),
        ]
        #expect(try Self.parsed("(label: Int, String)") == SwiftType(.tuple(elements), at: 0))
    }

    @Test func functionsKeepTheirAttributesAndEffects() throws {
        let function = SwiftType.FunctionType(
            parameters: [SwiftType.TupleElement(labelOffset: 11, type: Self.named("Int", at: 11))], isAsync: true,
            throwsClause: .typed(Self.named("E", at: 29)), result: Self.named("Void", at: 35))
        let sendable = SwiftType.Attribute("Sendable", at: 0, isBuiltIn: true)
        #expect(
            try Self.parsed("@Sendable (Int) async throws(E) -> Void")
                == SwiftType(.attributed([sendable], specifiers: [], SwiftType(.function(function), at: 10)), at: 0))

        let mainActor = SwiftType.Attribute("MainActor", at: 0, isBuiltIn: false)
        let isolated = SwiftType.FunctionType(
            parameters: [], throwsClause: .untyped, result: Self.named("Void", at: 24))
        #expect(
            try Self.parsed("@MainActor () throws -> Void")
                == SwiftType(.attributed([mainActor], specifiers: [], SwiftType(.function(isolated), at: 11)), at: 0))

        let convention = SwiftType.Attribute("convention", at: 0, arguments: "(c)", isBuiltIn: true)
        let cFunction = SwiftType.FunctionType(
            parameters: [SwiftType.TupleElement(labelOffset: 16, type: Self.named("Int32", at: 16))],
            result: Self.named("Int32", at: 26))
        #expect(
            try Self.parsed("@convention(c) (Int32) -> Int32")
                == SwiftType(.attributed([convention], specifiers: [], SwiftType(.function(cFunction), at: 15)), at: 0))
    }

    @Test func existentialsOpaqueTypesAndPacksWrapTheirConstraint() throws {
        let composition = SwiftType(.composition([Self.named("P", at: 4), Self.named("Q", at: 8)]), at: 4)
        #expect(try Self.parsed("any P & Q") == SwiftType(.existential(composition), at: 0))
        let copyable = SwiftType(.suppressed(Self.named("Copyable", at: 6)), at: 5)
        #expect(try Self.parsed("some ~Copyable") == SwiftType(.opaque(copyable), at: 0))
        #expect(try Self.parsed("each T") == SwiftType(.pack(Self.named("T", at: 5), isRepeat: false), at: 0))
    }

    @Test func specifiersWrapAVariadicType() throws {
        let variadic = SwiftType(.variadic(Self.named("Int", at: 6), dots: 9), at: 6)
        #expect(try Self.parsed("inout Int...") == SwiftType(.attributed([], specifiers: ["inout"], variadic), at: 0))
    }

    // MARK: Description

    /// A type written in Swift's usual spacing prints as written.
    @Test(arguments: [
        "Int", "[String: [Int]]?", "(label: Int, String)", "(@Sendable (Int) async throws -> Void)?",
        "any Error & Sendable", "Result<[Int], any Error>", "Swift.Int.Type", "Dictionary<String, (Int) -> Void>",
        "`class`", "`Type`.Inner", "Int.Protocol", "(any P).Type", "any P.Type", "any Sendable & ~Copyable",
        "Foo<Int>.Bar<String>.Baz", "[Int].Index", "Int??", "() -> ()", "(Int) throws(MyError) -> Void",
        "@MainActor @Sendable () -> Void", "@convention(c) (Int32) -> Int32", "(inout Int, Int...) -> Void",
        "(_ value: Int) -> Void", "InlineArray<3, Int>", "[3 of Int]", "café", "Swift::Int", "Int!",
        "@escaping @autoclosure () -> Bool", "borrowing String", "some Sequence", "each T", "Int.self",
        "@MyModule.MyActor () -> Void",
    ])
    func typeInUsualSpacingPrintsAsWritten(text: String) throws {
        #expect(try Self.parsed(text).description == text)
    }

    /// Any other spacing prints in the usual one, which parses to the same type.
    @Test(arguments: [
        ("Array< Int >", "Array<Int>"), ("[String:Int]", "[String: Int]"), ("( Int , String )", "(Int, String)"),
        (" Int", "Int"), ("(Int,)", "(Int)"), ("Swift . Double", "Swift.Double"), ("()->Void", "() -> Void"),
        ("any  P&Q", "any P & Q"), ("[ 3 of Int ]", "[3 of Int]"),
        ("(Int)async throws->Void", "(Int) async throws -> Void"),
    ])
    func otherSpacingPrintsInTheUsualOne(text: String, printed: String) throws {
        #expect(try Self.parsed(text).description == printed)
        #expect(try Self.parsed(printed).description == printed)
    }

    // MARK: Queries

    @Test(arguments: [
        ("[Output]", ["Output"]), ("Result<Output, E>", ["Result", "Output", "E"]), ("MyModule.Output", ["MyModule"]),
        ("MyModule . Output", ["MyModule"]), ("[String: [Failure]]?", ["String", "Failure"]),
        ("Array<_Element>", ["Array", "_Element"]), ("Été", ["Été"]), ("MyModule::Output", []),
        ("(Output: Int)", ["Int"]), ("`Output`", ["Output"]), ("Foo<Int>.Bar<Output>", ["Foo", "Int", "Output"]),
        ("(Int) throws(Failure) -> Void", ["Int", "Failure", "Void"]), ("@Sendable (Int) -> Void", ["Int", "Void"]),
        ("@MyActor () -> Output", ["MyActor", "Output"]), ("[Int].Index", ["Int"]), ("[N of Int]", ["N", "Int"]),
        ("any P & Q", ["P", "Q"]), ("InlineArray<3, Int>", ["InlineArray", "Int"]),
    ])
    func unqualifiedNamesAreTheNamesWrittenWithoutAQualifier(text: String, names: [String]) throws {
        #expect(try Self.parsed(text).unqualifiedNames == names)
    }

    @Test(arguments: [
        ("(Int) -> Void", true), ("@Sendable () -> Void", true), ("(() -> Void)", true), ("sending () -> Void", true),
        ("((Int, Int)) -> Void", true), ("(() -> Void)?", false), ("[() -> Void]", false), ("Int", false),
        ("(Int, () -> Void)", false), ("(label: () -> Void)", true),
    ])
    func functionTypesAreFoundAtTheTop(text: String, isFunction: Bool) throws {
        #expect(try Self.parsed(text).isFunction == isFunction)
    }

    @Test func parameterTypesSayHowTheyArePassed() throws {
        #expect(try Self.parsed("inout Int").isInout)
        #expect(try !Self.parsed("Int").isInout)
        #expect(try Self.parsed("@escaping @autoclosure () -> Bool").isAutoclosure)
        #expect(try !Self.parsed("@escaping () -> Bool").isAutoclosure)
        #expect(try Self.parsed("Int...").variadicDots == 3)
        #expect(try Self.parsed("inout Int ...").variadicDots == 10)
        #expect(try Self.parsed("[Int]").variadicDots == nil)
        #expect(try Self.parsed("Int!").implicitlyUnwrappedBang == 3)
        #expect(try Self.parsed("inout Int!").implicitlyUnwrappedBang == 9)
        #expect(try Self.parsed("[Int!]").implicitlyUnwrappedBang == nil)
    }

    @Test(arguments: [("()", true), ("Void", true), ("( )", true), ("Swift.Void", false), ("`Void`", false)])
    func voidIsTheEmptyTupleOrVoid(text: String, isVoid: Bool) throws {
        #expect(try Self.parsed(text).isVoid == isVoid)
    }

    @Test func textThatIsNoTypeParsesToNothing() {
        #expect(SwiftType(parsing: "[Int") == nil)
        #expect(SwiftType(parsing: "Int; struct S {}") == nil)
        #expect(SwiftType(parsing: " [Int] ") == SwiftType(.array(Self.named("Int", at: 2)), at: 1))
    }
}
