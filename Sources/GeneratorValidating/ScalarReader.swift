import GeneratorDiagnostics
import GeneratorModel
import GeneratorReading
import SwiftTypeSyntax

/// Reads typed values out of YAML nodes, reporting wrong types with the key they belong to.
package struct ScalarReader {
    package var diagnostics: DiagnosticCollector
    /// What a missing key is for and which key a synonym means, from the language's vocabulary.
    let hints: KeyHints
    /// The grammar's verdicts on the types read so far, by key, placement and text: schemas repeat
    /// their types (`output: Int` a thousand times), and each is parsed once.
    private var typeVerdicts: [TypeVerdictKey: SwiftTypeGrammar.Failure?] = [:]

    private struct TypeVerdictKey: Hashable {
        var key: String
        var placement: SwiftTypeGrammar.Placement
        var text: String
    }

    init(diagnostics: DiagnosticCollector, hints: KeyHints) {
        self.diagnostics = diagnostics
        self.hints = hints
    }

    /// Any scalar's text. Lists and mappings are reported; for Swift type keys the hint explains
    /// that brackets must be quoted, since `[Int]` in YAML is a list.
    /// `hint` replaces the key's own for a value that is missing or empty.
    package mutating func text(
        _ node: YAMLNode, key: String, isSwiftType: Bool = false, hint: String? = nil
    ) -> Located<String>? {
        switch node.content {
        case let .scalar(text, style, _):
            if style.isPlain, ScalarValue(node) == .null {
                diagnostics.error("'\(key)' has no value", hint: hint ?? hints.purpose[key], at: node.location)
                return nil
            }
            let trimmed = text.trimmingTrailingWhitespace
            if Self.isBlank(trimmed) {
                diagnostics.error("'\(key)' is empty", hint: hint ?? hints.purpose[key], at: node.location)
                return nil
            }
            return Located(trimmed, at: node.location)
        case .sequence, .mapping:
            let hint =
                isSwiftType
                ? "quote Swift types that use brackets, e.g. '\(key): \"[Int]\"'"
                : "write it as a string; quote it if it contains ':', '[' or '{'"
            diagnostics.error(
                "'\(key)' must be a string, but it is \(node.kindDescription)", hint: hint, at: node.location)
            return nil
        }
    }

    /// Swift code, located where its text starts (``YAMLNode/textStart``) so that generated code can
    /// map it back to the schema line by line. Blank lines before the code are dropped, as the
    /// text start skips them.
    ///
    /// The code is printed on lines of its own inside a generated function, so
    /// ``SwiftCodeScanner/statements(_:)`` rejects what would reach beyond it: a closing delimiter
    /// with no opener (which would end the function), an unclosed delimiter, string literal or
    /// block comment, a `#sourceLocation`. The error points at the character that does it.
    package mutating func code(_ node: YAMLNode, key: String, hint: String? = nil) -> Located<String>? {
        guard let written = text(node, key: key, hint: hint) else { return nil }
        let code: Located<String>
        // Code that starts with a visible ASCII character has no blank line before it.
        if let first = written.value.utf8.first, first > 0x20, first < 0x7F {
            code = Located(written.value, at: node.textStart)
        } else {
            let lines = written.value.split(separator: "\n", omittingEmptySubsequences: false)
            let leadingBlankLines = lines.prefix { $0.allSatisfy({ $0.isWhitespace }) }.count
            code = Located(lines.dropFirst(leadingBlankLines).joined(separator: "\n"), at: node.textStart)
        }
        if let failure = SwiftCodeScanner.statements(code.value) {
            diagnostics.error(
                "'\(key)' would break out of the generated code around it: \(failure.message)", hint: failure.hint,
                at: Self.location(of: failure.offset, in: code.value, from: node))
            return nil
        }
        return code
    }

    /// A Swift type written on one line: every field that holds a type is read here, and checked
    /// against ``SwiftTypeGrammar`` and its rules for where the generated code puts the type
    /// (`placement`); messages name `key`. An error points at the first character that breaks the
    /// type.
    package mutating func swiftType(
        _ node: YAMLNode, key: String, placement: SwiftTypeGrammar.Placement
    ) -> Located<String>? {
        guard let type = text(node, key: key, isSwiftType: true) else { return nil }
        if type.value.contains(where: { $0.isNewline }) {
            diagnostics.error("'\(key)' must be a Swift type on one line", at: node.location)
            return nil
        }
        let verdictKey = TypeVerdictKey(key: key, placement: placement, text: type.value)
        let verdict: SwiftTypeGrammar.Failure?
        if let known = typeVerdicts[verdictKey] {
            verdict = known
        } else {
            verdict = SwiftTypeGrammar.check(type.value, key: key, placement: placement)
            typeVerdicts[verdictKey] = .some(verdict)
        }
        if let failure = verdict {
            diagnostics.error(failure.message, hint: failure.hint, at: Self.location(of: failure.offset, in: node))
            return nil
        }
        return type
    }

    /// A Swift expression on one line, or a closure over several, such as a parameter's `default:`:
    /// generated code prints it without `#sourceLocation`, so ``SwiftCodeScanner`` rejects what
    /// would reach beyond it (unbalanced delimiters, `;`, line breaks outside literals and closures).
    package mutating func expression(_ node: YAMLNode, key: String) -> Located<String>? {
        guard let expression = text(node, key: key) else { return nil }
        if let failure = SwiftCodeScanner.expression(expression.value) {
            diagnostics.error(
                "'\(key)' is not one Swift expression: \(failure.message)", hint: failure.hint,
                at: Self.location(of: failure.offset, in: node))
            return nil
        }
        return expression
    }

    /// Where the scalar's character at `offset` (in Unicode scalars) was written: its text start,
    /// moved along the line, and down a line after each line break of a block scalar's text.
    /// Escapes in a double-quoted scalar are counted as the characters they stand for.
    package static func location(of offset: Int, in node: YAMLNode) -> SourceLocation {
        guard case let .scalar(text, _, _) = node.content else { return node.textStart }
        return location(of: offset, in: text, from: node)
    }

    /// Where the character at `offset` of `text`, the scalar's text from its text start on (its
    /// blank lines before the text start dropped), was written.
    static func location(of offset: Int, in text: String, from node: YAMLNode) -> SourceLocation {
        guard case let .scalar(_, style, _) = node.content else { return node.textStart }
        var location = node.textStart
        var indentation = location.column - 1
        if style == .plain || style == .singleQuoted || style == .doubleQuoted { indentation = 0 }
        for scalar in text.unicodeScalars.prefix(offset) {
            if scalar == "\n", style == .literal {
                location.line += 1
                location.column = indentation + 1
            } else {
                location.column += 1
            }
        }
        return location
    }

    /// An integer written without quotes.
    mutating func integer(_ node: YAMLNode, key: String) -> Located<Int>? {
        if case let .int(value) = ScalarValue(node), case .scalar = node.content {
            return Located(value, at: node.location)
        }
        diagnostics.error(
            "'\(key)' must be an integer, but it is \(node.kindDescription)\(Self.quoted(node))",
            hint: Self.isQuotedNumber(node) ? "write the number without quotes" : nil, at: node.location)
        return nil
    }

    /// An integer or decimal number written without quotes.
    package mutating func number(_ node: YAMLNode, key: String) -> Located<Double>? {
        if case .scalar = node.content {
            switch ScalarValue(node) {
            case let .int(value): return Located(Double(value), at: node.location)
            case let .float(value): return Located(value, at: node.location)
            default: break
            }
        }
        diagnostics.error(
            "'\(key)' must be a number, but it is \(node.kindDescription)\(Self.quoted(node))",
            hint: Self.isQuotedNumber(node) ? "write the number without quotes" : nil, at: node.location)
        return nil
    }

    /// One of a fixed set of words.
    package mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, key: String, as _: Choice.Type
    ) -> Located<Choice>? where Choice.RawValue == String {
        let spellings = Choice.allCases.map(\.rawValue)
        guard case let .scalar(word, _, _) = node.content else {
            diagnostics.error(
                "'\(key)' must be one of \(spellings.joined(separator: ", ")), but it is \(node.kindDescription)",
                at: node.location)
            return nil
        }
        if let choice = Choice(rawValue: word) { return Located(choice, at: node.location) }
        let suggestion = NearestMatch.didYouMean(word, amongValues: spellings)
        diagnostics.error(
            "unknown \(key) '\(word)'", hint: "\(suggestion)use one of: \(spellings.joined(separator: ", "))",
            at: node.location)
        return nil
    }

    /// A number as a schema writer would write it: `2`, not `2.0`.
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func quoted(_ node: YAMLNode) -> String {
        if case let .scalar(text, _, _) = node.content, !text.isEmpty, text.count <= 40 { return " ('\(text)')" }
        return ""
    }

    private static func isQuotedNumber(_ node: YAMLNode) -> Bool {
        guard case let .scalar(text, style, _) = node.content, !style.isPlain else { return false }
        return Double(text) != nil
    }

    /// Literal block scalars keep their final newline; generated code does not want it.
    /// Whether `text` is empty or only whitespace; byte-wise when it is ASCII (``ASCIIText``).
    static func isBlank(_ text: String) -> Bool {
        // Text that starts with a visible ASCII character, nearly all of it, is not blank.
        if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
        guard ASCIIText.isASCII(text) else { return text.allSatisfy { $0.isWhitespace } }
        return ASCIIText.allBytes(of: text, ASCIIText.isWhitespace)
    }
}
