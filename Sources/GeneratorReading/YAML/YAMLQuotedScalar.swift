/// A value written as a quoted YAML scalar that reads back as exactly that value, for hints that
/// tell the user what to paste.
enum YAMLQuotedScalar {
    /// Double quotes, the style most people expect, unless the value holds `"` or `\`: in double
    /// quotes `\` starts an escape, so `"\n"` would change the value. Single quotes have no escapes;
    /// a `'` inside them is written twice.
    static func quoted(_ value: String) -> String {
        guard needsSingleQuotes(value) else { return "\"\(value)\"" }
        return "'\(value.replacingOccurrences(of: "'", with: "''"))'"
    }

    /// Whether double quotes would change or end the value.
    static func needsSingleQuotes(_ value: String) -> Bool {
        value.contains("\"") || value.contains("\\")
    }

    /// The character that rules out double quotes, to name in the hint.
    static func reasonForSingleQuotes(_ value: String) -> String {
        value.contains("\"") ? "\"" : "\\"
    }
}
