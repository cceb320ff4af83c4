import PublisherGeneratorCore
import Testing

/// A description becomes doc comments whatever line breaks it holds: Swift ends a `//` comment at a
/// carriage return as at a line feed, so a break the printer missed would turn the rest of the line
/// into code (found by the generative compile test).
@Suite struct DocCommentTests {
    static func publishers(description: String) throws -> String {
        let schema = """
            version: 1
            publishers:
              - { name: Tick, kind: periodic, output: Int, interval: 1, value: '1', description: "\(description)" }

            """
        let sink = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline(includeSupport: false).run(
            .source(bytes: Array(schema.utf8), path: "Clock.publishers.yaml"), through: .render, diagnostics: sink)
        #expect(outcome.succeeded, "\(sink.diagnostics)")
        return outcome.outputs.first?.contents ?? ""
    }

    /// YAML escapes for: carriage return, CR LF, line separator, paragraph separator, next line.
    @Test(arguments: [#"\r"#, #"\r\n"#, #"\u2028"#, #"\u2029"#, #"\u0085"#])
    func everyLineBreakStartsANewCommentLine(lineBreak: String) throws {
        let text = try Self.publishers(description: "first\(lineBreak)later")
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let second = lines.filter { $0.contains("later") }.map { $0.drop { $0 == " " } }
        // The publisher and the sequence, each with its type and its factory.
        #expect(second == ["/// later", "/// later", "/// later", "/// later"])
    }
}
