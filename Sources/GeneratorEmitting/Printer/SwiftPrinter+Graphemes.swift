/// The printer's rules on `Character`s, for text that is not ``PlainText`` (non-ASCII, or with a
/// carriage return): the same lines as the byte path, where a `Character` is not one byte.
extension SwiftPrinter {
    mutating func printLine(graphemes line: String) {
        var content = Substring(line)
        while content.last == " " { content = content.dropLast() }
        guard !content.isEmpty else {
            blankLine()
            return
        }
        printLine(
            String(content), closingBlock: Self.closesBlock(content), openingBlock: content.hasSuffix("{"))
    }

    /// The first `Character` that is not a space is `}`.
    static func closesBlock(_ content: Substring) -> Bool {
        content.drop(while: { $0 == " " }).hasPrefix("}")
    }

    mutating func printLines(graphemes text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let margin = Self.margin(of: lines)
        for line in lines {
            if line.allSatisfy(\.isWhitespace) {
                blankLine()
            } else {
                self.line(String(line.dropFirst(margin)))
            }
        }
    }

    /// The leading spaces that every non-blank line of `lines` shares.
    static func margin(of lines: [Substring]) -> Int {
        var margin = Int.max
        for line in lines where !line.allSatisfy(\.isWhitespace) {
            margin = min(margin, line.prefix { $0 == " " }.count)
        }
        return margin
    }

    mutating func docComment(graphemes text: String, room: Int) {
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            for line in Self.wrapped(paragraph, to: room) {
                self.line(line.isEmpty ? "///" : "/// " + line)
            }
        }
    }
}
