/// The simple types of the grammar: names with generic arguments, tuples, arrays, dictionaries,
/// `~Copyable`, and what follows them: `?`, `!`, `.Type`, `.Protocol` and members.
extension SwiftTypeGrammar.Parser {
    typealias Grammar = SwiftTypeGrammar

    /// Whether `scalar` can start a type.
    func startsType(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "(" || scalar == "[" || scalar == "~" || scalar == "@" || scalar == "`" || scalar == "$"
            || Self.isIdentifierHead(scalar)
    }

    /// Whether a specifier such as `inout` at the position is one, not a type named `inout`.
    func startsTypeAfterWord(_ word: String) -> Bool {
        var index = position + word.unicodeScalars.count
        guard index < scalars.count, Self.isSpace(scalars[index]) else { return false }
        while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
        return index < scalars.count && startsType(scalars[index])
    }

    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || value == 0x5F
        }
        return scalar.properties.isXIDStart
    }

    static func isIdentifierContinue(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
                || value == 0x5F
        }
        return scalar.properties.isXIDContinue
    }

    /// The identifier at the position, not backticked, without moving.
    func peekWord() -> String? {
        guard let first = current, Self.isIdentifierHead(first) else { return nil }
        var end = position + 1
        while end < scalars.count, Self.isIdentifierContinue(scalars[end]) { end += 1 }
        return text(position..<end)
    }

    /// The identifier at the position when it can be one of the grammar's contextual keywords
    /// (`any`, `some`, `async`, `inout`, `__owned`…: lower case or `_` first, short), without
    /// moving; `nil` for every other word, without making a string of it.
    func peekKeyword() -> String? {
        guard let first = current, first == "_" || ("a"..."z").contains(first) else { return nil }
        var end = position + 1
        while end < scalars.count, Self.isIdentifierContinue(scalars[end]) {
            end += 1
            if end - position > 16 { return nil }
        }
        return text(position..<end)
    }

    /// Reads a plain identifier (keywords included; callers decide).
    mutating func readIdentifier() -> String? {
        guard let word = peekWord() else { return nil }
        position += word.unicodeScalars.count
        return word
    }

    // MARK: Simple types

    mutating func parseSimpleType() throws(Grammar.Failure) -> SwiftType {
        skipSpaces()
        let start = position
        var type: SwiftType
        switch current {
        case "~":
            position += 1
            skipSpaces()
            if current == "~" { throw failure("'~' is written twice") }
            guard let scalar = current, startsType(scalar) else {
                throw failure("expected a protocol after '~'", hint: "e.g. '~Copyable'")
            }
            return SwiftType(.suppressed(try parseSimpleType()), at: start)
        case "(":
            type = try parseTuple()
        case "[":
            type = try parseCollection()
        case nil:
            throw failure("expected a type")
        default:
            type = SwiftType(.named([try parseComponent(afterDot: false)]), at: start)
        }
        return try parsePostfixes(of: type)
    }

    /// `?`, `!` written right after the type; `.Type`, `.Protocol`, `.self` and members.
    private mutating func parsePostfixes(of base: SwiftType) throws(Grammar.Failure) -> SwiftType {
        var type = base
        while true {
            switch current {
            case "?": type = SwiftType(.optional(type), at: type.offset)
            case "!": type = SwiftType(.implicitlyUnwrapped(type, bang: position), at: type.offset)
            default:
                let before = position
                skipSpaces()
                guard current == ".", !starts(with: "...") else {
                    if current == "?" || current == "!" {
                        throw failure(
                            "'\(current!)' must follow its type without a space",
                            hint: "write '\(text(base.offset..<before))\(current!)'")
                    }
                    position = before
                    return type
                }
                let spacedBefore = position > before
                let dot = position
                position += 1
                if let scalar = current, Self.isSpace(scalar), !spacedBefore {
                    throw failure("a space cannot follow this '.'", hint: "write the member right after the dot")
                }
                skipSpaces()
                let component = try parseComponent(afterDot: true)
                switch (component.isBackticked, component.name) {
                case (false, "Type"):
                    type = SwiftType(.metatype(type, isProtocol: false), at: type.offset)
                case (false, "Protocol"):
                    type = SwiftType(.metatype(type, isProtocol: true), at: type.offset)
                case (false, "self"): type = SwiftType(.selfValue(type, dot: dot), at: type.offset)
                default:
                    if case var .named(components) = type.node {
                        components.append(component)
                        type.node = .named(components)
                    } else {
                        type = SwiftType(.member(type, component), at: type.offset)
                    }
                }
                continue
            }
            position += 1
        }
    }

    /// A name with its generic arguments. After a dot, `Type`, `Protocol` and `self` are allowed.
    private mutating func parseComponent(afterDot: Bool) throws(Grammar.Failure) -> SwiftType.Component {
        let start = position
        var name: String
        var isBackticked = false
        var moduleSelector: String?
        if current == "`" {
            name = try readBacktickedIdentifier()
            isBackticked = true
        } else if current == "$", let next = peek(1), Self.isIdentifierHead(next) {
            position += 1
            name = "$" + readIdentifier()!
        } else if let word = readIdentifier() {
            name = word
            // A module selector: `Swift::Int` (a module is not named `Self`, `Any` or `_`).
            if current == ":", peek(1) == ":", word != "Self", word != "Any", word != "_" {
                moduleSelector = word
                position += 2
                skipSpaces()
                if current == "`" {
                    name = try readBacktickedIdentifier()
                    isBackticked = true
                } else if let member = readIdentifier() {
                    name = member
                } else {
                    throw unexpected(expecting: "a name after '::'")
                }
            }
            let allowed = afterDot ? word == "self" || word == "Type" || word == "Protocol" : word == "_"
            let couldBeKeyword = word.utf8.first.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } ?? false
            if couldBeKeyword, !allowed,
                Grammar.keywords.contains(word) || (!afterDot && (word == "any" || word == "some"))
            {
                throw failure(
                    "'\(word)' is a keyword, not a type", hint: "write '`\(word)`' if it is the name of your type",
                    at: start)
            }
        } else {
            throw unexpected(expecting: afterDot ? "a member name after '.'" : "a type")
        }
        var arguments: [SwiftType.GenericArgument]?
        let before = position
        skipSpaces()
        let isMetatype = afterDot && !isBackticked && (name == "Type" || name == "Protocol")
        if current == "<", !isMetatype {
            arguments = try parseGenericArguments()
        } else {
            position = before
        }
        return SwiftType.Component(
            name, at: start, genericArguments: arguments, isBackticked: isBackticked, moduleSelector: moduleSelector)
    }

    private mutating func readBacktickedIdentifier() throws(Grammar.Failure) -> String {
        let start = position
        position += 1
        while let scalar = current, scalar != "`" {
            if scalar.properties.generalCategory == .control {
                throw failure("a name in backticks cannot contain a control character")
            }
            position += 1
        }
        guard current == "`" else {
            open.append(("`", start))
            throw unexpected(expecting: "'`'")
        }
        let name = text(start + 1..<position)
        position += 1
        guard name.unicodeScalars.contains(where: { !Self.isSpace($0) && !Self.isOperatorCharacter($0) }) else {
            throw failure("'`\(name)`' is not a name", hint: "a name in backticks needs a letter or digit", at: start)
        }
        return name
    }

    static func isOperatorCharacter(_ scalar: Unicode.Scalar) -> Bool {
        "/=-+!*%<>&|^~?.".unicodeScalars.contains(scalar)
    }

    /// `<A, B>`, each argument a type or an integer (`InlineArray<3, Int>`); a trailing comma is fine.
    private mutating func parseGenericArguments() throws(Grammar.Failure) -> [SwiftType.GenericArgument] {
        open.append(("<", position))
        position += 1
        skipSpaces()
        var arguments: [SwiftType.GenericArgument] = []
        while current != ">" {
            if let scalar = current, scalar == "-" || ("0"..."9").contains(scalar) {
                arguments.append(.integer(try readInteger()))
            } else if let scalar = current, startsType(scalar) {
                arguments.append(.type(try parseType()))
            } else {
                throw unexpected(expecting: "a generic argument")
            }
            try skipSeparator(closedBy: ">")
        }
        position += 1
        open.removeLast()
        return arguments
    }

    /// After an element of a list: the `,` and the spaces after it, or nothing before the `closer`
    /// that ends the list.
    private mutating func skipSeparator(closedBy closer: Unicode.Scalar) throws(Grammar.Failure) {
        skipSpaces()
        if current == "," {
            position += 1
            skipSpaces()
        } else if current != closer {
            throw unexpected(expecting: "',' or '\(closer)'")
        }
    }

    /// An integer literal, as written: decimal, `0x`, `0o` or `0b`, with `_` separators and an
    /// optional `-`.
    private mutating func readInteger() throws(Grammar.Failure) -> String {
        let start = position
        if current == "-" { position += 1 }
        guard let first = current, ("0"..."9").contains(first) else { throw unexpected(expecting: "a number") }
        while let scalar = current, Self.isIdentifierContinue(scalar) { position += 1 }
        if current == "." { throw failure("a generic argument can be an integer, not a decimal number") }
        return text(start..<position)
    }

    /// `( )`, `(T)`, `(label: T, U)`; two labels only before `->`.
    private mutating func parseTuple() throws(Grammar.Failure) -> SwiftType {
        let start = position
        open.append(("(", position))
        position += 1
        skipSpaces()
        var elements: [SwiftType.TupleElement] = []
        while current != ")" {
            let labelOffset = position
            let labels = readLabels()
            guard let scalar = current, startsType(scalar) else {
                throw unexpected(expecting: labels.isEmpty ? "a type" : "a type after ':'")
            }
            elements.append(SwiftType.TupleElement(labels: labels, labelOffset: labelOffset, type: try parseType()))
            try skipSeparator(closedBy: ")")
        }
        position += 1
        open.removeLast()
        if let element = elements.first(where: { $0.labels.count == 2 }), !isFollowedByFunctionTail() {
            throw failure(
                "a tuple element cannot have two labels", hint: "write '\(element.labels[1]): …'",
                at: element.labelOffset)
        }
        return SwiftType(.tuple(elements), at: start)
    }

    /// `name:` or `_ name:` before a tuple element; nothing when the words are the element's type.
    private mutating func readLabels() -> [String] {
        let start = position
        var labels: [String] = []
        while labels.count < 2 {
            let before = position
            let word: String?
            if current == "`" {
                word = try? readBacktickedIdentifier()
            } else {
                word = readIdentifier()
            }
            guard let word, word != "inout" else {
                position = before
                break
            }
            labels.append(word)
            skipSpaces()
            if current == ":", peek(1) != ":" {
                position += 1
                skipSpaces()
                return labels
            }
        }
        position = start
        return []
    }

    private func isFollowedByFunctionTail() -> Bool {
        var index = position
        while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
        let rest = String(String.UnicodeScalarView(scalars[index...].prefix(6)))
        return rest.hasPrefix("->") || rest.hasPrefix("async") || rest.hasPrefix("throws")
    }

    /// `[T]`, `[K: V]`, `[3 of T]`.
    private mutating func parseCollection() throws(Grammar.Failure) -> SwiftType {
        let start = position
        open.append(("[", position))
        position += 1
        skipSpaces()
        if let scalar = current, scalar == "-" || ("0"..."9").contains(scalar) {
            let count = try readInteger()
            return try parseInlineArrayTail(count: .integer(count), start: start)
        }
        guard let scalar = current, startsType(scalar) else {
            throw unexpected(expecting: "the element type after '['")
        }
        let element = try parseType()
        skipSpaces()
        if peekKeyword() == "of", startsTypeAfterWord("of") {
            return try parseInlineArrayTail(count: .type(element), start: start)
        }
        if current == ":" {
            position += 1
            skipSpaces()
            guard let scalar = current, startsType(scalar) else {
                throw unexpected(expecting: "the dictionary's value type after ':'")
            }
            let value = try parseType()
            try close("]")
            return SwiftType(.dictionary(key: element, value: value), at: start)
        }
        try close("]")
        return SwiftType(.array(element), at: start)
    }

    private mutating func parseInlineArrayTail(
        count: SwiftType.GenericArgument, start: Int
    ) throws(Grammar.Failure) -> SwiftType {
        skipSpaces()
        guard peekKeyword() == "of" else { throw unexpected(expecting: "'of' and the element type") }
        position += 2
        skipSpaces()
        guard let scalar = current, startsType(scalar) else { throw unexpected(expecting: "the element type") }
        let element = try parseType()
        try close("]")
        return SwiftType(.inlineArray(count: count, element: element), at: start)
    }

    /// Consumes `closer` after optional spaces, closing the innermost open bracket.
    mutating func close(_ closer: Unicode.Scalar) throws(Grammar.Failure) {
        skipSpaces()
        guard current == closer else { throw unexpected(expecting: "'\(closer)'") }
        position += 1
        open.removeLast()
    }

    /// After the type: only spaces may follow.
    mutating func expectEnd() throws(Grammar.Failure) {
        skipSpaces()
        guard current != nil else { return }
        throw unexpected(expecting: nil)
    }
}
