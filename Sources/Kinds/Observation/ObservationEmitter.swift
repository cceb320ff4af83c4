import GeneratorEmitting
import GeneratorModel

/// `kind: observation`: the publisher and sequence of the push kinds, attached through the
/// engine's `ObservedModelReads`, and a method on the model that evaluates the schema's `value`.
struct ObservationEmitter: KindEmitter {
    let text: DeclarationText
    let source: ObservationSource

    /// The Observation module's first releases: `withObservationTracking`.
    static let availability = "@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)"

    private var isMainActor: Bool { source.isolation == .mainActor }

    /// The owner's method that evaluates the schema's `value`: `publisherScoreValue()`.
    private var valueMethod: String { "publisher\(text.name)Value" }

    /// When the value is read and sent, for the documentation of both forms.
    private var readingPhrase: String {
        let first =
            source.first == .current
            ? "the current value is read and sent first, then the value after each change"
            : "the value after each change is sent (not the current value)"
        let whereRead =
            isMainActor
            ? "Values are read on the main actor: the first at once when attached on the main thread, by a hop "
                + "to it otherwise; after a change, in a later turn of the main queue than the one that made it, so "
                + "the change is stored and every change made in that turn is read as one value."
            : "The model is `Sendable` and may change on any thread: the first value is read on the attaching "
                + "thread, the others on a global queue after the change is announced; a value read while another "
                + "change is announced is dropped for the newer one, so the model must announce and store each change "
                + "under one lock."
        return "Tracks the model with `withObservationTracking`: \(first). \(whereRead) Tracking is registered "
            + "again in the same call that reads, so no change between two registrations is missed, and a value is "
            + "read once per reported change, so none is sent twice for one change. The model is held weakly; "
            + "after a cancel nothing more is read or sent."
    }

    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter) {
        for form in forms {
            switch form {
            case .combine:
                let behaviorDoc =
                    "Starts tracking \(text.startPhrase(source.behavior)) and stops at once on cancel. "
                    + "\(readingPhrase) \(text.noDemandPhrase(source.behavior))"
                PushPublisherStruct(text: text, behavior: source.behavior, behaviorDoc: behaviorDoc).print(to: &printer)
            case .async:
                let behaviorDoc =
                    "Each iteration starts tracking \(text.iterationStartPhrase(source.behavior)) and stops at once "
                    + "when the task awaiting `next()` is cancelled or the iterator is released. \(readingPhrase) "
                    + text.iterationNoDemandPhrase(source.behavior)
                PushSequenceStruct(text: text, behavior: source.behavior, behaviorDoc: behaviorDoc)
                    .print(to: &printer)
            }
            printer.blankLine()
        }
        text.printFactories(forms: forms, to: &printer, availability: Self.availability) { factory, printer in
            printAttach(to: &printer, typeName: factory.typeName)
            printer.line("\(factory.make)(attach: publisherAttach)")
        }
        printer.blankLine()
        printValueMethod(to: &printer, form: forms.first ?? .combine)
    }

    /// The function the engine calls to start tracking; it returns how to stop.
    private func printAttach(to printer: inout SwiftPrinter, typeName: String) {
        printer.attachFunction(typeName: typeName) { printer in
            let sendsCurrentValue = "sendsCurrentValue: \(source.first == .current)"
            let value = "model.\(valueMethod)()"
            printer.line("ObservedModelReads.attach(")
            printer.indented { printer in
                printer.line("\(isMainActor ? "onMainActor" : "anywhere"): self, \(sendsCurrentValue), send: send,")
                printer.line("track: { model, onChange in")
                printer.indented { printer in
                    printer.line("withObservationTracking({ \(value) }, onChange: onChange)")
                }
                if isMainActor {
                    printer.line("}")
                } else {
                    printer.line("},")
                    printer.line("read: { model in \(value) }")
                }
            }
            printer.line(")")
        }
    }

    /// The schema's `value`, evaluated on the model: a method, so that the factories' closures
    /// hold the model weakly and the code still reads the owner's members as its own.
    /// Its result is spelled as `form`'s type names it (`ScorePublisher.Output`): the output's
    /// spelling could name a member of the model inside its extension.
    private func printValueMethod(to printer: inout SwiftPrinter, form: EmittedForm) {
        let owner = text.owner ?? "Self"
        printer.topLevel("nonisolated extension \(owner)", availability: Self.availability) { printer in
            let code = source.value.value.contains("\n") ? "the schema's `value`" : "`\(source.value.value)`"
            printer.docComment(
                "The value \(text.typeName) sends: \(code), evaluated on this model. Every observable property it "
                    + "reads is tracked.")
            let isolation = isMainActor ? "@MainActor " : ""
            let result = "\(text.typeName(form)).\(text.elementName(form))"
            printer.block("\(isolation)fileprivate func \(valueMethod)() -> \(result)") {
                $0.embedded(source.value, in: text.sourceFile)
            }
        }
    }

    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        // `test:` drives the real model through the kind's own checks: Observation counts no
        // registrations, which the owner tests every push kind shares count.
        switch form {
        case .combine:
            let ownerTests = text.declaration.testDrive.map { drive in
                ObservationOwnerTests(text: text, source: source, drive: drive, sample: sample, dialect: dialect)
            }
            PushScaffold(
                text: text, behavior: source.behavior, sample: sample, dialect: dialect, isMainActor: isMainActor,
                kindOwnerTests: ownerTests.map { tests in { tests.print(to: &$0) } }, sharedOwnerTests: false
            ).print(to: &printer)
        case .async:
            PushSequenceScaffold(
                text: text, behavior: source.behavior, sample: sample, dialect: dialect, isMainActor: isMainActor,
                sharedOwnerTests: false
            ).print(to: &printer)
        }
    }
}
