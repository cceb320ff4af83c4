/// The hint for `': ' inside a plain value`: what to do depends on the key whose value it is, so
/// the hint names it, and offers a block (`register: |`) only for a key that takes Swift code.
enum PlainValueHint {
    /// The hint for the problem at byte `offset` of `bytes`.
    static func hint(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let key = key(before: offset, in: bytes) else {
            return "quote the value, or write Swift code as a block: 'register: |' and the code indented below"
        }
        let quote = "quote the value of '\(key)': '\(key): \"…\"'"
        guard SchemaLanguage.swiftCodeKeys.contains(key) else { return quote }
        return quote + ", or write the code as a block: '\(key): |' and the code indented below"
    }

    /// The last `key:` on the line before `offset` that follows the line's indentation, a `- `, a
    /// `{` or a `,`: the key of the value that holds `offset`.
    static func key(before offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let end = min(max(offset, 0), bytes.count)
        var start = end
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        let line = Array(bytes[start..<end])
        var found: String?
        var index = 0
        while index < line.count {
            let startsKey = index == 0 || [0x20, 0x2D, 0x7B, 0x2C].contains(line[index - 1])
            var wordEnd = index
            while wordEnd < line.count, isKeyByte(line[wordEnd]) { wordEnd += 1 }
            if startsKey, wordEnd > index, wordEnd + 1 < line.count, line[wordEnd] == 0x3A,
                line[wordEnd + 1] == 0x20
            {
                found = String(decoding: line[index..<wordEnd], as: UTF8.self)
            }
            index = max(wordEnd, index + 1)
        }
        return found
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x2D
    }
}
