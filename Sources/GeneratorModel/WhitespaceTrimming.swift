/// Text without the whitespace around it: the one way the generator trims, everywhere it does.
/// Whitespace is what `Character.isWhitespace` says it is (spaces, tabs, line breaks, and the
/// Unicode spaces); text that ends in a visible ASCII character, nearly all of it, is answered
/// without looking at its characters.
extension String {
    /// The text without whitespace at either end.
    package var trimmingWhitespace: Substring {
        let end = trimmingTrailingWhitespace.endIndex
        let start = self[..<end].firstIndex { !$0.isWhitespace } ?? end
        return self[start..<end]
    }

    /// The text without whitespace at its end.
    package var trimmingTrailingWhitespace: Substring {
        if let last = utf8.last, last > 0x20, last < 0x7F { return self[...] }
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[..<end]
    }
}
