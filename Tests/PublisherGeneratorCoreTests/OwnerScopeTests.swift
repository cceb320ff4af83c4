import PublisherGeneratorCore
import Testing

/// Code printed inside the owner's extension names the output through the publisher type: there a
/// nested type of the owner (`Clock.State`) would win over the type the schema's `output` means,
/// which `typealias Output` resolves at file scope (found by the generative compile test).
@Suite struct OwnerScopeTests {
    @Test func periodicValueFunctionReturnsThePublishersOutput() throws {
        let schema = """
            version: 1
            publishers:
              - { name: Tick, kind: periodic, on: Clock, output: State, interval: 1, value: currentState() }

            """
        let sink = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline(includeSupport: false).run(
            .source(bytes: Array(schema.utf8), path: "Clock.publishers.yaml"), through: .render, diagnostics: sink)
        let text = try #require(outcome.outputs.first?.contents)
        #expect(text.contains("func publisherValue() -> TickPublisher.Output {"))
        #expect(!text.contains("-> State"))
    }
}
