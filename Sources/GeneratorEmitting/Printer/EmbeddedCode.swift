import GeneratorDiagnostics

extension SwiftPrinter {
    /// Swift code taken from a schema (`register`, `next`, `value`, …), re-indented like
    /// ``lines(_:)``, between `#sourceLocation` directives that give each of its lines the schema
    /// line it was written on, so that the compiler reports an error in it at the schema. `file` is
    /// the schema as directives name it (``SourceLocationPaths``); `nil`, for a path no directive
    /// can spell, prints the code alone.
    ///
    /// Columns stay those of the generated line: the code is indented to fit the generated code,
    /// not placed at its schema column (which `swift format` would reject).
    package mutating func embedded(_ code: Located<String>, in file: String?) {
        guard let file else {
            lines(code.value)
            return
        }
        let first = code.location.line
        line(Self.sourceLocation(file: file, line: first))
        // The printed line after `anchor.printed` is the schema's line `anchor.schema`.
        var anchor = (printed: lineCount, schema: first)
        let printed = code.value.withPlainText { text in
            let margin = Self.margin(of: text)
            var schemaLine = first
            text.forEachLine { line in
                defer { schemaLine += 1 }
                guard !line.isBlank else {
                    blankLine()
                    return
                }
                let content = line.dropFirst(margin)
                printRequestedBlankLine(closingBlock: content.closesBlock)
                reanchor(&anchor, at: schemaLine, in: file)
                printLine(content)
            }
        }
        if !printed {
            let lines = code.value.split(separator: "\n", omittingEmptySubsequences: false)
            let margin = Self.margin(of: lines)
            for (offset, line) in lines.enumerated() {
                guard !line.allSatisfy(\.isWhitespace) else {
                    blankLine()
                    continue
                }
                let content = line.dropFirst(margin)
                printRequestedBlankLine(closingBlock: Self.closesBlock(content))
                reanchor(&anchor, at: first + offset, in: file)
                self.line(String(content))
            }
        }
        line("#sourceLocation()")
    }

    /// The blank-line rules keep one blank line of several, and none after `{` or before `}`: the
    /// line about to be printed is pointed at its schema line again when such a gap moved it.
    private mutating func reanchor(_ anchor: inout (printed: Int, schema: Int), at schemaLine: Int, in file: String) {
        guard anchor.schema + (lineCount - anchor.printed) != schemaLine else { return }
        line(Self.sourceLocation(file: file, line: schemaLine))
        anchor = (lineCount, schemaLine)
    }

    /// A directive that makes the next line `line` of `file`. Spelled without spaces, as
    /// `swift format` 6.3 formats it (it rejects `file: "…", line: N`).
    static func sourceLocation(file: String, line: Int) -> String {
        "#sourceLocation(file:\"\(file)\",line:\(line))"
    }
}

extension SwiftPrinter {
    /// The lines `body` prints after a `#sourceLocation` directive that makes the first of them
    /// `line` of `file`: generated text made from one schema line (a delegate method's signature,
    /// which the proxy restates), so that the compiler reports a mistake in it, such as a misspelt
    /// method name, at that line. A directive cannot go inside a declaration or an expression, so a
    /// wrapped one counts its further lines on from there. Unless `resetting` is `false`, the lines
    /// that follow are the generated file's again. `nil` for `file` prints the lines alone.
    package mutating func anchored(
        toSchemaLine schemaLine: Int, in file: String?, resetting: Bool = true, _ body: (inout SwiftPrinter) -> Void
    ) {
        guard let file else { return body(&self) }
        var inner = SwiftPrinter(indent: indent)
        body(&inner)
        let printed = inner.text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.dropFirst(indent) }
        // Each directive at the indentation of the line after it, as swift-format places it.
        let indentation = { (line: Substring) in String(line.prefix { $0 == " " }) }
        line(indentation(printed.first ?? "") + Self.sourceLocation(file: file, line: schemaLine))
        for text in printed { line(String(text)) }
        if resetting { line(indentation(printed.first ?? "") + "#sourceLocation()") }
    }
}
