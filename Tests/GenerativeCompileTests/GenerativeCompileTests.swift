import Foundation
import Testing

/// Every schema that validates generates code that compiles: random schemas within the language
/// (RandomSchemas), validated and generated as the CLI does (publishers, XCTest and Swift Testing
/// scaffolds, the support files), compiled in batches in Swift 6, Swift 5 and default-MainActor
/// modules with warnings as errors. Schemas that do not validate are counted, not failed.
///
/// Compiling takes minutes, so the pass runs only when `GENERATIVE_SCHEMAS` is set: CI runs a
/// bounded one, `GENERATIVE_SCHEMAS=5000 bash scripts/generative-compile.sh` a long one.
@Suite struct GenerativeCompileTests {
    static let settings = RunSettings.fromEnvironment()

    @Test(.enabled(if: settings.schemas > 0, "set GENERATIVE_SCHEMAS, see scripts/generative-compile.sh"))
    func everySchemaThatValidatesCompiles() async throws {
        let settings = Self.settings
        progress(
            "generative compile: \(settings.schemas) schemas in batches of \(settings.batchSize), seed \(settings.seed), "
                + "modes \(settings.modes.map(\.rawValue).joined(separator: ", ")), Swift Testing scaffolds in "
                + settings.swiftTestingModes.map(\.rawValue).joined(separator: ", "))
        var runner = BatchRunner(settings: settings, products: try BuildProducts.locate())
        let started = Date()
        var first = 0
        while first < settings.schemas {
            let count = min(settings.batchSize, settings.schemas - first)
            try await runner.batch(indexes: first..<(first + count))
            first += count
        }
        let tally = runner.tally
        progress(
            """
            generative compile: generated \(tally.generated), validated \(tally.validated), rejected \(tally.rejected) \
            (\(tally.rejectedOnPurpose) on purpose, \(tally.rejectedUnexpectedly) meant to be valid), compiled \
            \(tally.compiled), failed \(tally.failed), unverified \(tally.unverified), in \
            \(Int(Date().timeIntervalSince(started))) s
            """)
        for (reason, count) in tally.purposes.sorted(by: { $0.value > $1.value }) {
            progress("  rejected on purpose, \(count)×: \(reason)")
        }
        let reproduce =
            "reproduce with GENERATIVE_SEED=\(settings.seed) GENERATIVE_SCHEMAS=\(settings.schemas) "
            + "GENERATIVE_BATCH=\(settings.batchSize) bash scripts/generative-compile.sh"
        for failure in runner.failures { Issue.record("\(failure)\n\(reproduce)") }
        // Teeth: a pass where most schemas do not validate, or none compiles, proves little.
        #expect(tally.validated * 3 >= tally.generated * 2, "only \(tally.validated) of \(tally.generated) validate")
        #expect(tally.compiled > 0 || tally.validated == 0)
    }
}
