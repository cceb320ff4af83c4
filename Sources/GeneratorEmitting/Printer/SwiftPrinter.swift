/// Writes Swift text and owns its layout: the indentation of every line, blank lines, doc comments
/// wrapped at the current indent, user code re-indented to the current level, and signatures
/// wrapped at the line limit. Emitters say what to print, never how far in; nothing cleans the text
/// up afterwards.
///
/// Blank-line rules: a blank line is printed only between two lines, never twice in a row, never
/// after a line that opens a block (`{`) and never before one that closes it (`}`).
///
/// Text is laid out on its bytes when it is ``PlainText`` and on its `Character`s otherwise
/// (`SwiftPrinter+Graphemes.swift`); both give the same lines.
package struct SwiftPrinter {
    /// Columns per indentation level.
    static let indentWidth = 4
    /// The column limit the project's `swift format` configuration enforces.
    static let lineLimit = 120
    /// Prose in doc comments is wrapped earlier than code, to stay readable.
    static let docCommentWidth = 100

    private var output: PrintedBytes
    /// The number of lines printed so far, blank ones included.
    private(set) var lineCount = 0
    /// The column the next line starts at.
    private(set) var indent = 0
    private var blankRequested = false
    /// Whether the last printed line ends in `{`; `nil` before the first line.
    private var lastLineOpensBlock: Bool?
    /// ``lineCount`` after the last member ``runMember(_:)`` printed.
    private var runEnd: Int?

    /// A printer whose first line starts at column `indent`.
    init(capacity: Int = 0, indent: Int = 0) {
        output = PrintedBytes(capacity: capacity)
        self.indent = indent
    }

    var text: String { output.text }

    /// Prints `line` at the current indentation; an empty line asks for a blank line.
    package mutating func line(_ line: String) {
        if !line.withPlainText({ printLine($0) }) { printLine(graphemes: line) }
    }

    /// ``line(_:)`` for plain text.
    mutating func printLine(_ line: PlainText) {
        let content = line.trimmingTrailingSpaces
        guard content.count > 0 else {
            blankLine()
            return
        }
        startLine(closingBlock: content.closesBlock)
        output.append(content.start, count: content.count)
        endLine(openingBlock: content.opensBlock)
    }

    /// Prints `content`, not empty and without trailing spaces, as one line.
    mutating func printLine(_ content: String, closingBlock: Bool, openingBlock: Bool) {
        startLine(closingBlock: closingBlock)
        output.append(utf8Of: content)
        endLine(openingBlock: openingBlock)
    }

    /// Prints the blank line asked for, if the blank-line rules allow one before a line that
    /// closes a block or not; either way the request is settled.
    mutating func printRequestedBlankLine(closingBlock: Bool) {
        // A copied printer gets its own bytes before either writes.
        if !isKnownUniquelyReferenced(&output) { output = output.copy() }
        if blankRequested, let opens = lastLineOpensBlock, !opens, !closingBlock {
            output.append(PlainText.newline)
            lineCount += 1
        }
        blankRequested = false
    }

    private mutating func startLine(closingBlock: Bool) {
        printRequestedBlankLine(closingBlock: closingBlock)
        output.appendSpaces(indent)
    }

    private mutating func endLine(openingBlock: Bool) {
        output.append(PlainText.newline)
        lineCount += 1
        lastLineOpensBlock = openingBlock
    }

    /// Prints the lines `body` prints, after the line `heading` makes of how many they are, if it
    /// makes one (a `#sourceLocation` directive before a doc comment, which names the line of the
    /// declaration after the comment). The heading is put in front once `body` has printed: to
    /// count the lines first, `body` would print into a printer of its own and its text be split
    /// and printed again, which took an eighth of a generation.
    package mutating func lines(_ body: (inout SwiftPrinter) -> Void, after heading: (_ lineCount: Int) -> String?) {
        printRequestedBlankLine(closingBlock: false)
        let offset = output.count
        let before = lineCount
        body(&self)
        guard let heading = heading(lineCount - before) else { return }
        var headingLine = String(repeating: " ", count: indent) + heading + "\n"
        headingLine.withUTF8 { bytes in
            if let base = bytes.baseAddress { output.insert(base, count: bytes.count, at: offset) }
        }
        if lineCount == before { lastLineOpensBlock = heading.hasSuffix("{") }
        lineCount += 1
    }

    /// Asks for a blank line before the next line; the blank-line rules decide whether it appears.
    package mutating func blankLine() {
        blankRequested = true
    }

    /// Prints lines written as one text (a Swift multi-line literal, or user code from a schema):
    /// their common leading spaces removed, each line then indented to the current level, so
    /// nested lines keep their relative indentation.
    package mutating func lines(_ text: String) {
        if !text.withPlainText({ printLines($0) }) { printLines(graphemes: text) }
    }

    private mutating func printLines(_ text: PlainText) {
        let margin = Self.margin(of: text)
        text.forEachLine { line in
            if line.isBlank {
                blankLine()
            } else {
                printLine(line.dropFirst(margin))
            }
        }
    }

    /// The leading spaces that every non-blank line of `text` shares.
    static func margin(of text: PlainText) -> Int {
        var margin = Int.max
        text.forEachLine { line in
            if !line.isBlank { margin = min(margin, line.leadingSpaces) }
        }
        return margin
    }

    /// A member of a run of them (tests of one group), of one line or more: after a blank line,
    /// unless the line printed last ends the run's previous member.
    mutating func runMember(_ body: (inout SwiftPrinter) -> Void) {
        if runEnd != lineCount { blankLine() }
        body(&self)
        runEnd = lineCount
    }

    /// Runs `body` one level further in.
    package mutating func indented(_ body: (inout SwiftPrinter) -> Void) {
        let outer = indent
        indent += Self.indentWidth
        body(&self)
        indent = outer
    }

    /// `head {`, then `body` one level in, then `}` (or `close`, as in `}()`).
    package mutating func block(_ head: String, close: String = "}", _ body: (inout SwiftPrinter) -> Void) {
        line(head + " {")
        indented(body)
        line(close)
    }

    /// `text` as a `///` comment, wrapped at word boundaries to the doc-comment width measured from
    /// the current indentation. A line of `text` that fits is kept as written. Every line break
    /// starts a new `///` line, not only `\n`: Swift ends a comment at a carriage return too, and
    /// the rest of the line would be code.
    package mutating func docComment(_ text: String) {
        let room = max(20, Self.docCommentWidth - indent - 4)
        let printed = text.withPlainText { text in
            text.forEachParagraph { printDocParagraph($0, room: room) }
        }
        if !printed { docComment(graphemes: text, room: room) }
    }

    /// One line of a doc comment's text as ``wrapped(_:to:)`` wraps it, each line after `/// `.
    private mutating func printDocParagraph(_ paragraph: PlainText, room: Int) {
        guard paragraph.count > room else {
            let kept = paragraph.trimmingTrailingSpaces
            startLine(closingBlock: false)
            let marker: StaticString = kept.count == 0 ? "///" : "/// "
            output.append(marker)
            output.append(kept.start, count: kept.count)
            endLine(openingBlock: kept.opensBlock)
            return
        }
        var width = 0  // of the line being printed; 0 before its first word
        // The words not yet copied: consecutive ones with one space between them are copied at once.
        var pending = (start: 0, end: 0)
        var offset = 0
        while offset < paragraph.count {
            guard paragraph[offset] != PlainText.space else {
                offset += 1
                continue
            }
            let end = paragraph.firstIndex(of: PlainText.space, from: offset + 1)
            let word = end - offset
            if width > 0, width + 1 + word <= room {
                width += 1 + word
                if offset == pending.end + 1 {
                    pending.end = end
                    offset = end
                    continue
                }
                output.append(paragraph.start + pending.start, count: pending.end - pending.start)
                output.append(PlainText.space)
            } else {
                if width > 0 { endDocLine(paragraph, pending) }
                startLine(closingBlock: false)
                output.append("/// " as StaticString)
                width = word
            }
            pending = (offset, end)
            offset = end
        }
        if width > 0 { endDocLine(paragraph, pending) }
    }

    private mutating func endDocLine(_ paragraph: PlainText, _ pending: (start: Int, end: Int)) {
        output.append(paragraph.start + pending.start, count: pending.end - pending.start)
        endLine(openingBlock: paragraph[pending.end - 1] == PlainText.openingBrace)
    }

    /// `call { parameters in` (or `call {` without parameters), then `body` one level in, then `}`.
    package mutating func closure(_ call: String, parameters: String? = nil, _ body: (inout SwiftPrinter) -> Void) {
        line(call + " {" + (parameters.map { " \($0) in" } ?? ""))
        indented(body)
        line("}")
    }

    /// A declaration head up to its body: `head(parameters) -> result {`, with the parameters on
    /// one line when that fits within the line limit and one per line otherwise. Without
    /// parameters, as swift-format breaks it: the brace on a line of its own, and the result on one
    /// of its own too when the line is still too long. `body` is printed one level in and closed
    /// with `}`.
    package mutating func signature(
        _ head: String, _ parameters: [String], returning result: String? = nil, where constraints: String? = nil,
        _ body: (inout SwiftPrinter) -> Void
    ) {
        let arrow = (result.map { " -> \($0)" } ?? "") + (constraints.map { " where \($0)" } ?? "")
        let oneLine = "\(head)(\(parameters.joined(separator: ", ")))\(arrow) {"
        if indent + oneLine.count <= Self.lineLimit {
            line(oneLine)
        } else if parameters.isEmpty {
            if fits("\(head)()\(arrow)") {
                line("\(head)()\(arrow)")
            } else {
                line("\(head)()")
                indented { $0.line(String(arrow.dropFirst())) }
            }
            line("{")
        } else {
            line("\(head)(")
            indented { printer in
                for (index, parameter) in parameters.enumerated() {
                    printer.line(index == parameters.count - 1 ? parameter : parameter + ",")
                }
            }
            line(")\(arrow) {")
        }
        indented(body)
        line("}")
    }

    /// Whether `text` fits on a line at the current indentation.
    package func fits(_ text: String) -> Bool { indent + text.count <= Self.lineLimit }

    /// `items` joined by `, `, as many to a line as fit one level in, the way swift-format fills an
    /// argument or parameter list that does not fit on one line; `last` ends the last line.
    package mutating func filled(_ items: [String], last: String = "") {
        indented { printer in
            var line = ""
            for (index, item) in items.enumerated() {
                let piece = item + (index == items.count - 1 ? last : ",")
                if line.isEmpty {
                    line = piece
                } else if printer.fits(line + " " + piece) {
                    line += " " + piece
                } else {
                    printer.line(line)
                    line = piece
                }
            }
            if !line.isEmpty { printer.line(line) }
        }
    }

    /// A call of `function` with `arguments`: on one line when it fits, else the arguments from
    /// the next line one level in, as many on each line as fit, and the closing parenthesis after
    /// the last.
    package mutating func call(_ function: String, arguments: [String]) {
        let oneLine = "\(function)(\(arguments.joined(separator: ", ")))"
        guard !fits(oneLine) else {
            line(oneLine)
            return
        }
        line(function + "(")
        filled(arguments, last: ")")
    }

    /// Greedy word wrap; a word longer than `width` stands on a line of its own.
    static func wrapped(_ line: Substring, to width: Int) -> [String] {
        guard line.count > width else { return [String(line)] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
