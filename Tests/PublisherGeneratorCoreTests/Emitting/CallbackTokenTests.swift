import PublisherGeneratorCore
import Testing

/// An `unregister` that does not need the token (`removeAllObservers()`) left `let token` unused,
/// a warning, an error with warnings as errors (found by the generative compile test): the detach
/// function now captures it. An `unregister` that uses it is printed as before.
@Suite struct CallbackTokenTests {
    static func publishers(unregister: String) throws -> String {
        let schema = """
            version: 1
            publishers:
              - { name: Ticks, kind: callback, on: Clock, output: Int, register: "observe { send($0) }", unregister: "\(unregister)" }

            """
        let outcome = try GenerationPipeline(includeSupport: false).run(
            .source(bytes: Array(schema.utf8), path: "Clock.publishers.yaml"), through: .render,
            diagnostics: CollectingDiagnosticSink())
        return try #require(outcome.outputs.first?.contents)
    }

    /// The lines of `publisherDetach`'s body, without their indentation.
    static func detachBody(_ text: String) -> [String] {
        let lines = text.split(separator: "\n").map { String($0.drop { $0 == " " }) }
        guard let start = lines.firstIndex(of: "func publisherDetach() {") else { return [] }
        // Without the directives that map the schema's code to its lines.
        return Array(lines[(start + 1)...].prefix { $0 != "}" }).filter { !$0.hasPrefix("#sourceLocation") }
    }

    @Test func anUnregisterWithoutTheTokenStillCapturesIt() throws {
        let text = try Self.publishers(unregister: "removeAllObservers(tokenValue, self.token)")
        #expect(Self.detachBody(text) == ["_ = token", "removeAllObservers(tokenValue, self.token)"])
    }

    @Test func anUnregisterWithTheTokenIsPrintedAsWritten() throws {
        let text = try Self.publishers(unregister: "removeObserver(token)")
        #expect(Self.detachBody(text) == ["removeObserver(token)"])
    }
}
