import GeneratorDiagnostics

/// A declaration of a scaffold around one piece of schema code (`test:`'s `owner`, `fire`,
/// `registrations`, …): a constant whose value it is, or a function whose body it is.
package enum EmbeddedDeclaration {
    /// `let <name> = <code>`.
    case constant(String, Located<String>)
    /// `<head> { <code> }`, `head` being the function's signature.
    case function(String, Located<String>)

    var code: Located<String> {
        switch self {
        case let .constant(_, code), let .function(_, code): code
        }
    }

    /// The declaration on one line; `nil` for code that would not mean the same there: code of
    /// several lines, code with a comment (which would swallow the closing brace), and a constant's
    /// code of several statements or with a `return` (the block is a closure, where they are valid).
    var oneLine: String? {
        let value = String(code.value.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !Self.needsLines(value) else { return nil }
        switch self {
        case let .constant(name, _):
            guard !value.contains(";"), !value.hasPrefix("return") else { return nil }
            return "let \(name) = \(value)"
        case let .function(head, _):
            return "\(head) { \(value) }"
        }
    }

    /// Whether `code` must keep lines of its own: it has several, or a comment.
    static func needsLines(_ code: String) -> Bool {
        code.contains(where: \.isNewline) || code.contains("//") || code.contains("/*")
    }
}

extension SwiftPrinter {
    /// Declarations around schema code, each on one line when its code is one line and it fits,
    /// under as few `#sourceLocation` directives as give each line the schema line its code was
    /// written on: one for a run of code written on consecutive lines, as `test:`'s usually is.
    /// Code of several lines, or too long for one, is a block of ``embedded(_:in:)`` code.
    package mutating func embeddedDeclarations(_ declarations: [EmbeddedDeclaration], in file: String?) {
        // The schema line the next printed line stands for, while a directive is in force.
        var nextSchemaLine: Int?
        for declaration in declarations {
            if let oneLine = declaration.oneLine, indent + oneLine.count <= Self.lineLimit {
                let schemaLine = declaration.code.location.line
                if let file, nextSchemaLine != schemaLine { line(Self.sourceLocation(file: file, line: schemaLine)) }
                line(oneLine)
                nextSchemaLine = file == nil ? nil : schemaLine + 1
                continue
            }
            if nextSchemaLine != nil { line("#sourceLocation()") }
            nextSchemaLine = nil
            switch declaration {
            case let .constant(name, code): block("let \(name) =", close: "}()") { $0.embedded(code, in: file) }
            case let .function(head, code): block(head) { $0.embedded(code, in: file) }
            }
        }
        if nextSchemaLine != nil { line("#sourceLocation()") }
    }
}
