import Foundation
import PublisherGeneratorCore
import RandomSchemas

/// Random schemas, validated, generated and compiled in batches; exits 1 when a schema that
/// validates does not compile, after printing it with the seed that makes it again.
@main
struct GenerativeCompile {
    static func main() throws {
        let settings = RunSettings.fromEnvironment()
        print(
            "generative compile: \(settings.schemas) schemas in batches of \(settings.batchSize), seed \(settings.seed), "
                + "modes \(settings.modes.map(\.rawValue).joined(separator: ", "))")
        var run = BatchRunner(settings: settings)
        let started = Date()
        var first = 0
        while first < settings.schemas {
            let count = min(settings.batchSize, settings.schemas - first)
            try run.batch(indexes: first..<(first + count))
            first += count
        }
        let tally = run.tally
        print(
            """

            generated \(tally.generated), validated \(tally.validated), rejected \(tally.rejected) \
            (\(tally.rejectedOnPurpose) on purpose), compiled \(tally.compiled), failed \(tally.failed), \
            unverified \(tally.unverified), in \(Int(Date().timeIntervalSince(started))) s
            """)
        if tally.rejectedUnexpectedly > 0 {
            print("note: \(tally.rejectedUnexpectedly) schemas meant to be valid were rejected (printed above)")
        }
        if tally.failed > 0 || tally.unverified > 0 {
            print("FAILED: reproduce with GENERATIVE_SEED=\(settings.seed) GENERATIVE_SCHEMAS=\(settings.schemas) GENERATIVE_BATCH=\(settings.batchSize)")
            exit(1)
        }
    }
}
