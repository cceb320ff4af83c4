import GeneratorModel

/// Checks that declared names can be used as Swift names in generated code.
package enum SwiftNames {
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

    /// The keywords Swift refuses as argument labels; `_` is the absence of one.
    package static let notArgumentLabels = ["inout", "var", "let", "_"]

    /// Whether `text` is a Swift identifier that needs no backticks.
    package static func isIdentifier(_ text: String) -> Bool {
        isIdentifierShaped(text) && !reservedWords.contains(text)
    }

    /// Whether `text` can be an argument label, and so a parameter's name (in backticks when it is
    /// a keyword): an identifier or any keyword but `inout`, `var`, `let` and `_`.
    package static func isArgumentLabel(_ text: String) -> Bool {
        isIdentifierShaped(text) && !notArgumentLabels.contains(text)
    }

    /// `name` as generated code declares and uses it: a keyword in backticks (`` `for` ``).
    package static func escaped(_ name: String) -> String {
        reservedWords.contains(name) ? "`\(name)`" : name
    }

    /// Letters, digits and `_`, not starting with a digit; keywords included.
    private static func isIdentifierShaped(_ text: String) -> Bool {
        if ASCIIText.isASCII(text) {
            guard let first = text.utf8.first, ASCIIText.isLetter(first) || first == 0x5F else { return false }
            return ASCIIText.allBytes(of: text, ASCIIText.isIdentifierByte)
        }
        guard let first = text.unicodeScalars.first else { return false }
        guard first == "_" || first.properties.isXIDStart else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// Whether `text` is a dotted module name such as `Foundation` or `Darwin.C`.
    package static func isModuleName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isIdentifier(String($0)) }
    }

    /// Whether `text` starts with an upper-case letter, as Swift type names do.
    package static func isUpperCamelCase(_ text: String) -> Bool {
        if let first = text.utf8.first, first < 0x80 { return first >= 0x41 && first <= 0x5A }
        return text.first.map { $0.isUppercase } ?? false
    }
}
