/// The grammar's errors in words: what broke the type at the first character that breaks it, and a
/// hint, with the corrected type when closing or swapping a bracket makes one.
extension SwiftTypeGrammar.Parser {
    func failure(_ message: String, hint: String? = nil, at offset: Int? = nil) -> SwiftTypeGrammar.Failure {
        SwiftTypeGrammar.Failure(offset: offset ?? position, message: message, hint: hint)
    }

    /// The failure for the character at the position, which is not what the grammar expects there.
    func unexpected(expecting: String?) -> SwiftTypeGrammar.Failure {
        let expected = expecting.map { "expected \($0)" }
        guard let scalar = current else {
            if let innermost = open.last {
                return failure(
                    "the type ends before its '\(innermost.scalar)' is closed",
                    hint: unbalanced(innermost.scalar, suggestion: closingEverything()))
            }
            return failure("the type ends too early; \(expected ?? "expected more")")
        }
        let character = Character(scalar)
        switch scalar {
        case ")", "]", ">":
            guard let innermost = open.last else {
                return failure("'\(character)' closes nothing", hint: unbalanced(scalar, suggestion: removingCurrent()))
            }
            let closer = Self.closer(of: innermost.scalar)
            if closer != scalar {
                return failure(
                    "'\(character)' cannot close '\(innermost.scalar)'"
                        + expected.map { "; \($0)" }.orEmpty,
                    hint: unbalanced(innermost.scalar, suggestion: replacingCurrent(with: closer)))
            }
            return failure("unexpected '\(character)'" + expected.map { "; \($0)" }.orEmpty)
        case ";", "{", "}", "=", "\"", "'", "#", "\\":
            return failure("unexpected '\(character)'", hint: "a type cannot contain '\(character)'")
        case "/" where peek(1) == "/" || peek(1) == "*":
            return failure("unexpected comment", hint: "a type cannot contain a comment")
        default:
            if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace {
                let code = String(scalar.value, radix: 16, uppercase: true)
                return failure(
                    "unexpected control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)",
                    hint: "a type cannot contain control characters")
            }
            if expecting == nil, open.isEmpty {
                let rest = text(position..<scalars.count)
                return failure(
                    "unexpected '\(rest.count > 20 ? String(rest.prefix(20)) + "…" : rest)' after the type",
                    hint: "a type field holds one Swift type and nothing else")
            }
            return failure("unexpected '\(character)'" + expected.map { "; \($0)" }.orEmpty)
        }
    }

    static func closer(of opener: Unicode.Scalar) -> Unicode.Scalar {
        switch opener {
        case "(": ")"
        case "[": "]"
        case "<": ">"
        default: opener
        }
    }

    /// "unbalanced '[': did you mean '[Int]'?" when the suggestion is a type; the first half alone
    /// when it is not.
    private func unbalanced(_ bracket: Unicode.Scalar, suggestion: String?) -> String {
        let lead = "unbalanced '\(bracket)'"
        guard let suggestion, !suggestion.isEmpty, suggestion.unicodeScalars.count <= 200,
            case .success = SwiftTypeGrammar.parse(suggestion)
        else { return lead }
        return "\(lead): did you mean '\(suggestion)'?"
    }

    private func closingEverything() -> String {
        var end = scalars.count
        while end > 0, Self.isSpace(scalars[end - 1]) { end -= 1 }
        var text = self.text(0..<end)
        for bracket in open.reversed() { text.unicodeScalars.append(Self.closer(of: bracket.scalar)) }
        return text
    }

    private func removingCurrent() -> String {
        text(0..<position) + text(position + 1..<scalars.count)
    }

    private func replacingCurrent(with closer: Unicode.Scalar) -> String {
        text(0..<position) + String(Character(closer)) + text(position + 1..<scalars.count)
    }
}

extension String? {
    fileprivate var orEmpty: String { self ?? "" }
}
