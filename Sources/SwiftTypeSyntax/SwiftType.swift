/// A Swift type as a schema writes it, parsed by ``SwiftTypeGrammar/parse(_:)``: what the type is
/// made of, each part with the offset it starts at in the text (in Unicode scalars, as schema
/// columns count), so that a rule about a part can point at it.
///
/// Parentheses are kept: `(Int)` is a ``Node/tuple(_:)`` of one unlabelled element, as `(any P).Type`
/// needs them to mean what it says. ``description`` prints the type back in Swift's usual spacing.
package struct SwiftType: Equatable, Sendable {
    package var node: Node
    /// Where the type starts in the text it was parsed from.
    package var offset: Int

    package init(_ node: Node, at offset: Int) {
        self.node = node
        self.offset = offset
    }

    package indirect enum Node: Equatable, Sendable {
        /// A type identifier, its components separated by dots: `Int`, `Swift.Int`,
        /// `Dictionary<String, Int>`, `Foo<Int>.Bar`, `Self`, `_`.
        case named([Component])
        /// `[Element]`.
        case array(SwiftType)
        /// `[Key: Value]`.
        case dictionary(key: SwiftType, value: SwiftType)
        /// `[3 of Int]`: an inline array, whose count is an integer or a name.
        case inlineArray(count: GenericArgument, element: SwiftType)
        /// `()`, `(Int)`, `(label: Int, String)`; also a function type's parameters.
        case tuple([TupleElement])
        /// `(Int) async throws(E) -> Void`.
        case function(FunctionType)
        /// `Wrapped?`.
        case optional(SwiftType)
        /// `Wrapped!`; `bang` is the offset of the `!`.
        case implicitlyUnwrapped(SwiftType, bang: Int)
        /// `Base.Type` (`isProtocol == false`) or `Base.Protocol`.
        case metatype(SwiftType, isProtocol: Bool)
        /// A member of a type that is not a type identifier: `[Int].Index`, `Foo<Int>?.Bar`.
        case member(SwiftType, Component)
        /// `.self` after a type, which parses but names a value; `dot` is the offset of the `.`.
        case selfValue(SwiftType, dot: Int)
        /// `A & B`.
        case composition([SwiftType])
        /// `any Constraint`.
        case existential(SwiftType)
        /// `some Constraint`.
        case opaque(SwiftType)
        /// `~Copyable`.
        case suppressed(SwiftType)
        /// Attributes (`@Sendable`, `@MainActor`, `@escaping`) and specifiers (`inout`, `borrowing`,
        /// `consuming`, `sending`…) before a type, in the order written, attributes first.
        case attributed([Attribute], specifiers: [String], SwiftType)
        /// `Element...`; `dots` is the offset of the `...`.
        case variadic(SwiftType, dots: Int)
        /// `each Pattern` (`isRepeat == false`) or `repeat Pattern`.
        case pack(SwiftType, isRepeat: Bool)
    }

    /// One name of a type identifier, with its generic arguments.
    package struct Component: Equatable, Sendable {
        /// The name without backticks or module selector.
        package var name: String
        package var offset: Int
        /// `nil` without `<…>`; the arguments otherwise (`Foo<>` has none).
        package var genericArguments: [GenericArgument]?
        package var isBackticked: Bool
        /// `Swift` in `Swift::Int`.
        package var moduleSelector: String?

        package init(
            _ name: String, at offset: Int, genericArguments: [GenericArgument]? = nil, isBackticked: Bool = false,
            moduleSelector: String? = nil
        ) {
            self.name = name
            self.offset = offset
            self.genericArguments = genericArguments
            self.isBackticked = isBackticked
            self.moduleSelector = moduleSelector
        }
    }

    /// A generic argument, or an inline array's count: a type, or an integer (`InlineArray<3, Int>`).
    package enum GenericArgument: Equatable, Sendable {
        case type(SwiftType)
        /// The integer as written: `3`, `-1`, `0x10`, `1_000`.
        case integer(String)
    }

    /// An element of a tuple, or a parameter of a function type: its type, after no label, one
    /// (`label: Int`), or two (`_ name: Int`, only in a function type's parameters).
    package struct TupleElement: Equatable, Sendable {
        package var labels: [String]
        /// Where the labels start, or the type when there are none.
        package var labelOffset: Int
        package var type: SwiftType

        package init(labels: [String] = [], labelOffset: Int, type: SwiftType) {
            self.labels = labels
            self.labelOffset = labelOffset
            self.type = type
        }
    }

    /// A function type after its parameters: its effects and its result.
    package struct FunctionType: Equatable, Sendable {
        package var parameters: [TupleElement]
        package var isAsync: Bool
        package var throwsClause: ThrowsClause?
        package var result: SwiftType

        package init(
            parameters: [TupleElement], isAsync: Bool = false, throwsClause: ThrowsClause? = nil, result: SwiftType
        ) {
            self.parameters = parameters
            self.isAsync = isAsync
            self.throwsClause = throwsClause
            self.result = result
        }
    }

    /// `throws`, or `throws(E)`.
    package enum ThrowsClause: Equatable, Sendable {
        case untyped
        case typed(SwiftType)
    }

    /// An attribute before a type: `@Sendable`, `@convention(c)`, or a custom attribute such as a
    /// global actor (`@MainActor`, `@MyModule.MyActor`), whose name is the type that names it.
    package struct Attribute: Equatable, Sendable {
        /// The name after `@`, as written: `Sendable`, `MyModule.MyActor`.
        package var name: String
        package var offset: Int
        /// The arguments with their parentheses, as written: `(c)` of `@convention(c)`.
        package var arguments: String?
        /// Whether the compiler knows the attribute by name (`@Sendable`, `@escaping`); otherwise
        /// its name is a type's, as a global actor's is.
        package var isBuiltIn: Bool

        package init(_ name: String, at offset: Int, arguments: String? = nil, isBuiltIn: Bool) {
            self.name = name
            self.offset = offset
            self.arguments = arguments
            self.isBuiltIn = isBuiltIn
        }
    }
}

extension SwiftType {
    /// The type `text` spells, or `nil` when it spells none (``SwiftTypeGrammar/parse(_:)`` says
    /// why). For the rules that read a type validation has already accepted.
    package init?(parsing text: String) {
        guard case let .success(type) = SwiftTypeGrammar.parse(text) else { return nil }
        self = type
    }
}
