import Foundation
import PublisherGeneratorCore
import Testing

/// Large inputs validate completely. Speed is measured by the benchmarks, not asserted here; this
/// test proves 100,000 declarations are read, checked and counted without error.
@Suite struct ScaleTests {
    @Test func hundredThousandDeclarationsValidate() throws {
        var text = "version: 1\npublishers:\n"
        text.reserveCapacity(100_000 * 90)
        for index in 0..<100_000 {
            text += "  - { name: Tick\(index), kind: periodic, output: Int, interval: 1, value: \(index) }\n"
        }
        let clock = ContinuousClock()
        var outcome: SchemaLoader.Result?
        let elapsed = clock.measure {
            outcome = SchemaLoader().load(bytes: Array(text.utf8), path: "large.publishers.yaml")
        }
        #expect(outcome?.diagnostics.diagnostics.isEmpty == true)
        #expect(outcome?.files.first?.publishers.count == 100_000)
        print("validated 100,000 declarations in \(elapsed)")
    }

    @Test func everyErrorOfEveryDeclarationIsReported() {
        var text = "version: 1\npublishers:\n"
        for index in 0..<1_000 {
            text += "  - { name: Tick\(index), kind: periodic, output: Int, interval: 0, value: \(index) }\n"
        }
        let diagnostics = SchemaLoader().load(bytes: Array(text.utf8), path: "x.publishers.yaml").diagnostics
        #expect(diagnostics.errorCount == 1_000)
    }
}
