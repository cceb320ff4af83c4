import GeneratorDiagnostics
import SwiftTypeSyntax

/// Checks that a schema's Swift expression that generated code prints without `#sourceLocation`
/// (a parameter's `default:`, which sits inside a parameter list, where the directive cannot go)
/// is one expression that stays where it is put: its brackets and string literals balance, and
/// outside literals and closures it has no `;`, no `,` and no line break, which would end the
/// expression and carry the rest into the generated declaration. It is not a Swift parser: what
/// is inside the brackets is left to the compiler.
enum SwiftExpressionCheck {
    typealias Failure = SwiftTypeGrammar.Failure

    static func check(_ text: String) -> Failure? {
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        return scanner.scan()
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0
        /// Open brackets, innermost last; `\(` of an interpolation is a `(` here.
        var open: [(scalar: Unicode.Scalar, offset: Int, isInterpolation: Bool)] = []

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
                    guard let innermost = open.popLast() else {
                        return Failure(
                            offset: position, message: "'\(scalar)' closes nothing",
                            hint: "unbalanced '\(scalar)': remove it, or open it before")
                    }
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
                case "#" where isRawStringStart:
                    if let failure = scanString(resumingInterpolation: false) { return failure }
                    continue
                case "/" where peek(1) == "/" || peek(1) == "*":
                    return Failure(
                        offset: position, message: "it contains a comment",
                        hint: "a comment here would comment out the generated code after it; remove it")
                case ";" where !insideClosure:
                    return Failure(
                        offset: position, message: "';' ends the expression",
                        hint: "a default value cannot contain ';' outside a closure")
                case "," where open.isEmpty:
                    return Failure(
                        offset: position, message: "',' ends the expression",
                        hint: "a default value is one expression; put a list in brackets, e.g. '[1, 2]'")
                case "\n", "\r":
                    if !insideClosure {
                        return Failure(
                            offset: position, message: "it breaks the line outside a closure or string literal",
                            hint: "write the default value on one line")
                    }
                default:
                    break
                }
                position += 1
            }
            guard let innermost = open.last else { return nil }
            var suggestion = String(String.UnicodeScalarView(scalars))
            suggestion = suggestion.trimmingTrailingWhitespace
            for bracket in open.reversed() { suggestion.unicodeScalars.append(Self.closer(of: bracket.scalar)) }
            return Failure(
                offset: scalars.count, message: "it ends before its '\(innermost.scalar)' is closed",
                hint: "unbalanced '\(innermost.scalar)': did you mean '\(suggestion)'?")
        }

        var isRawStringStart: Bool {
            var index = position
            while index < scalars.count, scalars[index] == "#" { index += 1 }
            return index < scalars.count && scalars[index] == "\""
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
                offset: position, message: "a string literal is never closed",
                hint: "unbalanced '\"': close it with '\(quote)'")
        }

        /// The string literals whose interpolations are open, innermost last.
        var literals: [(start: Int, hashes: Int, isMultiline: Bool)] = []

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
