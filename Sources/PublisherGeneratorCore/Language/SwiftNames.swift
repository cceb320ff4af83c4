/// Checks that declared names can be used as Swift names in generated code.
enum SwiftNames {
    /// Keywords that cannot be used as identifiers without backticks, grouped as the Swift book
    /// lists them (declarations, statements, expressions); the JSON Schema lists them in this order.
    static let keywords = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
        "operator", "package", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "_",
    ]

    static let reservedWords = Set(keywords)

    /// Whether `text` is a Swift identifier that needs no backticks.
    static func isIdentifier(_ text: String) -> Bool {
        if ASCIIText.isASCII(text) {
            guard let first = text.utf8.first, ASCIIText.isLetter(first) || first == 0x5F else { return false }
            return ASCIIText.allBytes(of: text, ASCIIText.isIdentifierByte) && !reservedWords.contains(text)
        }
        guard let first = text.unicodeScalars.first, !reservedWords.contains(text) else { return false }
        guard first == "_" || first.properties.isXIDStart else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// Whether `text` is a dotted module name such as `Foundation` or `Darwin.C`.
    static func isModuleName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isIdentifier(String($0)) }
    }

    /// Whether `text` starts with an upper-case letter, as Swift type names do.
    static func isUpperCamelCase(_ text: String) -> Bool {
        if let first = text.utf8.first, first < 0x80 { return first >= 0x41 && first <= 0x5A }
        return text.first.map { $0.isUppercase } ?? false
    }
}
