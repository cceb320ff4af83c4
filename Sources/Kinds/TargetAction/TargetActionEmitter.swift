import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel

/// `kind: targetAction`: a sender following the target/action pattern. The factory takes the
/// `event` (but for AppKit senders, which have one action); `value` runs for each event in a
/// function that has the `sender`. The sender's API (`sender:`) picks how the target is added, and
/// its isolation (`isolation:`) where: main-actor senders get their target added and removed on the
/// main actor through `MainActorTargetAttachment`.
struct TargetActionEmitter: KindEmitter {
    let text: DeclarationText
    let source: TargetActionSource

    private var owner: String { text.owner ?? "Self" }
    /// The sender's type inside the generated types: the generic parameter when they send the
    /// receiver's own type (`output: Self` without `value`), the owner otherwise.
    /// An owner named like one of the types' own names (`Failure`) through a typealias outside them.
    var senderType: String { text.receiverParameter ?? text.insideName(of: owner, role: "Sender") }
    /// The sender's type in the factories: `Self` in the receiver protocol's extension.
    var factorySenderType: String { text.receiverParameter == nil ? owner : "Self" }
    var isMainActor: Bool { source.isolation == .mainActor }
    /// The type of the `value` function, returning `output`: main-actor code for a main-actor sender.
    func valueFunctionType(output: String) -> String {
        "\(isMainActor ? "@MainActor " : "")(\(senderType)) -> \(output)"
    }
    /// Whether the `value` function may be left out (`nil`, the default): the target then sends the
    /// schema's `value`, calling its method on the sender, or the sender itself. The factories pass
    /// none, so that an event costs no call of a function handed to the target. Not with factory
    /// parameters and a `value`: the function the factory passes then holds the parameters.
    var valueDefaults: Bool { text.declaration.parameters.isEmpty || source.value == nil }
    /// The schema's `value` as a method of the sender, when the declaration has no parameters: what
    /// names its calls (``printFactories(forms:to:)`` prints it).
    func valueMethod() -> SchemaCodeFunction {
        SchemaCodeFunction(role: "ActionValue", summary: "", result: "", code: [source.value, source.initial]) { _ in }
    }
    /// The value sent for an event of `sender` (an expression naming it).
    func valueExpression(of sender: String) -> String {
        guard valueDefaults else { return "value(\(sender))" }
        let defaultValue = source.value == nil ? sender : "\(sender).\(text.call(valueMethod(), leading: [sender]))"
        return "value?(\(sender)) ?? \(defaultValue)"
    }
    /// The type of the stored or passed `value`: optional where it defaults.
    func storedValueType(output: String) -> String {
        valueDefaults ? "(\(valueFunctionType(output: output)))?" : valueFunctionType(output: output)
    }
    /// The type of the `value` parameter of an initializer: escaping where it does not default.
    func passedValueType(output: String) -> String {
        valueDefaults ? storedValueType(output: output) : "@escaping " + valueFunctionType(output: output)
    }
    /// `event: Type = .default`, for the senders that take events.
    var eventParameter: String? { eventParameter(type: \.value) }

    /// ``eventParameter`` as the initializers inside the generated types take it: an event type
    /// named like one of their own names through a typealias outside them.
    private var insideEventParameter: String? {
        eventParameter { text.insideName(of: $0.value, role: "Event") }
    }

    /// `event: Type = .default`, with the event type as `type` spells it.
    private func eventParameter(type: (Located<String>) -> String) -> String? {
        source.events.map { events in
            "event: \(type(events.type))" + (events.defaultEvent.map { " = \($0.value)" } ?? "")
        }
    }

    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter) {
        guard !source.api.isNative else { return printDeclarationText(forms: forms, to: &printer) }
        // A UIKit or AppKit sender's target is an @objc NSObject (or the shared forwarder): without
        // the Objective-C runtime, one error at the schema's line, saying what to write, instead of
        // errors inside generated code.
        let sender =
            source.api == .uikit ? "a UIKit sender ('sender: uikit', the default)" : "a '\(source.api.rawValue)' sender"
        text.printObjectiveCOnly(
            message: "publisher '\(text.name)' has \(sender), whose target needs the Objective-C runtime, which this "
                + "platform lacks; for a Swift-native sender, write 'sender: native'",
            at: text.declaration.kindLocation, to: &printer
        ) { printDeclarationText(forms: forms, to: &$0) }
    }

    private func printDeclarationText(forms: [EmittedForm], to printer: inout SwiftPrinter) {
        if text.receiverParameter == nil { text.printOutsideAlias(of: owner, role: "Sender", to: &printer) }
        if let events = source.events { text.printOutsideAlias(of: events.type.value, role: "Event", to: &printer) }
        guard let first = forms.first else { return }
        for form in forms {
            switch form {
            case .combine:
                PushPublisherStruct(text: text, behavior: source.behavior, behaviorDoc: behaviorDoc).print(to: &printer)
            case .async:
                PushSequenceStruct(
                    text: text, behavior: source.behavior.forEventSequences, behaviorDoc: iterationBehaviorDoc
                )
                .print(to: &printer)
            }
            printer.blankLine()
            printer.topLevel("nonisolated extension \(text.typeName(form))") { printInitializer(form, to: &$0) }
            printer.blankLine()
        }
        if text.pushFormIsEngineType { printTagMembers(first: first, to: &printer) }
        printFactories(forms: forms, to: &printer)
    }

    private var behaviorDoc: String {
        let behavior = source.behavior
        let adds =
            source.api.hasSingleSlot
            ? "Adds a handler to the control's action \(text.startPhrase(behavior)) (the control's own target "
                + "and action keep working)"
            : "Adds a target to its sender \(text.startPhrase(behavior))"
        let isolation =
            isMainActor
            ? "; adding and removing run on the main actor (at once on the main thread, by a hop to it otherwise; "
                + "a cancel before the hop means nothing is added), and values are sent on the main thread. "
            : ". "
        return adds + " and removes it exactly once on cancel or when the subscription is released" + isolation
            + lifetimePhrase(ending: "finishes") + receiverPhrase + initialPhrase + text.noDemandPhrase(behavior)
    }

    private var iterationBehaviorDoc: String {
        let behavior = source.behavior
        let adds =
            source.api.hasSingleSlot
            ? "Each iteration adds a handler to the control's action \(text.iterationStartPhrase(behavior)) (the "
                + "control's own target and action keep working)"
            : "Each iteration adds a target to its sender \(text.iterationStartPhrase(behavior))"
        let isolation =
            isMainActor
            ? "; adding and removing run on the main actor (at once on the main thread, by a hop to it otherwise; "
                + "an end before the hop means nothing is added). "
            : ". "
        return adds
            + " and removes it exactly once: when the task awaiting `next()` is cancelled or the iterator is released"
            + isolation + lifetimePhrase(ending: "ends") + receiverPhrase + initialPhrase
            + text.iterationNoDemandPhrase(behavior.forEventSequences)
    }

    /// Whether the streams end with their sender: not when a `value` or `initial` with factory
    /// parameters is a function that holds it (``printFactories(forms:to:)``).
    private var endsWithSender: Bool {
        text.declaration.parameters.isEmpty || (source.value == nil && source.initial == nil)
    }

    /// How the stream ends with its sender, for the documentation of both forms: every sender is a
    /// control or a view, which a stream should not outlive. A Swift-native sender is held weakly
    /// only where its deallocation is found at once (`OwnerHold`).
    private func lifetimePhrase(ending: String) -> String {
        guard endsWithSender else { return "The stream holds its sender until it ends. " }
        let held =
            source.api.isNative
            ? "The sender is held weakly where its deallocation is found at once (with the Objective-C runtime; "
                + "without it, when the sender conforms to `LifetimeAnchoring`), strongly until the stream ends "
                + "otherwise. Held weakly, once it is deallocated"
            : "The sender is held weakly: once it is deallocated"
        return held + " the stream \(ending), after the values kept for it, and nothing more is sent. "
    }

    /// What `output: Self` without `value` adds to the documentation: the sender is sent as its own
    /// type.
    private var receiverPhrase: String {
        guard let parameter = text.receiverParameter, let owner = text.owner else { return "" }
        return "The sender itself is sent, as its own type `\(parameter)`: `\(owner)`, or the subclass whose "
            + "factory made it. "
    }

    /// What `initial:` adds to the documentation: the current value, sent first.
    private var initialPhrase: String {
        guard source.initial != nil else { return "" }
        return text.initialValuePhrase(
            isMainActor: isMainActor, after: "adding", thread: "adding", value: "the sender's current value",
            anyLater: "any event", oneLater: "an event sent")
    }

    private func printInitializer(_ form: EmittedForm, to printer: inout SwiftPrinter) {
        let onMainActor = isMainActor ? " The target is added and removed on the main actor." : ""
        let noun = form == .combine ? "publisher" : "sequence"
        let holder =
            form == .combine
            ? "subscription holds it and removes it when cancelled or released"
            : "iteration holds it and removes it when it ends"
        var parameters = ["sender: \(senderType)"]
        var parameterDocs = ["///   - sender: The control that sends the action."]
        if source.api.hasSingleSlot {
            printer.docComment(
                "Creates the \(noun) for the action of `sender`. A handler is added to the control's action and "
                    + "removed on the main actor; the control's own target and action keep working.")
        } else if let eventParameter = insideEventParameter {
            printer.docComment(
                "Creates the \(noun) for `event` of `sender`.\(onMainActor) The sender holds the target weakly; the "
                    + "\(holder).")
            parameters.append(eventParameter)
            parameterDocs.append("///   - event: The event to observe.")
        } else {
            printer.docComment(
                "Creates the \(noun) for the action of `sender`.\(onMainActor) The sender holds the target weakly; "
                    + "the \(holder).")
        }
        let output = text.elementName(form)
        if source.initial != nil {
            parameters.append("initial: @escaping \(valueFunctionType(output: output))")
            parameterDocs.append(
                "///   - initial: The value to send first, right after adding the target, given the sender.")
        }
        parameters.append("value: \(passedValueType(output: output))" + (valueDefaults ? " = nil" : ""))
        if valueDefaults {
            let sent = source.value == nil ? "the sender itself" : "the schema's `value`"
            parameterDocs.append(
                "///   - value: The value to send for each event, given the sender; by default \(sent).")
        } else {
            parameterDocs.append("///   - value: The value to send for each event, given the sender.")
        }
        printer.line("///")
        printer.line("/// - Parameters:")
        parameterDocs.forEach { printer.line($0) }
        printer.signature("\(text.access)init", parameters) { printer in
            guard text.pushFormIsEngineType else {
                let initializer = form == .combine ? "self.init(hold: .weak)" : "self.init"
                printer.closure(initializer, parameters: attachmentClosureParameters) { printAttachment(to: &$0) }
                return
            }
            // Both forms' attachments come from the tag, made where the output is known; the
            // initializer's parameters go on to it by their names.
            let passed = attachmentParameters(output: output).map(\.name)
            text.printPushFactoryCall(
                "self.init", arguments: form == .combine ? ["hold: .weak"] : [],
                attach: "\(text.sourceTagName).\(attachmentFunction)", attachArguments: passed.map { "\($0): \($0)" },
                parameters: passed, to: &printer)
        }
    }

    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        switch form {
        case .combine:
            PushScaffold(
                text: text, behavior: source.behavior, sample: sample, dialect: dialect, isMainActor: isMainActor,
                sendsInitialValue: source.initial != nil, endsWithOwner: endsWithSender,
                sendsTheOwner: source.value == nil
            ).print(to: &printer)
        case .async:
            PushSequenceScaffold(
                text: text, behavior: source.behavior.forEventSequences, sample: sample, dialect: dialect,
                isMainActor: isMainActor,
                sendsInitialValue: source.initial != nil, endsWithOwner: endsWithSender,
                sendsTheOwner: source.value == nil
            ).print(to: &printer)
        }
    }
}
