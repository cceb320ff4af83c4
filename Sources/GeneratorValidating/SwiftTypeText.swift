import GeneratorModel

/// What validation needs to know about a Swift type written in a schema, read from its text: the
/// generator does not parse Swift, so these look at brackets and identifiers only.
package enum SwiftTypeText {
    /// The identifiers `type` names without a qualifier: `Output` in `[Output]` and
    /// `Result<Output, E>`, but not in `MyModule.Output`.
    package static func unqualifiedNames(in type: String) -> [String] {
        if ASCIIText.isASCII(type) { return asciiUnqualifiedNames(in: type) }
        var names: [String] = []
        var current = ""
        var qualified = false
        var previous: Character = " "
        for character in type + " " {
            if character == "_" || character.isLetter || character.isNumber {
                if current.isEmpty { qualified = previous == "." }
                current.append(character)
            } else {
                if !current.isEmpty, !qualified, !(current.first?.isNumber ?? false) { names.append(current) }
                current = ""
            }
            if !character.isWhitespace { previous = character }
        }
        return names
    }

    /// ``unqualifiedNames(in:)`` of ASCII text, byte by byte (``ASCIIText``).
    private static func asciiUnqualifiedNames(in type: String) -> [String] {
        var names: [String] = []
        let bytes = type.utf8
        var start: String.Index?  // of the name being read
        var qualified = false
        var previous: UInt8 = 0x20  // the last byte that is not whitespace
        var index = bytes.startIndex
        while true {
            let byte = index < bytes.endIndex ? bytes[index] : 0x20
            if ASCIIText.isIdentifierByte(byte) {
                if start == nil {
                    start = index
                    qualified = previous == 0x2E  // "."
                }
            } else {
                if let nameStart = start, !qualified, !ASCIIText.isDigit(bytes[nameStart]) {
                    names.append(String(type[nameStart..<index]))
                }
                start = nil
            }
            if !ASCIIText.isWhitespace(byte) { previous = byte }
            guard index < bytes.endIndex else { return names }
            bytes.formIndex(after: &index)
        }
    }

    /// Whether `type` is a function type at its top: `(Int) -> Void`, `@Sendable () -> Void`,
    /// `(() -> Void)`; not `(() -> Void)?` or `[() -> Void]`, which hold one.
    static func isFunctionType(_ type: String) -> Bool {
        // Without `->` there is no function type; most types are so ruled out at once.
        guard hasArrow(type) else { return false }
        var text = Substring(type).trimmingWhitespace
        // Attributes such as `@Sendable` or `@MainActor` come first.
        while text.hasPrefix("@") {
            text = text.drop { !$0.isWhitespace && $0 != "(" }.trimmingWhitespace
        }
        while text.first == "(", let close = closingParenthesis(of: text), close == text.index(before: text.endIndex) {
            let inner = text[text.index(after: text.startIndex)..<close].trimmingWhitespace
            // `(A, B)` is a tuple, not a parenthesized type.
            guard !hasTopLevelComma(inner) else { break }
            text = inner
        }
        var depth = 0
        var previous: Character = " "
        for character in text {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            case ">" where depth == 0: return true
            default: break
            }
            previous = character
        }
        return false
    }

    /// Whether `->` occurs in `type`, searched byte by byte.
    private static func hasArrow(_ type: String) -> Bool {
        var previous: UInt8 = 0
        return !ASCIIText.allBytes(of: type) { byte in
            defer { previous = byte }
            return previous != 0x2D || byte != 0x3E  // "-", ">"
        }
    }

    private static func closingParenthesis(of text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    private static func hasTopLevelComma(_ text: Substring) -> Bool {
        var depth = 0
        for character in text {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case "," where depth == 0: return true
            default: break
            }
        }
        return false
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        var text = self
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
