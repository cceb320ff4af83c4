extension DeclarationText {
    /// `body` under `#if canImport(ObjectiveC)`, and elsewhere (Linux) an `#error` saying `message`
    /// at the schema's `location` instead of the compiler's errors inside generated code.
    func printObjectiveCOnly(
        message: String, at location: SourceLocation, to printer: inout SwiftPrinter,
        _ body: (inout SwiftPrinter) -> Void
    ) {
        printer.line("#if canImport(ObjectiveC)")
        body(&printer)
        printer.line("#else")
        let literal = message.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        printer.embedded(Located("#error(\"\(literal)\")", at: location), in: sourceFile)
        printer.line("#endif")
    }
}
