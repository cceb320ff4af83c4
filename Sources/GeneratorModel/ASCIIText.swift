/// Byte-wise answers about text that is all ASCII, as schemas nearly always are. A debug build,
/// which the build plugin runs, answers them many times faster than through `Character`s (whose
/// properties are Unicode lookups) or through generic algorithms such as `allSatisfy`; callers
/// keep the general path for other text.
///
/// The loops index `String.UTF8View` rather than use `for … in`: its iterator is the generic
/// `IndexingIterator`, which a debug build runs unspecialized at some 300 instructions a byte.
package enum ASCIIText {
    /// Whether every byte of `text` is ASCII.
    package static func isASCII(_ text: String) -> Bool {
        allBytes(of: text) { $0 < 0x80 }
    }

    /// Whether `test` holds for every byte of `text`.
    package static func allBytes(of text: String, _ test: (UInt8) -> Bool) -> Bool {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if !test(bytes[index]) { return false }
            bytes.formIndex(after: &index)
        }
        return true
    }

    /// `A`–`Z`, `a`–`z`.
    package static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// `0`–`9`.
    package static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// A letter, a digit or `_`: what an ASCII identifier is made of.
    package static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == 0x5F
    }

    /// Space, tab, line feed, vertical tab, form feed, carriage return: the ASCII characters
    /// `Character.isWhitespace` accepts.
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
