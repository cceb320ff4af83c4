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
            + "read once per reported change, so none is sent twice for one change. The model is held weakly: once "
            + "it is deallocated the stream ends, after the values kept for it, and nothing more is sent; after a "
            + "cancel nothing more is read or sent."
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
        guard let first = forms.first else { return }
        // Qualified: in the owner's extension a nested type of the owner could take the name.
        let typeName = text.typeName(first)
        let value = valueFunction(output: "\(typeName).\(text.elementName(first))")
        let attach = attachFunction(typeName: typeName, value: value)
        text.printFactories(
            forms: forms, to: &printer, availability: Self.availability, schemaCode: [value, attach]
        ) { factory, printer in
            text.printPushFactoryCall(
                factory.make, attach: text.call(attach), parameters: text.parameterNames, to: &printer)
        }
    }

    /// The schema's `value`, printed once: a method of the model, so that the engine's closures hold
    /// the model weakly and call it on the model they hold, and the code reads the model's members
    /// as its own. On the main actor for a main-actor model.
    private func valueFunction(output: String) -> SchemaCodeFunction {
        let code = source.value.value.contains("\n") ? "the schema's `value`" : "`\(source.value.value)`"
        return SchemaCodeFunction(
            role: "ObservedValue",
            summary: "The value sent: \(code), evaluated on this model. Every observable property it reads is "
                + "tracked.",
            result: output, isolation: isMainActor ? "@MainActor " : "", code: [source.value]
        ) { printer in
            printer.embedded(source.value, in: text.sourceFile)
        }
    }

    /// The function the engine calls to start tracking, printed once and called by the factory of
    /// each form: it returns a closure that holds the model weakly, so that neither the publisher or
    /// sequence nor a subscription or iteration not yet attached keeps it alive, and that starts
    /// tracking and returns how to stop (or finishes at once, for a model already gone).
    private func attachFunction(typeName: String, value: SchemaCodeFunction) -> SchemaCodeFunction {
        SchemaCodeFunction(
            role: "Attach",
            summary: "What starts tracking for one consumer: reads the value (`\(text.name(of: value))`) where "
                + "the model lives, with `withObservationTracking`, sends it, and reads it again after each "
                + "change; returns how to stop. It holds the model weakly; once the model is deallocated the "
                + "stream finishes. The factory of each form hands it to its type.",
            result: "\(typeName).Attach", code: [source.value]
        ) { printer in
            let sendsCurrentValue = "sendsCurrentValue: \(source.first == .current)"
            let read = "model.\(text.name(of: value))()"
            printer.line("return { [weak self] send, finish, _ in")
            printer.indented { printer in
                printer.lines(
                    """
                    // The model went before the stream attached: the stream has ended.
                    guard let self else {
                        finish()
                        return {}
                    }
                    return ObservedModelReads.attach(
                    """)
                printer.indented { printer in
                    printer.line(
                        "\(isMainActor ? "onMainActor" : "anywhere"): self, \(sendsCurrentValue), send: send, finish: finish,"
                    )
                    printer.line("track: { model, onChange in")
                    printer.indented { printer in
                        printer.line("withObservationTracking({ \(read) }, onChange: onChange)")
                    }
                    if isMainActor {
                        printer.line("}")
                    } else {
                        printer.line("},")
                        printer.line("read: { model in \(read) }")
                    }
                }
                printer.line(")")
            }
            printer.line("}")
        }
    }

    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        // `test:` drives the real model through the kind's own checks: Observation counts no
        // registrations, which the owner tests every push kind shares count. A sequence is made
        // from `publisher:` renamed, so only when that calls the publisher's factory.
        let ownerTests = text.declaration.testDrive.flatMap { drive -> ObservationOwnerTests? in
            if form == .async, let publisher = drive.publisher, text.sequenceCall(renaming: publisher) == nil {
                return nil
            }
            return ObservationOwnerTests(
                text: text, source: source, drive: drive, sample: sample, dialect: dialect, form: form)
        }
        let printOwnerTests = ownerTests.map { tests in { (printer: inout SwiftPrinter) in tests.print(to: &printer) } }
        switch form {
        case .combine:
            PushScaffold(
                text: text, behavior: source.behavior, sample: sample, dialect: dialect, isMainActor: isMainActor,
                kindOwnerTests: printOwnerTests, sharedOwnerTests: false
            ).print(to: &printer)
        case .async:
            PushSequenceScaffold(
                text: text, behavior: source.behavior, sample: sample, dialect: dialect, isMainActor: isMainActor,
                kindOwnerTests: printOwnerTests, sharedOwnerTests: false
            ).print(to: &printer)
        }
    }
}
