import GeneratorDiagnostics

/// Where a scalar's text starts in the file, so that Swift code taken from a schema can be mapped
/// back to the lines it was written on (`#sourceLocation` in generated code).
enum ScalarTextStart {
    /// The position of the scalar's first character of text. libyaml marks a quoted scalar at its
    /// quote and a block scalar at its `|` or `>` indicator; the text of a block starts on a later
    /// line, after any blank lines (which the decoder drops from code for the same reason).
    static func location(
        of style: YAMLNode.ScalarStyle, at mark: SourceLocation, startIndex: Int, endIndex: Int,
        in bytes: UnsafeBufferPointer<UInt8>
    ) -> SourceLocation {
        switch style {
        case .plain:
            return mark
        case .singleQuoted, .doubleQuoted:
            return SourceLocation(path: mark.path, line: mark.line, column: mark.column + 1)
        case .literal, .folded:
            return blockTextStart(after: mark, from: startIndex, to: min(endIndex, bytes.count), in: bytes) ?? mark
        }
    }

    /// The first non-space character of the first non-blank line after the indicator's line, or
    /// `nil` when the block has no text.
    private static func blockTextStart(
        after mark: SourceLocation, from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> SourceLocation? {
        let newline = UInt8(ascii: "\n")
        var index = start
        // The rest of the indicator's line: indentation or chomping indicators, or a comment.
        while index < end, bytes[index] != newline { index += 1 }
        var line = mark.line
        while index < end {
            index += 1
            line += 1
            var spaces = 0
            while index < end, bytes[index] == UInt8(ascii: " ") {
                spaces += 1
                index += 1
            }
            guard index < end else { return nil }
            let byte = bytes[index]
            if byte != newline, byte != UInt8(ascii: "\r") {
                return SourceLocation(path: mark.path, line: line, column: spaces + 1)
            }
            while index < end, bytes[index] != newline { index += 1 }
        }
        return nil
    }
}
