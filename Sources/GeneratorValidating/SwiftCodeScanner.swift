import GeneratorDiagnostics
import SwiftTypeSyntax

/// Checks that a schema's Swift code stays where the generated code puts it. It is not a Swift
/// parser: it reads only what decides where code ends (delimiters, string literals, comments,
/// directives) and leaves what is inside to the compiler, so no valid code is refused.
///
/// Two forms, one scanner:
/// - ``expression(_:)``, for what generated code prints without `#sourceLocation` (a parameter's
///   `default:`, inside a parameter list; a delegate method's `answer:`; a `failureSample:`, an
///   argument): one expression, so outside literals and closures no `;`, `,`, line break or comment.
/// - ``statements(_:)``, for code printed on lines of its own inside a generated function
///   (`register:`, `next:`, `value:`, `body:`, `test:`'s code, …): any statements, but a closing
///   delimiter with no opener would end that function and make what follows declarations of the
///   user's module; an unclosed delimiter, string or block comment would swallow the generated code
///   after it; a `#sourceLocation` would undo the directives that map errors to the schema.
///
/// Delimiters are `()`, `[]` and `{}`, outside string literals (single-line, multi-line `"""`, raw
/// `#"…"#`, with interpolations `\(…)` that hold code of their own), regex literals with `#`
/// delimiters and comments (`//`, nested `/* */`). `<` and `>` are operators as often as generic
/// brackets, so they are not delimiters; a key path's `\` is not an escape outside a literal.
enum SwiftCodeScanner {
    typealias Failure = SwiftTypeGrammar.Failure

    /// One expression: see the type's documentation.
    static func expression(_ text: String) -> Failure? {
        var scanner = Scanner(scalars: Array(text.unicodeScalars), form: .expression)
        return scanner.scan()
    }

    /// Statements inside a generated function: see the type's documentation.
    static func statements(_ text: String) -> Failure? {
        var scanner = Scanner(scalars: Array(text.unicodeScalars), form: .statements)
        return scanner.scan()
    }

    enum Form {
        case expression
        case statements
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let form: Form
        var position = 0
        /// Open delimiters, innermost last; `\(` of an interpolation is a `(` here.
        var open: [(scalar: Unicode.Scalar, offset: Int, isInterpolation: Bool)] = []
        /// The string literals whose interpolations are open, innermost last.
        var literals: [(start: Int, hashes: Int, isMultiline: Bool)] = []

        init(scalars: [Unicode.Scalar], form: Form) {
            self.scalars = scalars
            self.form = form
        }

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func peek(_ distance: Int) -> Unicode.Scalar? {
            position + distance < scalars.count ? scalars[position + distance] : nil
        }

        var insideClosure: Bool { open.contains { $0.scalar == "{" } }

        /// Scans the whole text; a string literal's interpolation comes back here through `open`.
        mutating func scan() -> Failure? {
            while let scalar = current {
                switch scalar {
                case "(", "[", "{":
                    open.append((scalar, position, false))
                case ")", "]", "}":
                    guard let innermost = open.popLast() else { return closesNothing(scalar) }
                    let closer = Self.closer(of: innermost.scalar)
                    if closer != scalar {
                        return Failure(
                            offset: position,
                            message: "'\(scalar)' cannot close '\(innermost.scalar)'",
                            hint: "unbalanced '\(innermost.scalar)': did you mean '\(closer)'?")
                    }
                    if innermost.isInterpolation {
                        position += 1
                        if let failure = scanString(resumingInterpolation: true) { return failure }
                        continue
                    }
                case "\"":
                    if let failure = scanString(resumingInterpolation: false) { return failure }
                    continue
                case "#":
                    if let failure = scanHash() { return failure }
                    continue
                case "/" where peek(1) == "/" || peek(1) == "*":
                    if form == .expression {
                        return Failure(
                            offset: position, message: "it contains a comment",
                            hint: "a comment here would comment out the generated code after it; remove it")
                    }
                    if let failure = scanComment() { return failure }
                    continue
                case ";" where form == .expression && !insideClosure:
                    return Failure(
                        offset: position, message: "';' ends the expression",
                        hint: "a default value cannot contain ';' outside a closure")
                case "," where form == .expression && open.isEmpty:
                    return Failure(
                        offset: position, message: "',' ends the expression",
                        hint: "a default value is one expression; put a list in brackets, e.g. '[1, 2]'")
                case "\n", "\r":
                    // `where` would guard only the last pattern of the case.
                    if form == .expression, !insideClosure {
                        return Failure(
                            offset: position, message: "it breaks the line outside a closure or string literal",
                            hint: "write the default value on one line")
                    }
                default:
                    break
                }
                position += 1
            }
            return unclosed()
        }

        /// A closing delimiter with nothing open: in statements, it would close the generated
        /// function around them.
        func closesNothing(_ scalar: Unicode.Scalar) -> Failure {
            switch form {
            case .expression:
                Failure(
                    offset: position, message: "'\(scalar)' closes nothing",
                    hint: "unbalanced '\(scalar)': remove it, or open it before")
            case .statements:
                Failure(
                    offset: position,
                    message: "'\(scalar)' closes nothing, so it would end the generated function around the code",
                    hint: "remove it, or open it before; the code runs inside a function the generator writes, "
                        + "and cannot end it or declare anything beside it")
            }
        }

        /// The failure for delimiters still open at the end, if any.
        func unclosed() -> Failure? {
            guard let innermost = open.last else { return nil }
            switch form {
            case .expression:
                var suggestion = String(String.UnicodeScalarView(scalars))
                suggestion = suggestion.trimmingTrailingWhitespace
                for bracket in open.reversed() { suggestion.unicodeScalars.append(Self.closer(of: bracket.scalar)) }
                return Failure(
                    offset: scalars.count, message: "it ends before its '\(innermost.scalar)' is closed",
                    hint: "unbalanced '\(innermost.scalar)': did you mean '\(suggestion)'?")
            case .statements:
                let closer = Self.closer(of: innermost.scalar)
                return Failure(
                    offset: innermost.offset, message: "this '\(innermost.scalar)' is never closed",
                    hint: "close it with '\(closer)' in the same key (a '\(closer)' in a comment or a string "
                        + "literal does not count); unclosed, it would take in the generated code after it")
            }
        }

        /// After a `#`: a raw string, a regex literal with `#` delimiters, `#sourceLocation`, or
        /// any other directive or macro, which is left to the compiler.
        mutating func scanHash() -> Failure? {
            var index = position
            while index < scalars.count, scalars[index] == "#" { index += 1 }
            let next = index < scalars.count ? scalars[index] : nil
            if next == "\"" { return scanString(resumingInterpolation: false) }
            if next == "/" { return scanRegex(hashes: index - position) }
            if form == .statements, index - position == 1, isWord("sourceLocation", at: index) {
                return Failure(
                    offset: position,
                    message: "it contains '#sourceLocation', which would change where the "
                        + "compiler reports errors in the generated code",
                    hint: "remove it: the generator maps each line of the code to the schema itself")
            }
            position = index
            return nil
        }

        /// Whether `word` is written at `index`, not followed by more of an identifier.
        func isWord(_ word: String, at index: Int) -> Bool {
            var end = index
            for scalar in word.unicodeScalars {
                guard end < scalars.count, scalars[end] == scalar else { return false }
                end += 1
            }
            guard end < scalars.count else { return true }
            let after = scalars[end]
            return !(after == "_" || after.properties.isAlphabetic || after.properties.numericType != nil)
        }

        /// `#/…/#` (any number of `#`): a regex literal, whose delimiters are the compiler's.
        mutating func scanRegex(hashes: Int) -> Failure? {
            let start = position
            position += hashes + 1
            let end = "/" + String(repeating: "#", count: hashes)
            while current != nil {
                if matches(end) {
                    position += end.unicodeScalars.count
                    return nil
                }
                if current == "\\" { position += 1 }
                position += 1
            }
            return Failure(
                offset: start, message: "a regex literal is never closed", hint: "close it with '\(end)'")
        }

        /// A comment: `//` to the end of its line, `/*` to its `*/`, nested ones included.
        mutating func scanComment() -> Failure? {
            if peek(1) == "/" {
                while let scalar = current, scalar != "\n", scalar != "\r" { position += 1 }
                return nil
            }
            let start = position
            var depth = 0
            while current != nil {
                if current == "/", peek(1) == "*" {
                    depth += 1
                    position += 2
                } else if current == "*", peek(1) == "/" {
                    depth -= 1
                    position += 2
                    if depth == 0 { return nil }
                } else {
                    position += 1
                }
            }
            return Failure(
                offset: start, message: "this block comment is never closed",
                hint: "close it with '*/' (block comments nest: each '/*' needs its own '*/'); unclosed, it "
                    + "would comment out the generated code after it")
        }

        /// A string literal from its opening `#`s and quotes, or from the `)` that ends one of its
        /// interpolations (the literal's delimiters are then found again from the interpolation).
        mutating func scanString(resumingInterpolation: Bool) -> Failure? {
            let start: Int
            var hashes = 0
            var isMultiline = false
            if resumingInterpolation {
                // Recorded when the interpolation was opened.
                guard let literal = literals.popLast() else { return nil }
                (start, hashes, isMultiline) = literal
            } else {
                start = position
                while current == "#" {
                    hashes += 1
                    position += 1
                }
                isMultiline = peek(1) == "\"" && peek(2) == "\""
                position += isMultiline ? 3 : 1
            }
            let quote = String(repeating: "\"", count: isMultiline ? 3 : 1) + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            while let scalar = current {
                if matches(quote) {
                    position += quote.unicodeScalars.count
                    return nil
                }
                if matches(escape) {
                    position += escape.unicodeScalars.count
                    if current == "(" {
                        literals.append((start, hashes, isMultiline))
                        open.append(("(", position, true))
                        position += 1
                        return nil
                    }
                    position += 1
                    continue
                }
                if (scalar == "\n" || scalar == "\r"), !isMultiline {
                    return Failure(
                        offset: position, message: "a string literal is not closed on its line",
                        hint: "close it with '\(quote)'")
                }
                position += 1
            }
            return Failure(
                offset: form == .expression ? position : start, message: "a string literal is never closed",
                hint: "unbalanced '\"': close it with '\(quote)'")
        }

        func matches(_ text: String) -> Bool {
            var index = position
            for scalar in text.unicodeScalars {
                guard index < scalars.count, scalars[index] == scalar else { return false }
                index += 1
            }
            return true
        }

        static func closer(of opener: Unicode.Scalar) -> Unicode.Scalar {
            switch opener {
            case "(": ")"
            case "[": "]"
            default: "}"
            }
        }
    }
}
