/// The grammar of a Swift type, from the "Types" chapter of The Swift Programming Language's
/// reference, checked by hand-written recursive descent over a type written in a schema.
///
/// It accepts what the compiler's parser accepts in `typealias T = <type>` (the differential test
/// `SwiftTypeGrammarDifferentialTests`, in `GoldenFileTests`, holds it to that), with one
/// deliberate difference: the text must be one type and nothing else, so a `;`, a comment, a
/// brace or a second statement is an error here, where the compiler would read on. What parses but
/// cannot appear where a schema field puts its type (`Int!` as a publisher's output, `some P`,
/// `inout`) is the job of the placement rules in `GeneratorValidating`, which read the tree it
/// returns, a ``SwiftType``.
package enum SwiftTypeGrammar {
    /// Where and why a text stops being a type. `offset` counts Unicode scalars from the start of
    /// the text, as schema columns do; the end of the text is `offset == count`.
    package struct Failure: Error, Equatable, Sendable {
        package var offset: Int
        package var message: String
        package var hint: String?

        package init(offset: Int, message: String, hint: String? = nil) {
            self.offset = offset
            self.message = message
            self.hint = hint
        }
    }

    /// Parses `text` as one type, or says where and why it is not one.
    package static func parse(_ text: String) -> Result<SwiftType, Failure> {
        if isCapitalizedIdentifier(text) {
            return .success(SwiftType(.named([SwiftType.Component(text, at: 0)]), at: 0))
        }
        var parser = Parser(text)
        do {
            let type = try parser.parseType()
            try parser.expectEnd()
            return .success(type)
        } catch {
            return .failure(error)
        }
    }

    /// Whether `text` is an ASCII identifier that starts with a capital letter, such as `Int`: most
    /// types in schemas, which the parser would read as one name, as no keyword starts with a
    /// capital. The fast path that spares them the parser, which a debug build runs slowly; it
    /// indexes the bytes and compares them plainly, as unspecialized generic code costs a debug
    /// build hundreds of instructions a byte.
    private static func isCapitalizedIdentifier(_ text: String) -> Bool {
        let bytes = text.utf8
        var index = bytes.startIndex
        guard index < bytes.endIndex, bytes[index] >= 0x41, bytes[index] <= 0x5A else { return false }  // A-Z
        bytes.formIndex(after: &index)
        while index < bytes.endIndex {
            let byte = bytes[index]
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            guard isLetter || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F else { return false }  // 0-9, _
            bytes.formIndex(after: &index)
        }
        return true
    }

    /// Words that cannot name a type without backticks: the compiler's keywords, less the few that
    /// are types (`Any`, `Self`) or are only keywords in some places (`open`, `await`, `sending`).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "operator", "precedencegroup", "private", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "super", "throws", "true",
        "try", "let", "var",
    ]
}

extension SwiftTypeGrammar {
    /// One pass over the text's Unicode scalars; every `parse…` method starts at a non-space.
    struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        /// The brackets open at `position`, innermost last, for "unbalanced" errors and their hints.
        var open: [(scalar: Unicode.Scalar, offset: Int)] = []

        init(_ text: String) {
            scalars = Array(text.unicodeScalars)
        }

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func peek(_ distance: Int) -> Unicode.Scalar? {
            position + distance < scalars.count ? scalars[position + distance] : nil
        }

        func starts(with text: String) -> Bool {
            var index = position
            for scalar in text.unicodeScalars {
                guard index < scalars.count, scalars[index] == scalar else { return false }
                index += 1
            }
            return true
        }

        static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

        var followsSpace: Bool { position > 0 && Self.isSpace(scalars[position - 1]) }

        mutating func skipSpaces() {
            while let scalar = current, Self.isSpace(scalar) { position += 1 }
        }

        /// Skips spaces and consumes `punctuation` if it comes next.
        mutating func consume(_ punctuation: String) -> Bool {
            let start = position
            skipSpaces()
            if starts(with: punctuation) {
                position += punctuation.unicodeScalars.count
                skipSpaces()
                return true
            }
            position = start
            return false
        }

        // MARK: Types

        /// type → attributes? specifiers? (`any` | `some`)? composition (effects? `->` type)?
        mutating func parseType() throws(Failure) -> SwiftType {
            skipSpaces()
            let start = position
            var attributes: [SwiftType.Attribute] = []
            var specifiers: [String] = []
            while true {
                if current == "@" {
                    attributes.append(try parseAttribute())
                } else if let word = peekKeyword(), Self.specifiers.contains(word), startsTypeAfterWord(word) {
                    position += word.unicodeScalars.count
                    skipSpaces()
                    specifiers.append(word)
                } else {
                    break
                }
            }
            if let word = peekKeyword(), word == "each" || word == "repeat" {
                position += word.unicodeScalars.count
                skipSpaces()
                if current == nil || !startsType(current!) { throw failure("expected a type after '\(word)'") }
                let pattern = try parseType()
                let pack = SwiftType(.pack(pattern, isRepeat: word == "repeat"), at: start)
                return wrap(pack, attributes, specifiers, start: start)
            }
            var type = try parseExistentialOrComposition()
            if let function = try parseFunctionTail(argumentsOf: type) { type = function }
            skipSpaces()
            if starts(with: "...") {
                type = SwiftType(.variadic(type, dots: position), at: type.offset)
                position += 3
            }
            return wrap(type, attributes, specifiers, start: start)
        }

        static let specifiers: Set<String> = [
            "inout", "borrowing", "consuming", "__owned", "__shared", "sending", "isolated", "__setter_access",
        ]

        private func wrap(
            _ type: SwiftType, _ attributes: [SwiftType.Attribute], _ specifiers: [String], start: Int
        ) -> SwiftType {
            guard !attributes.isEmpty || !specifiers.isEmpty else { return type }
            return SwiftType(.attributed(attributes, specifiers: specifiers, type), at: start)
        }

        /// `@name`, with `(…)` arguments written right after it for attributes that take them.
        private mutating func parseAttribute() throws(Failure) -> SwiftType.Attribute {
            let start = position
            position += 1
            if let scalar = current, Self.isSpace(scalar) {
                throw failure("'@' must be followed by the attribute's name", hint: "remove the space after '@'")
            }
            guard let first = current, Self.isIdentifierHead(first) || first == "`" else {
                throw failure("expected an attribute name after '@'")
            }
            let nameStart = position
            let name: String
            let isBuiltIn: Bool
            if let word = peekWord(), Self.builtInAttributes.contains(word) {
                position += word.unicodeScalars.count
                name = word
                isBuiltIn = true
            } else {
                // A custom attribute (a global actor such as `@MainActor`) is named by a type, as
                // the compiler reads it: `@MyModule.MyActor`, even `@A & B`.
                _ = try parseComposition()
                name = text(nameStart..<position)
                isBuiltIn = false
            }
            var arguments: String?
            if current == "(", !Self.attributesWithoutArguments.contains(name) {
                let argumentsStart = position
                try skipBalancedArguments()
                arguments = text(argumentsStart..<position)
            }
            skipSpaces()
            return SwiftType.Attribute(name, at: start, arguments: arguments, isBuiltIn: isBuiltIn)
        }

        /// The type attributes the compiler knows by name; any other names a custom attribute's type.
        static let builtInAttributes: Set<String> = [
            "Sendable", "escaping", "autoclosure", "noescape", "convention", "isolated", "thin", "thick",
            "differentiable", "noDerivative", "unchecked", "preconcurrency", "retroactive", "unsafe",
            "_opaqueReturnTypeOf", "concurrent", "execution", "_local", "async",
        ]

        /// Type attributes that take no arguments: a `(` after them starts the function's parameters.
        static let attributesWithoutArguments: Set<String> = [
            "Sendable", "escaping", "autoclosure", "noescape", "thin", "thick", "async", "retroactive",
            "unchecked", "preconcurrency", "noDerivative", "unsafe",
        ]

        /// An attribute's arguments: balanced parentheses, with string literals skipped whole.
        private mutating func skipBalancedArguments() throws(Failure) {
            let opening = position
            var depth = 0
            while let scalar = current {
                position += 1
                switch scalar {
                case "(": depth += 1
                case ")":
                    depth -= 1
                    if depth == 0 { return }
                case "\"":
                    while let inner = current, inner != "\"" { position += inner == "\\" ? 2 : 1 }
                    guard current != nil else { break }
                    position += 1
                case ";", "{", "}": throw failure("a type cannot contain '\(scalar)'", at: position - 1)
                default: break
                }
            }
            open.append(("(", opening))
            throw failure("the attribute's arguments end before their '(' is closed")
        }

        /// `any P & Q`, `some P`, or a composition `A & B` of simple types.
        private mutating func parseExistentialOrComposition() throws(Failure) -> SwiftType {
            let start = position
            if let word = peekKeyword(), word == "any" || word == "some" {
                position += word.unicodeScalars.count
                skipSpaces()
                if let next = peekKeyword(), next == "any" || next == "some" {
                    throw failure("'\(word) \(next)' is not a type", hint: "write one of '\(word)' and '\(next)'")
                }
                guard let scalar = current, startsType(scalar) else {
                    throw failure("expected a protocol after '\(word)'", hint: "e.g. '\(word) Error'")
                }
                let constraint = try parseComposition()
                return SwiftType(word == "any" ? .existential(constraint) : .opaque(constraint), at: start)
            }
            return try parseComposition()
        }

        mutating func parseComposition() throws(Failure) -> SwiftType {
            let first = try parseSimpleType()
            var members = [first]
            while true {
                let before = position
                skipSpaces()
                guard current == "&" else {
                    position = before
                    break
                }
                if peek(1) == "&" { throw failure("'&&' is not a type operator", hint: "write 'P & Q'") }
                // The lexer reads `&` after a space and before a name as a prefix operator, and
                // `&~` as one operator.
                let spacedBefore = position > before
                position += 1
                if let next = current, Self.isOperatorCharacter(next) || (spacedBefore && !Self.isSpace(next)) {
                    throw failure(
                        "'&' needs a space after it", hint: "write 'P & Q'", at: position - 1)
                }
                skipSpaces()
                guard let scalar = current, startsType(scalar) else {
                    throw failure("expected a type after '&'", hint: "write 'P & Q'")
                }
                members.append(try parseSimpleType())
            }
            return members.count == 1 ? first : SwiftType(.composition(members), at: first.offset)
        }

        /// After a parenthesized type: `async`, `throws`, `throws(E)`, then `->` and the result.
        /// Returns `nil` when no arrow or effect follows.
        private mutating func parseFunctionTail(argumentsOf arguments: SwiftType) throws(Failure) -> SwiftType? {
            let before = position
            skipSpaces()
            let effectStart = position
            var isAsync = false
            var throwsSeen = false
            var throwsClause: SwiftType.ThrowsClause?
            while let word = peekKeyword() {
                switch word {
                case "async":
                    if throwsSeen { throw failure("'async' must come before 'throws'", hint: "write 'async throws'") }
                    if isAsync { throw failure("'async' is written twice") }
                    isAsync = true
                case "throws":
                    if throwsSeen { throw failure("'throws' is written twice") }
                    throwsSeen = true
                case "rethrows":
                    throw failure(
                        "a function type cannot be 'rethrows'",
                        hint: "only a function declaration rethrows; write 'throws'")
                default:
                    break
                }
                guard word == "async" || word == "throws" else { break }
                position += word.unicodeScalars.count
                if word == "throws", current == "(" {
                    open.append(("(", position))
                    position += 1
                    skipSpaces()
                    guard let scalar = current, startsType(scalar) else {
                        throw failure(
                            "expected the thrown error's type after 'throws('", hint: "e.g. 'throws(MyError)'")
                    }
                    throwsClause = .typed(try parseType())
                    try close(")")
                }
                skipSpaces()
            }
            guard starts(with: "->") else {
                if position != effectStart { throw failure("expected '->' and a result type after the effects") }
                position = before
                return nil
            }
            guard case let .tuple(elements) = arguments.node else {
                var end = effectStart
                while end > arguments.offset, Self.isSpace(scalars[end - 1]) { end -= 1 }
                throw failure(
                    "a function type's parameters must be in parentheses",
                    hint: "write '(\(text(arguments.offset..<end))) -> …'", at: arguments.offset)
            }
            for element in elements where !element.labels.isEmpty && element.labels[0] != "_" {
                throw failure(
                    "a function type's parameters cannot have labels",
                    hint: "remove '\(element.labels.joined(separator: " ")):' or write '_ \(element.labels[0]):'",
                    at: element.labelOffset)
            }
            position += 2
            skipSpaces()
            guard let scalar = current, startsType(scalar) else {
                throw failure("expected the result type after '->'", hint: "e.g. '-> Void'")
            }
            if let word = peekKeyword(), word == "async" || word == "throws" {
                throw failure("'\(word)' comes before '->'", hint: "write '(…) \(word) -> Result'")
            }
            let result = try parseType()
            if throwsSeen, throwsClause == nil { throwsClause = .untyped }
            let function = SwiftType.FunctionType(
                parameters: elements, isAsync: isAsync, throwsClause: throwsClause, result: result)
            return SwiftType(.function(function), at: arguments.offset)
        }

        func text(_ range: Range<Int>) -> String {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[range])
            return text
        }
    }
}
