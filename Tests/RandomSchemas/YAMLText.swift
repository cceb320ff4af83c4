/// A YAML value as a schema author writes it; ``YAMLText`` chooses its spelling.
public indirect enum YAMLValue: Sendable {
    /// A string: plain, single- or double-quoted, or a block, whichever the text allows.
    case text(String)
    /// A number or other word written plain, e.g. `0.25` or `dropOldest`.
    case plain(String)
    case mapping([(key: String, value: YAMLValue)])
    case list([YAMLValue])
}

/// Writes YAML the way people do, varying the style where YAML allows it (flow or block
/// collections; plain, quoted or block scalars), so that the reader is exercised too.
struct YAMLText {
    var random: SeededRandom
    private(set) var text = ""

    init(random: SeededRandom) {
        self.random = random
    }

    /// A top-level mapping, one key a line.
    mutating func document(_ entries: [(key: String, value: YAMLValue)]) {
        for entry in entries { blockEntry(entry.key, entry.value, indent: 0) }
    }

    private mutating func blockEntry(_ key: String, _ value: YAMLValue, indent: Int) {
        let pad = String(repeating: " ", count: indent)
        switch value {
        case let .text(string) where string.contains("\n") && Self.fitsLiteralBlock(string) && random.chance(0.8):
            text += "\(pad)\(key): |\n"
            for line in string.split(separator: "\n", omittingEmptySubsequences: false) {
                text += line.isEmpty ? "\n" : "\(pad)  \(line)\n"
            }
        case let .mapping(entries) where !random.chance(0.5):
            text += "\(pad)\(key):\n"
            for entry in entries { blockEntry(entry.key, entry.value, indent: indent + 2) }
        case let .list(items) where !items.isEmpty && !random.chance(0.3):
            text += "\(pad)\(key):\n"
            for item in items { blockItem(item, indent: indent + 2) }
        default:
            text += "\(pad)\(key): \(flow(value))\n"
        }
    }

    private mutating func blockItem(_ value: YAMLValue, indent: Int) {
        let pad = String(repeating: " ", count: indent)
        guard case let .mapping(entries) = value, !entries.isEmpty, random.chance(0.5) else {
            text += "\(pad)- \(flow(value))\n"
            return
        }
        // `- key: value` with the other keys aligned under the first.
        var first = YAMLText(random: random)
        first.blockEntry(entries[0].key, entries[0].value, indent: indent + 2)
        random = first.random
        text += "\(pad)- " + first.text.dropFirst(indent + 2)
        for entry in entries.dropFirst() { blockEntry(entry.key, entry.value, indent: indent + 2) }
    }

    /// The value on one line, in flow style.
    private mutating func flow(_ value: YAMLValue) -> String {
        switch value {
        case let .plain(word): return word
        case let .text(string): return scalar(string, inFlow: false)
        case let .mapping(entries):
            var parts: [String] = []
            for entry in entries { parts.append("\(entry.key): \(flowInner(entry.value))") }
            return "{ " + parts.joined(separator: ", ") + " }"
        case let .list(items):
            var parts: [String] = []
            for item in items { parts.append(flowInner(item)) }
            return "[" + parts.joined(separator: ", ") + "]"
        }
    }

    /// A value inside a flow collection, where `,`, `[`, `]`, `{` and `}` end plain scalars.
    private mutating func flowInner(_ value: YAMLValue) -> String {
        if case let .text(string) = value { return scalar(string, inFlow: true) }
        return flow(value)
    }

    private mutating func scalar(_ string: String, inFlow: Bool) -> String {
        if Self.isPlainSafe(string, inFlow: inFlow), random.chance(0.5) { return string }
        if !string.contains(where: { $0.isNewline || $0.unicodeScalars.contains(where: Self.needsEscape) }),
            random.chance(0.5)
        {
            return "'" + string.map { $0 == "'" ? "''" : String($0) }.joined() + "'"
        }
        return Self.doubleQuoted(string)
    }

    static func doubleQuoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
    }

    /// Conservative: letters, digits and a few punctuation marks, not a word YAML reads as a
    /// boolean or null, not starting with an indicator.
    private static func isPlainSafe(_ string: String, inFlow: Bool) -> Bool {
        guard let first = string.unicodeScalars.first, first.properties.isAlphabetic || first == "_" || first == "."
        else { return false }
        let allowed = inFlow ? "_.()<>?!=+ " : "_.()<>?!=+ ,[]"
        let words: Set = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]
        return !words.contains(string.lowercased()) && !string.hasSuffix(" ")
            && string.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || $0.properties.numericType != nil || allowed.unicodeScalars.contains($0)
            }
    }

    /// A literal block keeps lines as they are, but cannot start with a space or hold a tab or CR.
    private static func fitsLiteralBlock(_ string: String) -> Bool {
        !string.hasPrefix(" ") && !string.contains("\r") && !string.contains("\t")
            && !string.unicodeScalars.contains(where: { needsEscape($0) && $0 != "\n" })
    }
}
