import GeneratorDiagnostics
import GeneratorModel

/// The tests a declaration's `test:` asks for, for its sequence: the sequence the owner's async
/// factory makes, consumed by `SequenceTestConsumer`, so that the schema's own `register`,
/// `unregister`, `next`, `value` and `event` run against the owner the schema names. Printed inside
/// the sequence's suite, after the tests that drive it from closures.
///
/// The consumer's task registers inside its first `next()` while the test reads `registrations`
/// and fires: a nonisolated owner must allow that from two threads (as a source that calls back
/// from any thread does); a main-actor owner is only touched on the main actor.
package struct OwnerDrivenSequenceTests {
    let text: DeclarationText
    let drive: TestDrive
    let sample: Sample
    let scaffolding: SequenceScaffolding
    /// Whether the owner's factory sends a current value first (`initial:`).
    var sendsInitialValue = false
    /// Whether the sequence holds its owner weakly and ends when it is deallocated.
    var endsWithOwner = false
    /// Whether each value is the owner itself: the lifetime check then sends none.
    var sendsTheOwner = false
    /// What else must be held weakly for the sequence to end with the owner (``OwnerDrivenTests``).
    var alsoWatched: [String] = []
    /// A push sequence's behaviour, which its scaffold resolved (``PushBehavior/forEventSequences``);
    /// `nil` for a pull sequence.
    var pushBehavior: PushBehavior? = nil

    package init(
        text: DeclarationText, drive: TestDrive, sample: Sample, scaffolding: SequenceScaffolding,
        sendsInitialValue: Bool = false, endsWithOwner: Bool = false, sendsTheOwner: Bool = false,
        pushBehavior: PushBehavior? = nil, alsoWatched: [String] = []
    ) {
        self.alsoWatched = alsoWatched
        self.endsWithOwner = endsWithOwner
        self.sendsTheOwner = sendsTheOwner
        self.text = text
        self.drive = drive
        self.sample = sample
        self.scaffolding = scaffolding
        self.sendsInitialValue = sendsInitialValue
        self.pushBehavior = pushBehavior
    }

    private var dialect: TestDialect { scaffolding.dialect }
    private var isMainActor: Bool { scaffolding.isMainActor }

    /// How the tests make the sequence.
    enum SequenceSource {
        /// The async factory, without arguments.
        case factory(String)
        /// The schema's `publisher:` with the Combine factory's name replaced by the async one's.
        case written(Located<String>)
    }

    package func print(to printer: inout SwiftPrinter) {
        guard let sequence = sequenceSource else {
            printer.blankLine()
            let note =
                "`test: publisher:` does not call `\(text.factoryName(.combine))`, so no sequence can be made from it: "
                + "only the publisher has owner-driven tests."
            for line in SwiftPrinter.wrapped(Substring(note), to: SwiftPrinter.docCommentWidth - 3) {
                printer.line("// " + line)
            }
            return
        }
        let isolation = samplesOnMainActor ? "@MainActor " : ""
        printer.blankLine()
        printer.line("/// A new owner as `test:` makes it, with its sequence and the schema's code on it.")
        if let availability = scaffolding.memberAvailability { printer.line(availability) }
        printer.block("\(isolation)func makeOwnerDrive() -> OwnerDrive<Subject, Subject.Element>") { printer in
            printArrangement(sequence: sequence, to: &printer)
        }
        printer.blankLine()
        switch text.declaration.source.delivery {
        case let .push(declared):
            let behavior = pushBehavior ?? declared
            let policy = PolicyScenario(behavior.whenNoDemand)
            let checksType = PushSequenceOwnerCheck.supportType
            printer.block("\(isolation)var ownerChecks: \(checksType)<Subject, Subject.Failure>") { printer in
                printer.call(
                    PushSequenceOwnerCheck.supportType,
                    arguments: [
                        "drive: makeOwnerDrive", "failure: Subject.Failure.self", "sample: sample",
                        "valuesEqual: \(sample.valuesEqual)", "whenNoDemand: \(policy.expectation)",
                        "start: .\(behavior.start.rawValue)",
                    ] + (sendsInitialValue ? ["sendsInitialValue: true"] : [])
                        + (endsWithOwner && sendsTheOwner ? ["sendsTheOwner: true"] : []) + [
                            "report: \(dialect.reportFunctionName)"
                        ])
            }
            let registersWhen = behavior.start == .onDemand ? "OnTheFirstNext" : "WhenItsIteratorIsMade"
            var runs = CheckRuns<PushSequenceOwnerCheck>(
                on: "ownerChecks", genericArguments: "Subject, Subject.Failure")
            runs.add(
                .registersAndUnregistersOnceOnCancel,
                named: "ownerSequenceRegisters\(registersWhen)AndUnregistersOnceOnCancel")
            runs.add(.unregistersWhenItsIteratorIsReleased, named: "ownerSequenceUnregistersWhenItsIteratorIsReleased")
            if drive.finish != nil {
                runs.add(.unregistersWhenTheSourceFinishes, named: "ownerSequenceUnregistersWhenTheSourceFinishes")
                runs.add(
                    .unregistersAtOnceWhenTheSourceFinishesWhileValuesAreKept,
                    named: "ownerSequenceUnregistersAtOnceWhenTheSourceFinishesWhileValuesAreKept")
            }
            if sendsInitialValue {
                runs.add(.sendsTheCurrentValueFirst, named: "ownerSequenceSendsTheCurrentValueFirst")
            }
            if endsWithOwner {
                runs.add(.endsWhenTheOwnerIsDeallocated, named: "ownerSequenceEndsWhenTheOwnerIsDeallocated")
            }
            scaffolding.checkTests(runs, &printer)
        case .pull:
            let checksType = PullSequenceOwnerCheck.supportType
            printer.block("\(isolation)var ownerChecks: \(checksType)<Subject, Subject.Failure>") { printer in
                printer.call(
                    PullSequenceOwnerCheck.supportType,
                    arguments: [
                        "drive: makeOwnerDrive", "failure: Subject.Failure.self",
                        "report: \(dialect.reportFunctionName)",
                    ])
            }
            var runs = CheckRuns<PullSequenceOwnerCheck>(
                on: "ownerChecks", genericArguments: "Subject, Subject.Failure")
            runs.add(.isPulledOncePerNextAndNeverAhead, named: "ownerSequenceIsPulledOncePerNextAndNeverAhead")
            runs.add(.isNotPulledByACancelledTask, named: "ownerSequenceIsNotPulledByACancelledTask")
            scaffolding.checkTests(runs, &printer)
        }
    }

    private var samplesOnMainActor: Bool { scaffolding.samplesOnMainActor }

    /// `nil` when `publisher:` does not call the Combine factory, so no sequence can be made from it.
    var sequenceSource: SequenceSource? {
        let asyncFactory = text.factoryName(.async)
        guard let publisher = drive.publisher else {
            return .factory("\(text.factoryReceiverInTests).\(asyncFactory)()")
        }
        return text.sequenceCall(renaming: publisher).map { .written($0) }
    }

    private func printArrangement(sequence: SequenceSource, to printer: inout SwiftPrinter) {
        var declarations = [EmbeddedDeclaration.constant("owner", drive.owner)]
        if case let .written(code) = sequence { declarations.append(.constant("sequence", code)) }
        printer.embeddedDeclarations(
            declarations + drive.localFunctions(value: "Subject.Element", isMainActor: isMainActor),
            in: text.sourceFile)
        if case let .factory(call) = sequence { printer.line("let sequence\(text.subjectAnnotation) = \(call)") }
        printer.blankLine()
        printer.lines(drive.ownerDrive(source: "sequence", passesOwner: endsWithOwner, alsoWatched: alsoWatched))
    }
}
