import GeneratorDiagnostics

/// The hint for `': ' inside a plain value`: what to do depends on the key whose value it is, so
/// the hint names it, offers a block (`register: |`) only for a key that takes Swift code, and ends
/// with the line to paste: the value quoted so that it reads back unchanged (``YAMLQuotedScalar``),
/// or `…` where the line does not show the whole value.
enum PlainValueHint {
    /// The key of the value that holds the problem, and the value as far as the line shows it.
    struct KeyOnLine {
        var name: String
        /// The rest of the line after `name: `; `nil` when it may not be the whole value: in a flow
        /// mapping (`{ body: … }`, which ends at a `,` or `}` of YAML's choosing), with a ` #` that
        /// may be a YAML comment or Swift (`#selector`), starting with a YAML indicator, or
        /// continued on the next line.
        var value: String?
        /// What the line shows after `name: `, to choose the quotes even when `value` is `nil`.
        var restOfLine: String
    }

    /// The hint for the problem at byte `offset` of `bytes`; a key of `codeKeys` takes Swift code.
    static func hint(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, codeKeys: Set<String>) -> String {
        guard let key = key(before: offset, in: bytes) else {
            return "quote the value, or write Swift code as a block: 'register: |' and the code indented below"
        }
        let block =
            codeKeys.contains(key.name)
            ? "write the code as a block ('\(key.name): |' and the code indented below), or " : ""
        let shown = key.value ?? key.restOfLine
        let singleQuotes = YAMLQuotedScalar.needsSingleQuotes(shown)
        let reason = YAMLQuotedScalar.reasonForSingleQuotes(shown)
        let style = singleQuotes ? " in single quotes, as it contains '\(reason)'" : ""
        let pasted = key.value.map(YAMLQuotedScalar.quoted) ?? (singleQuotes ? "'…'" : "\"…\"")
        return "\(block)quote the value of '\(key.name)'\(style): \(key.name): \(pasted)"
    }

    /// The last `key:` on the line before `offset` that follows the line's indentation, a `- `, a
    /// `{` or a `,`: the key of the value that holds `offset`.
    static func key(before offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> KeyOnLine? {
        let end = min(max(offset, 0), bytes.count)
        var start = end
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        var lineEnd = end
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
        let line = Array(bytes[start..<end])
        var found: (name: String, column: Int, valueStart: Int, isInFlow: Bool)?
        var index = 0
        while index < line.count {
            let startsKey = index == 0 || [0x20, 0x2D, 0x7B, 0x2C].contains(line[index - 1])
            var wordEnd = index
            while wordEnd < line.count, isKeyByte(line[wordEnd]) { wordEnd += 1 }
            if startsKey, wordEnd > index, wordEnd + 1 < line.count, line[wordEnd] == 0x3A,
                line[wordEnd + 1] == 0x20
            {
                let name = String(decoding: line[index..<wordEnd], as: UTF8.self)
                let isInFlow = line[..<index].contains { $0 == 0x7B || $0 == 0x2C }
                found = (name, index, start + wordEnd + 2, isInFlow)
            }
            index = max(wordEnd, index + 1)
        }
        guard let found else { return nil }
        let rest = String(decoding: bytes[min(found.valueStart, lineEnd)..<lineEnd], as: UTF8.self)
            .trimming { $0 == " " || $0 == "\t" }
        let isWhole =
            !found.isInFlow && !rest.contains(" #") && !rest.contains("\t#") && startsPlainScalar(rest)
            && !continues(after: lineEnd, past: found.column, in: bytes)
        return KeyOnLine(name: found.name, value: isWhole ? rest : nil, restOfLine: rest)
    }

    /// Whether the next line that is not blank or a comment is indented past the key, which makes
    /// it part of the same plain value.
    private static func continues(after lineEnd: Int, past column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = lineEnd
        while index < bytes.count {
            while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
            var indentation = 0
            while index < bytes.count, bytes[index] == 0x20 {
                indentation += 1
                index += 1
            }
            guard index < bytes.count else { return false }
            if bytes[index] == 0x0A || bytes[index] == 0x0D { continue }
            if bytes[index] == 0x23 {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                continue
            }
            return indentation > column
        }
        return false
    }

    /// A value that starts with a quote, anchor, alias, tag, block or flow indicator is not read
    /// as plain text from its first character.
    private static func startsPlainScalar(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        return !"\"'&*!|>[{%@`".contains(first)
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x2D
    }
}
