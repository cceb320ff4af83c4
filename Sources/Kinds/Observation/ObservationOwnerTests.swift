import GeneratorEmitting
import GeneratorModel

/// The tests an observation's `test:` adds to its publisher's suite, through the test support's
/// `ObservedOwnerChecks` and a real model: the current value at once, then one value per turn of
/// changes, read after the turn; nothing after a cancel; the model not kept. Observation counts no
/// registrations, so these replace the owner tests every push kind shares.
struct ObservationOwnerTests {
    let text: DeclarationText
    let source: ObservationSource
    let drive: TestDrive
    let sample: Sample
    let dialect: TestDialect

    private var availability: String { ObservationEmitter.availability }
    /// XCTest members say they are main-actor code; a main-actor Swift Testing suite says it once.
    private var isolation: String { dialect == .xctest ? "@MainActor " : "" }

    func print(to printer: inout SwiftPrinter) {
        guard let fire = drive.fire else { return }
        let file = text.sourceFile
        printer.blankLine()
        printer.line("/// A new model as `test:` makes it, with its publisher and the schema's `fire` on it.")
        printer.line(availability)
        // Static: the checks keep it as a main-actor function, which must not capture the suite.
        printer.block("@MainActor static func makeObservedDrive() -> ObservedOwnerDrive<Subject>") { printer in
            printer.block("let owner =", close: "}()") { $0.embedded(drive.owner, in: file) }
            if let publisher = drive.publisher {
                printer.block("let publisher =", close: "}()") { $0.embedded(publisher, in: file) }
            } else {
                printer.line("let publisher = owner.\(text.factoryName)()")
            }
            printer.block("@MainActor func fire(_ value: Subject.Output)") { $0.embedded(fire, in: file) }
            printer.line("return ObservedOwnerDrive(model: owner, publisher: publisher, fire: fire)")
        }
        printer.blankLine()
        printer.line(availability)
        printer.block("\(isolation)var observedChecks: ObservedOwnerChecks<Subject>") { printer in
            printer.call(
                "ObservedOwnerChecks",
                arguments: [
                    "drive: Self.makeObservedDrive", "sample: sample",
                    "valuesEqual: \(sample.isEquatable ? "(==)" : "nil")",
                    "sendsCurrentValue: \(source.first == .current)", "report: \(dialect.reportClosure)",
                ])
        }
        for check in ["sendsTheValueAfterEachTurnOfChanges", "stopsAtOnceOnCancelAndKeepsNoModel"] {
            let name = "owner" + check.prefix(1).uppercased() + check.dropFirst()
            printer.blankLine()
            let (attributes, head) = dialect.asyncTest(name, onMainActor: true, availability: availability)
            printer.line(attributes ?? availability)
            printer.block(head) { $0.line("await observedChecks.\(check)()") }
        }
    }
}
