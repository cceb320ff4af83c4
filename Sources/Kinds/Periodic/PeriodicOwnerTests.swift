import GeneratorEmitting
import GeneratorModel

/// The tests `test:` asks for on a periodic declaration: the owner it makes, with its factory's
/// publisher on a `VirtualTimeScheduler` or sequence on a `ManualClock`, held as `lifetime:` says:
/// kept alive while subscribed or iterated (`keepsOwner`), or deallocated then, the stream ending
/// (`endsWithOwner`). Checked by the test support's `PeriodicOwnerChecks` and `TickSequenceOwnerChecks`.
struct PeriodicOwnerTests {
    let text: DeclarationText
    let dialect: TestDialect
    /// The interval literal the tests run with, in seconds.
    let interval: String
    let endsWithOwner: Bool

    /// The factory's arguments besides the scheduler or clock: the interval, when a parameter gives it.
    private var intervalArgument: String {
        guard case let .parameter(name) = periodicInterval,
            let parameter = text.declaration.parameters.first(where: { $0.name.value == name })
        else { return "" }
        switch parameter.label?.value {
        case "_": return ", \(interval)"
        case let label?: return ", \(label): \(interval)"
        case nil: return ", \(name): \(interval)"
        }
    }

    let periodicInterval: PeriodicInterval

    /// The Combine form's: printed inside the publisher's suite.
    func printPublisherTests(to printer: inout SwiftPrinter) {
        printMake(
            "makeOwnerTicks(_ scheduler: VirtualTimeScheduler) -> (owner: Any, watched: Bool, source: Subject)",
            factory: "\(text.factoryName(.combine))(scheduler: scheduler\(intervalArgument))", availability: nil,
            to: &printer)
        printer.blankLine()
        let checksType = PeriodicOwnerCheck.supportType
        printer.block("var ownerChecks: \(checksType)<Subject>") { printer in
            printer.call(
                checksType,
                arguments: ["drive: makeOwnerTicks", "interval: \(interval)", "report: \(dialect.reportFunctionName)"])
        }
        let check: PeriodicOwnerCheck =
            endsWithOwner ? .finishesWhenTheOwnerIsDeallocated : .keepsTheOwnerWhileSubscribed
        printer.checkTest(check, named: "owner" + capitalized(check.rawValue), in: dialect, on: "ownerChecks")
    }

    /// The async form's: printed inside the sequence's suite.
    func printSequenceTests(to printer: inout SwiftPrinter, scaffolding: SequenceScaffolding) {
        printMake(
            "makeOwnerTicks(_ clock: ManualClock) -> (owner: Any, watched: Bool, source: Subject)",
            factory: "\(text.factoryName(.async))(clock: clock\(intervalArgument))",
            availability: scaffolding.memberAvailability, to: &printer)
        printer.blankLine()
        if let availability = scaffolding.memberAvailability { printer.line(availability) }
        let checksType = TickSequenceOwnerCheck.supportType
        printer.block("var ownerChecks: \(checksType)<Subject, Subject.Failure>") { printer in
            printer.call(
                checksType,
                arguments: [
                    "drive: makeOwnerTicks", "failure: Subject.Failure.self", "interval: .seconds(\(interval))",
                    "report: \(dialect.reportFunctionName)",
                ])
        }
        let check: TickSequenceOwnerCheck =
            endsWithOwner ? .endsWhenTheOwnerIsDeallocated : .keepsTheOwnerWhileIterating
        scaffolding.checkTest(check, named: "owner" + capitalized(check.rawValue), on: "ownerChecks", &printer)
    }

    /// The function that makes a new owner as `test:` says, and its factory's stream; `watched`:
    /// whether its deallocation is found at once (on Linux, an owner that keeps the watch).
    private func printMake(
        _ signature: String, factory: String, availability: String?, to printer: inout SwiftPrinter
    ) {
        guard let drive = text.declaration.testDrive else { return }
        printer.blankLine()
        printer.line("/// A new owner as `test:` makes it, with its factory's stream, and whether its deallocation is")
        printer.line("/// found at once.")
        if let availability { printer.line(availability) }
        printer.block("func \(signature)") { printer in
            printer.embeddedDeclarations([.constant("owner", drive.owner)], in: text.sourceFile)
            // Only `endsWithOwner` asks whether the owner's deallocation is found at once.
            let watched = endsWithOwner ? "OwnerLifetime.watches(owner)" : "false"
            printer.line("return (owner, \(watched), owner.\(factory))")
        }
    }

    private func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
