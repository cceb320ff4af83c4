import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel

/// The tests an observation's `test:` adds to the suite of each form, through the test support's
/// `ObservedOwnerChecks` (the publisher) or `ObservedSequenceOwnerChecks` (the sequence) and a
/// real model: the current value first, then the value after each change (one per turn of changes
/// for a main-actor model; for a `Sendable` one, the changes made while a value is delivered read
/// as one), nothing after a cancel, the model not kept. Observation counts no registrations, so
/// these replace the owner tests every push kind shares.
struct ObservationOwnerTests {
    let text: DeclarationText
    let source: ObservationSource
    let drive: TestDrive
    let sample: Sample
    let dialect: TestDialect
    let form: EmittedForm

    private var availability: String { ObservationEmitter.availability }
    private var isMainActor: Bool { source.isolation == .mainActor }
    private var sendsCurrentValue: Bool { source.first == .current }
    /// The checks run on the main actor, which changes the model. A main-actor Swift Testing suite
    /// says so once; XCTest members and those of other suites say it each.
    private var isolation: String { dialect == .xctest || !isMainActor ? "@MainActor " : "" }

    /// The test support's drive and checks of the form, and what the suite calls them.
    private var driveType: String {
        form == .combine ? "ObservedOwnerDrive<Subject>" : "ObservedSequenceDrive<Subject>"
    }
    private var checksType: String {
        form == .combine
            ? "\(ObservedOwnerCheck.supportType)<Subject>"
            : "\(ObservedSequenceOwnerCheck.supportType)<Subject, Subject.Failure>"
    }
    private var checksName: String { form == .combine ? "observedChecks" : "observedSequenceChecks" }
    private var driveName: String { form == .combine ? "makeObservedDrive" : "makeObservedSequenceDrive" }

    /// The checks of the declaration.
    private var checks: [any SupportChecks] {
        switch form {
        case .combine:
            typealias Check = ObservedOwnerCheck
            let changes: [Check] =
                isMainActor
                ? [.sendsTheValueAfterEachTurnOfChanges]
                : [.sendsTheValueAfterEachChange, .coalescesTheChangesMadeWhileAValueIsDelivered]
            return [Check.sendsTheCurrentValueFirst] + changes
                + [Check.stopsAtOnceOnCancelAndKeepsNoModel, Check.finishesWhenTheModelIsDeallocated]
        case .async:
            typealias Check = ObservedSequenceOwnerCheck
            // The checks of changes need the current value first, to know tracking is registered, and
            // a policy that keeps a value sent while the consumer's task does not await.
            let current: [Check] = sendsCurrentValue ? [.firstNextReturnsTheCurrentValue] : []
            let changes: [Check] =
                sendsCurrentValue && PolicyScenario(source.behavior.whenNoDemand).keepsValues
                ? [isMainActor ? .nextReturnsTheValueAfterEachTurnOfChanges : .nextReturnsTheValueAfterEachChange] : []
            // Ending with the model needs the current value too, to know the iteration started.
            let lifetime: [Check] = sendsCurrentValue ? [.endsWhenTheModelIsDeallocated] : []
            return current + changes + [Check.cancellingReturnsNilAndKeepsNoModel] + lifetime
        }
    }

    func print(to printer: inout SwiftPrinter) {
        guard let fire = drive.fire else { return }
        printDrive(fire: fire, to: &printer)
        printer.blankLine()
        printer.line(availability)
        printer.block("\(isolation)var \(checksName): \(checksType)") { printer in
            let common = [
                "drive: Self.\(driveName)", "sample: sample", "valuesEqual: \(sample.valuesEqual)",
                "sendsCurrentValue: \(sendsCurrentValue)", "readsOnMainActor: \(isMainActor)",
            ]
            let policy = PolicyScenario(source.behavior.whenNoDemand)
            let arguments =
                form == .combine
                ? common
                : [common[0], "failure: Subject.Failure.self"] + common.dropFirst()
                    + ["whenNoDemand: \(policy.expectation)", "start: .\(source.behavior.start.rawValue)"]
            printer.call(
                String(checksType.prefix { $0 != "<" }),
                arguments: arguments + ["report: \(dialect.reportFunctionName)"])
        }
        // Swift Testing runs them through one parameterized test (``CheckRuns``).
        if dialect == .swiftTesting, checks.count > 1 {
            switch form {
            case .combine: printParameterizedTest(checks.compactMap { $0 as? ObservedOwnerCheck }, to: &printer)
            case .async: printParameterizedTest(checks.compactMap { $0 as? ObservedSequenceOwnerCheck }, to: &printer)
            }
            return
        }
        for check in checks {
            let name = "owner" + check.rawValue.prefix(1).uppercased() + check.rawValue.dropFirst()
            printer.blankLine()
            let (attributes, head) = dialect.asyncTest(name, onMainActor: true, availability: availability)
            printer.line(attributes ?? availability)
            let mainActorHead = dialect == .swiftTesting && !isMainActor ? "@MainActor \(head)" : head
            printer.block(mainActorHead) { $0.line("await \(checksName).\(check.call())") }
        }
    }

    /// The Swift Testing test that runs `checks` on the main actor, which changes the model: a
    /// main-actor suite says so once; another suite's test says it itself.
    private func printParameterizedTest<Check: SupportChecks>(_ checks: [Check], to printer: inout SwiftPrinter) {
        let runs = CheckRuns(
            on: checksName, genericArguments: form == .combine ? "Subject" : "Subject, Subject.Failure", checks)
        printer.parameterizedCheckTest(
            runs, awaited: true, attributes: availability, isolation: isMainActor ? "" : "@MainActor ")
    }

    /// A static function that makes a new model as `test:` says, with its publisher or sequence and
    /// the schema's `fire` on it. Static: the checks keep it as a main-actor function, which must not
    /// capture the suite.
    private func printDrive(fire: Located<String>, to printer: inout SwiftPrinter) {
        let file = text.sourceFile
        let made = form == .combine ? "publisher" : "sequence"
        printer.blankLine()
        printer.line("/// A new model as `test:` makes it, with its \(made) and the schema's `fire` on it.")
        printer.line(availability)
        printer.block("@MainActor static func \(driveName)() -> \(driveType)") { printer in
            // `publisher:` calls the publisher's factory; the sequence's is the same call, renamed (the
            // emitter prints no sequence tests for a `publisher:` that calls no factory).
            let call = form == .combine ? drive.publisher : drive.publisher.flatMap(text.sequenceCall(renaming:))
            let written = call.map { [EmbeddedDeclaration.constant(made, $0)] } ?? []
            let fireHead = "@MainActor func fire(_ value: Subject.\(form == .combine ? "Output" : "Element"))"
            printer.embeddedDeclarations(
                [.constant("owner", drive.owner)] + written + [.function(fireHead, fire)], in: file)
            if call == nil { printer.line("let \(made) = owner.\(text.factoryName(form))()") }
            printer.line("return \(String(driveType.prefix { $0 != "<" }))(model: owner, \(made): \(made), fire: fire)")
        }
    }
}
