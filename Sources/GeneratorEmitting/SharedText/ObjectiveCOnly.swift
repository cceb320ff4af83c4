import GeneratorDiagnostics

extension DeclarationText {
    /// `body` under `#if canImport(ObjectiveC)`, and elsewhere (Linux) an `#error` saying `message`
    /// at the schema's `location` instead of the compiler's errors inside generated code.
    package func printObjectiveCOnly(
        message: String, at location: SourceLocation, to printer: inout SwiftPrinter,
        _ body: (inout SwiftPrinter) -> Void
    ) {
        printer.line("#if canImport(ObjectiveC)")
        body(&printer)
        printer.line("#else")
        printer.embedded(Self.errorDirective(message, at: location), in: sourceFile)
        printer.line("#endif")
    }

    /// `#error(` and a multi-line literal of `message`, its lines joined by `\`, so that no line is
    /// longer than swift-format allows. The compiler reports the error at the literal's first
    /// line, so the directive's text starts a line before `location`.
    static func errorDirective(_ message: String, at location: SourceLocation) -> Located<String> {
        var lines: [String] = []
        var current = ""
        for word in message.split(separator: " ") {
            if !current.isEmpty, current.count + word.count + 1 > 96 {
                lines.append(current + " \\")
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        lines.append(current)
        let literal = lines.map { "    " + $0.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"") }
        let text = (["#error(", "    \"\"\""] + literal + ["    \"\"\"", ")"]).joined(separator: "\n")
        var start = location
        start.line = max(1, location.line - 1)
        return Located(text, at: start)
    }
}
