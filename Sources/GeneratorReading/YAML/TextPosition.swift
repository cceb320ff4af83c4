/// Byte-level checks and offset → line:column conversion for raw schema bytes.
enum TextPosition {
    /// The line and column (both 1-based, column in Unicode scalars) of a byte offset whose
    /// preceding bytes are valid UTF-8.
    static func lineAndColumn(ofByteOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0b1100_0000 != 0b1000_0000 {
                // Count lead bytes only, so a multi-byte scalar counts once.
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or `nil`.
    static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            index = endOfASCII(in: bytes, from: index)
            guard index < count else { break }
            let lead = bytes[index]
            let length: Int
            var lowerBound: UInt8 = 0x80
            var upperBound: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upperBound = 0x9F  // no UTF-16 surrogates
            case 0xF0:
                length = 4
                lowerBound = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upperBound = 0x8F  // nothing above U+10FFFF
            default:
                return index
            }
            guard index + length <= count else { return index }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                let (low, high) = offset == 1 ? (lowerBound, upperBound) : (0x80, 0xBF)
                guard (low...high).contains(byte) else { return index }
            }
            index += length
        }
        return nil
    }

    /// The offset of the first byte from `start` on that is not ASCII, found eight bytes at a time:
    /// a schema is nearly all ASCII, and a debug build pays a call per byte looked at below.
    private static func endOfASCII(in bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBytes { raw in
            var index = start
            while index + 8 <= raw.count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
            return index
        }
    }

    /// Whether the bytes start with a UTF-16 or UTF-32 byte order mark.
    static func hasNonUTF8ByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
    }
}
