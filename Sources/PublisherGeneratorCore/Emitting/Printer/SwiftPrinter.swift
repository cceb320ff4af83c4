/// Writes Swift text and owns its layout: the indentation of every line, blank lines, doc comments
/// wrapped at the current indent, user code re-indented to the current level, and signatures
/// wrapped at the line limit. Emitters say what to print, never how far in; nothing cleans the text
/// up afterwards.
///
/// Blank-line rules: a blank line is printed only between two lines, never twice in a row, never
/// after a line that opens a block (`{`) and never before one that closes it (`}`).
struct SwiftPrinter {
    /// Columns per indentation level.
    static let indentWidth = 4
    /// The column limit the project's `swift format` configuration enforces.
    static let lineLimit = 120
    /// Prose in doc comments is wrapped earlier than code, to stay readable.
    static let docCommentWidth = 100

    private(set) var text = ""
    /// The number of lines printed so far, blank ones included.
    private(set) var lineCount = 0
    private var indentation = ""
    private var blankRequested = false
    /// Whether the last printed line ends in `{`; `nil` before the first line.
    private var lastLineOpensBlock: Bool?

    init(capacity: Int = 0) {
        text.reserveCapacity(capacity)
    }

    /// The column the next line starts at.
    var indent: Int { indentation.count }

    /// Prints `line` at the current indentation; an empty line asks for a blank line.
    mutating func line(_ line: String) {
        var content = Substring(line)
        while content.last == " " { content = content.dropLast() }
        guard !content.isEmpty else {
            blankLine()
            return
        }
        printRequestedBlankLine(before: content)
        text += indentation
        text += content
        text += "\n"
        lineCount += 1
        lastLineOpensBlock = content.hasSuffix("{")
    }

    /// Prints the blank line asked for, if the blank-line rules allow one before `content`; either
    /// way the request is settled.
    mutating func printRequestedBlankLine(before content: Substring) {
        if blankRequested, let opens = lastLineOpensBlock, !opens,
            !content.drop(while: { $0 == " " }).hasPrefix("}")
        {
            text += "\n"
            lineCount += 1
        }
        blankRequested = false
    }

    /// Asks for a blank line before the next line; the blank-line rules decide whether it appears.
    mutating func blankLine() {
        blankRequested = true
    }

    /// Prints lines written as one text (a Swift multi-line literal, or user code from a schema):
    /// their common leading spaces removed, each line then indented to the current level, so
    /// nested lines keep their relative indentation.
    mutating func lines(_ text: String) {
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

    /// Runs `body` one level further in.
    mutating func indented(_ body: (inout SwiftPrinter) -> Void) {
        let outer = indentation
        indentation += String(repeating: " ", count: Self.indentWidth)
        body(&self)
        indentation = outer
    }

    /// `head {`, then `body` one level in, then `}` (or `close`, as in `}()`).
    mutating func block(_ head: String, close: String = "}", _ body: (inout SwiftPrinter) -> Void) {
        line(head + " {")
        indented(body)
        line(close)
    }

    /// `text` as a `///` comment, wrapped at word boundaries to the doc-comment width measured from
    /// the current indentation. A line of `text` that fits is kept as written. Every line break
    /// starts a new `///` line, not only `\n`: Swift ends a comment at a carriage return too, and
    /// the rest of the line would be code.
    mutating func docComment(_ text: String) {
        let room = max(20, Self.docCommentWidth - indent - 4)
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let wrapped = Self.wrapped(paragraph, to: room)
            for line in wrapped {
                self.line(line.isEmpty ? "///" : "/// " + line)
            }
        }
    }

    /// `call { parameters in` (or `call {` without parameters), then `body` one level in, then `}`.
    mutating func closure(_ call: String, parameters: String? = nil, _ body: (inout SwiftPrinter) -> Void) {
        line(call + " {" + (parameters.map { " \($0) in" } ?? ""))
        indented(body)
        line("}")
    }

    /// A declaration head up to its body: `head(parameters) -> result {`, with the parameters on
    /// one line when that fits within the line limit and one per line otherwise. `body` is printed
    /// one level in and closed with `}`.
    mutating func signature(
        _ head: String, _ parameters: [String], returning result: String? = nil, where constraints: String? = nil,
        _ body: (inout SwiftPrinter) -> Void
    ) {
        let arrow = (result.map { " -> \($0)" } ?? "") + (constraints.map { " where \($0)" } ?? "")
        let oneLine = "\(head)(\(parameters.joined(separator: ", ")))\(arrow) {"
        if indent + oneLine.count <= Self.lineLimit {
            line(oneLine)
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
