import Foundation

/// Text the printer lays out byte by byte: ASCII without carriage returns, which is all of the
/// generator's own text and almost all of a schema's. There every `Character` is one byte, so
/// splitting, trimming and counting bytes give exactly what the same rules give on `Character`s;
/// other text takes the `Character` path (`SwiftPrinter+Graphemes.swift`), where `" \u{301}"` is
/// not a space and `"\r\n"` is one line break.
///
/// A debug build (what the build plugin runs) pays a call into generic standard-library code for
/// every `Character` looked at; these loops read memory directly.
struct PlainText {
    let start: UnsafePointer<UInt8>
    let count: Int

    // Literals, not `UInt8(ascii:)` or stored constants: a debug build calls a function for those.
    static var space: UInt8 { 0x20 }
    static var newline: UInt8 { 0x0A }
    static var openingBrace: UInt8 { 0x7B }
    static var closingBrace: UInt8 { 0x7D }

    /// `bytes`, when they are plain.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else {
            // Somewhere valid to point at for no bytes.
            self.init(start: ("" as StaticString).utf8Start, count: 0)
            return
        }
        guard Self.isPlain(start, count: bytes.count) else { return nil }
        self.init(start: start, count: bytes.count)
    }

    init(start: UnsafePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }

    subscript(offset: Int) -> UInt8 { start[offset] }

    /// The bytes from `offset` on.
    func dropFirst(_ offset: Int) -> PlainText {
        PlainText(start: start + offset, count: count - offset)
    }

    /// Without its trailing spaces (not other whitespace: the printer keeps a trailing tab).
    var trimmingTrailingSpaces: PlainText {
        var end = count
        while end > 0, start[end - 1] == Self.space { end -= 1 }
        return PlainText(start: start, count: end)
    }

    var leadingSpaces: Int {
        var offset = 0
        while offset < count, start[offset] == Self.space { offset += 1 }
        return offset
    }

    /// Whether every byte is what `Character.isWhitespace` calls whitespace: tab to carriage
    /// return, and the space.
    var isBlank: Bool {
        var offset = 0
        while offset < count {
            let byte = start[offset]
            guard byte == Self.space || (byte >= 0x09 && byte <= 0x0D) else { return false }
            offset += 1
        }
        return true
    }

    /// The first byte that is not a space is `}`.
    var closesBlock: Bool {
        let offset = leadingSpaces
        return offset < count && start[offset] == Self.closingBrace
    }

    var opensBlock: Bool { count > 0 && start[count - 1] == Self.openingBrace }

    /// The offset of the first `byte` from `offset` on, or `count`.
    func firstIndex(of byte: UInt8, from offset: Int) -> Int {
        guard let found = memchr(start + offset, Int32(byte), count - offset) else { return count }
        return UnsafeRawPointer(start).distance(to: UnsafeRawPointer(found))
    }

    /// The lines between `\n`s, empty ones included, as `split(separator: "\n",
    /// omittingEmptySubsequences: false)` gives them.
    func forEachLine(_ body: (PlainText) -> Void) {
        var lineStart = 0
        while true {
            let end = firstIndex(of: Self.newline, from: lineStart)
            body(PlainText(start: start + lineStart, count: end - lineStart))
            guard end < count else { return }
            lineStart = end + 1
        }
    }

    /// The lines between line breaks (`Character.isNewline`: `\n`, vertical tab, form feed).
    func forEachParagraph(_ body: (PlainText) -> Void) {
        // Text without a vertical tab or form feed, nearly all, is split by the faster `memchr`.
        guard memchr(start, 0x0B, count) != nil || memchr(start, 0x0C, count) != nil else {
            forEachLine(body)
            return
        }
        var lineStart = 0
        var offset = 0
        while offset < count {
            let byte = start[offset]
            if byte >= 0x0A && byte <= 0x0C {
                body(PlainText(start: start + lineStart, count: offset - lineStart))
                lineStart = offset + 1
            }
            offset += 1
        }
        body(dropFirst(lineStart))
    }

    /// ASCII and no carriage return, checked eight bytes at a time.
    static func isPlain(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(start)
        var offset = 0
        var highBits: UInt64 = 0
        while offset + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // A carriage return is a zero byte of `returns`; `(x - 0x01…) & ~x` has a high bit set
            // exactly when some byte of `x` is zero.
            let returns = word ^ 0x0D0D_0D0D_0D0D_0D0D
            highBits |= word | ((returns &- 0x0101_0101_0101_0101) & ~returns)
            offset += 8
        }
        while offset < count {
            let byte = start[offset]
            if byte >= 0x80 || byte == 0x0D { return false }
            offset += 1
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }
}

extension String {
    /// Runs `body` with the text's bytes when they are plain (``PlainText``); whether it ran.
    func withPlainText(_ body: (PlainText) -> Void) -> Bool {
        var text = self
        return text.withUTF8 { bytes in
            guard let plain = PlainText(bytes) else { return false }
            body(plain)
            return true
        }
    }
}
