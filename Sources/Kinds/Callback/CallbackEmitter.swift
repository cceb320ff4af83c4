import GeneratorEmitting
import GeneratorModel

/// `kind: callback`: a registration API. `register` runs inside a function that has `send`,
/// `finish` and `fail`; its value is the token `unregister` gets back.
struct CallbackEmitter: KindEmitter {
    let text: DeclarationText
    let source: CallbackSource

    private var isMainActor: Bool { source.isolation == .mainActor }
    /// Whether the streams hold the owner weakly and finish when it is deallocated
    /// (`lifetime: endsWithOwner`).
    private var endsWithOwner: Bool { source.lifetime == .endsWithOwner }

    /// The name of a local around the schema's code that none of it mentions.
    private func local(_ base: String) -> String {
        text.localName(base, around: [source.register, source.unregister, source.initial])
    }

    /// What `isolation: mainActor` and `initial:` add to the documentation.
    private var isolationAndInitialPhrase: String {
        let onMainActor =
            isMainActor
            ? "Registering and unregistering run on the main actor (at once on the main thread, by a hop to it "
                + "otherwise; an end before the hop means nothing is registered). "
            : ""
        guard source.initial != nil else { return onMainActor }
        return onMainActor
            + text.initialValuePhrase(
                isMainActor: isMainActor, after: "registering", thread: "registering", value: "the current value",
                anyLater: "any value the source reports", oneLater: "a value the source reports")
    }

    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter) {
        // Only what the declaration does: without `unregister` nothing is removed from the source.
        let registers = "Registers with its source \(text.startPhrase(source.behavior))"
        for form in forms {
            switch form {
            case .combine:
                let registration =
                    source.unregister == nil
                    ? "\(registers); there is no unregistering, so the registration lives until the source calls "
                        + "back, and a cancelled subscription ignores it."
                    : "\(registers) and unregisters exactly once, when the source ends or on cancel."
                let behaviorDoc =
                    "\(registration) \(isolationAndInitialPhrase)\(lifetimePhrase(ending: "finishes"))"
                    + text.noDemandPhrase(source.behavior)
                PushPublisherStruct(text: text, behavior: source.behavior, behaviorDoc: behaviorDoc).print(to: &printer)
            case .async:
                let registration =
                    source.unregister == nil
                    ? "Each iteration registers with the source \(text.iterationStartPhrase(source.behavior)); there "
                        + "is no unregistering, so the registration lives until the source calls back, and an ended "
                        + "iteration ignores it."
                    : "Each iteration registers with the source \(text.iterationStartPhrase(source.behavior)) and "
                        + "unregisters exactly once: when the source ends, when the task awaiting `next()` is "
                        + "cancelled, or when the iterator is released."
                let behaviorDoc =
                    "\(registration) \(isolationAndInitialPhrase)\(lifetimePhrase(ending: "ends"))"
                    + text.iterationNoDemandPhrase(source.behavior.forEventSequences)
                PushSequenceStruct(text: text, behavior: source.behavior.forEventSequences, behaviorDoc: behaviorDoc)
                    .print(to: &printer)
            }
            printer.blankLine()
        }
        guard let first = forms.first else { return }
        let attach = attachFunction(typeName: text.genericTypeName(first), element: text.elementName(first))
        text.printFactories(forms: forms, to: &printer, schemaCode: [attach]) { factory, printer in
            guard endsWithOwner else {
                return text.printPushFactoryCall(
                    factory.make, attach: text.call(attach), parameters: text.parameterNames, to: &printer)
            }
            // The owner through an `OwnerHold`: the attach function, which holds it, is made from
            // the owner the hold still has when a consumer starts, and dropped once it has run.
            text.printPushFactoryCall(
                factory.make, attach: "OwnedSourceAttachment.attach(OwnerHold(self)) { $0.\(text.call(attach)) }",
                parameters: text.parameterNames, to: &printer)
        }
    }

    /// How the streams end with their owner, for the documentation of both forms.
    private func lifetimePhrase(ending: String) -> String {
        guard endsWithOwner else { return "" }
        let unregisters =
            source.unregister == nil
            ? "" : " Nothing is unregistered then: the owner's registrations went with it."
        return "The owner is held weakly where its deallocation is found at once (with the Objective-C runtime; "
            + "without it, when the owner conforms to `LifetimeAnchoring`), strongly until the stream ends otherwise. "
            + "Held weakly, once it is deallocated the stream \(ending), after the values kept for it, and nothing "
            + "more is sent.\(unregisters) "
    }

    /// The function around the schema's code, printed once: it returns `publisherAttach`, which
    /// starts observing and returns how to stop.
    private func attachFunction(typeName: String, element: String) -> SchemaCodeFunction {
        .attach(
            local: local("publisherAttach"), typeName: typeName, element: element,
            code: [source.register, source.unregister, source.initial],
            summary: "What starts observing for one consumer: registers with the source (the schema's `register`)"
                + (source.initial == nil ? "" : ", sends the current value (`initial`),")
                + (source.unregister == nil
                    ? " and returns a stop that does nothing, as there is no `unregister`"
                    : " and returns how to unregister (`unregister`)")
                + ". The factory of each form hands it to its type."
        ) { printer in
            if isMainActor {
                // A local function, not a closure: the schema's code calls the owner's members as it
                // would anywhere in the owner, and a capture list (`[self]`) would be flagged as never
                // used where the code does not name the owner.
                let registration = local("publisherRegistration")
                printer.block("@MainActor func \(registration)() -> @MainActor () -> Void") {
                    printRegistration(to: &$0, output: "\(typeName).\(element)")
                }
                printer.line("return MainActorTargetAttachment.attach(\(registration))")
            } else {
                printRegistration(to: &printer, output: "\(typeName).\(element)")
            }
        }
    }

    /// Registers, sends the initial value, and returns how to unregister. On the main actor these
    /// are main-actor local functions: local functions do not take the isolation of the closure
    /// they are in, and the remove function must be sendable to the main actor.
    private func printRegistration(to printer: inout SwiftPrinter, output: String) {
        let isolation = isMainActor ? "@MainActor " : ""
        let sendInitial: (inout SwiftPrinter) -> Void = { printer in
            guard let initial = source.initial else { return }
            let initialValue = local("publisherInitial")
            printer.block("\(isolation)func \(initialValue)() -> \(output)") {
                $0.embedded(initial, in: text.sourceFile)
            }
            printer.line("send(\(initialValue)())")
        }
        if let unregister = source.unregister {
            let annotation = source.token.map { ": \($0.value)" } ?? ""
            printer.block("let token\(annotation) =", close: "}()") {
                $0.embedded(source.register, in: text.sourceFile)
            }
            sendInitial(&printer)
            let detach = local("publisherDetach")
            let printDetach = { (printer: inout SwiftPrinter) in
                printer.block("\(isolation)func \(detach)()") { printer in
                    // Captured all the same: the token lives until unregistering, and Swift does not
                    // warn that it is never used.
                    if !Self.mentionsToken(unregister.value) { printer.line("_ = token") }
                    printer.embedded(unregister, in: text.sourceFile)
                }
            }
            if endsWithOwner {
                // The owner weakly: the stream keeps this function until it ends, and an owner
                // deallocated first has taken its registrations with it.
                printer.line("return { \(isolation)[weak self] in")
                printer.indented { printer in
                    printer.line("guard let self else { return }")
                    printDetach(&printer)
                    printer.line("withExtendedLifetime(self, \(detach))")
                }
                printer.line("}")
            } else {
                printDetach(&printer)
                printer.line("return \(detach)")
            }
        } else {
            printer.block("_ =", close: "}()") { $0.embedded(source.register, in: text.sourceFile) }
            sendInitial(&printer)
            printer.line("return {}")
        }
    }

    /// Whether `code` uses the identifier `token` (not `tokenValue` or `self.token`).
    static func mentionsToken(_ code: String) -> Bool {
        var previous: Character = " "
        var word = ""
        for character in code + " " {
            if character == "_" || character.isLetter || character.isNumber {
                word.append(character)
                continue
            }
            if word == "token", previous != "." { return true }
            if !word.isEmpty { previous = " " }
            word = ""
            if !character.isWhitespace { previous = character }
        }
        return false
    }

    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        switch form {
        case .combine:
            PushScaffold(
                text: text, behavior: source.behavior, sample: sample, dialect: dialect, isMainActor: isMainActor,
                sendsInitialValue: source.initial != nil, endsWithOwner: endsWithOwner
            ).print(to: &printer)
        case .async:
            PushSequenceScaffold(
                text: text, behavior: source.behavior.forEventSequences, sample: sample, dialect: dialect,
                isMainActor: isMainActor,
                sendsInitialValue: source.initial != nil, endsWithOwner: endsWithOwner
            ).print(to: &printer)
        }
    }
}
