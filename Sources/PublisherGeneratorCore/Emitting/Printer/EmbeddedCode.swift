extension SwiftPrinter {
    /// Swift code taken from a schema (`register`, `next`, `value`, …), re-indented like
    /// ``lines(_:)``, between `#sourceLocation` directives that give each of its lines the schema
    /// line it was written on, so that the compiler reports an error in it at the schema. `file` is
    /// the schema as directives name it (``SourceLocationPaths``); `nil`, for a path no directive
    /// can spell, prints the code alone.
    ///
    /// Columns stay those of the generated line: the code is indented to fit the generated code,
    /// not placed at its schema column (which `swift format` would reject).
    mutating func embedded(_ code: Located<String>, in file: String?) {
        guard let file else {
            lines(code.value)
            return
        }
        let lines = code.value.split(separator: "\n", omittingEmptySubsequences: false)
        let margin = Self.margin(of: lines)
        line(Self.sourceLocation(file: file, line: code.location.line))
        // The printed line after `anchor.printed` is the schema's line `anchor.schema`.
        var anchor = (printed: lineCount, schema: code.location.line)
        for (offset, line) in lines.enumerated() {
            if line.allSatisfy(\.isWhitespace) {
                blankLine()
                continue
            }
            let content = line.dropFirst(margin)
            let schemaLine = code.location.line + offset
            printRequestedBlankLine(before: content)
            // The blank-line rules keep one blank line of several, and none after `{` or before
            // `}`: the lines after such a gap are pointed at their schema line again.
            if anchor.schema + (lineCount - anchor.printed) != schemaLine {
                self.line(Self.sourceLocation(file: file, line: schemaLine))
                anchor = (lineCount, schemaLine)
            }
            self.line(String(content))
        }
        self.line("#sourceLocation()")
    }

    /// A directive that makes the next line `line` of `file`. Spelled without spaces, as
    /// `swift format` 6.3 formats it (it rejects `file: "…", line: N`).
    private static func sourceLocation(file: String, line: Int) -> String {
        "#sourceLocation(file:\"\(file)\",line:\(line))"
    }
}
