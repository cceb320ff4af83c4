/// Text without what surrounds it: the one way the generator trims, everywhere it does. It lives
/// here because every module that trims (reading, validating, emitting, the kinds) depends on this
/// one. Whitespace is what `Character.isWhitespace` says it is (spaces, tabs, line breaks and the
/// Unicode spaces); a reader with a narrower idea of a space (YAML's space and tab) says which.
/// Text with nothing to trim is returned as it is, without a copy.
extension String {
    /// The text without the characters `isTrimmed` accepts at either end.
    package func trimming(while isTrimmed: (Character) -> Bool) -> String {
        let start = firstIndex { !isTrimmed($0) } ?? endIndex
        var end = endIndex
        while end > start, isTrimmed(self[index(before: end)]) { end = index(before: end) }
        return start == startIndex && end == endIndex ? self : String(self[start..<end])
    }

    /// The text without whitespace at either end.
    package var trimmingWhitespace: String {
        trimming { $0.isWhitespace }
    }

    /// The text without whitespace at its end. Text that ends in a visible ASCII character, nearly
    /// all of it, is answered without looking at its characters.
    package var trimmingTrailingWhitespace: String {
        if let last = utf8.last, last > 0x20, last < 0x7F { return self }
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return end == endIndex ? self : String(self[..<end])
    }
}
