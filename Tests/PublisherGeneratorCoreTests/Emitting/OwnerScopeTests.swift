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

/// A parameter whose label is its own name is printed once: `interval interval: Double` is a
/// warning, an error with warnings as errors (found by the generative compile test).
@Suite struct ParameterLabelTests {
    @Test func aLabelEqualToTheNameIsLeftOut() throws {
        let schema = """
            version: 1
            publishers:
              - name: Tick
                kind: periodic
                output: Int
                interval: 1
                value: '1'
                parameters:
                  - { name: interval, label: interval, type: Double }
                  - { name: count, label: times, type: Int }

            """
        let outcome = try GenerationPipeline(includeSupport: false).run(
            .source(bytes: Array(schema.utf8), path: "Clock.publishers.yaml"), through: .render,
            diagnostics: CollectingDiagnosticSink())
        let text = try #require(outcome.outputs.first?.contents)
        #expect(text.contains("    interval: Double,\n"))
        #expect(text.contains("    times count: Int\n"))
        #expect(!text.contains("interval interval"))
    }
}
