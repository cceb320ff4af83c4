import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel

/// `kind: delegate`: the publisher and sequence of one declaration, and their factories. Each
/// consumer joins the owner's shared proxy (``DelegateProxyEmitter``) with its handlers: one closure
/// per declared method, which runs the method's `body` with the consumer's `send`, `finish` and
/// `fail`.
struct DelegateEmitter: KindEmitter {
    let text: DeclarationText
    let source: DelegateSource

    private var owner: String { text.owner ?? "Self" }
    private var isMainActor: Bool { source.isolation == .mainActor }

    /// The schema's code: each method's `body`, and `initial`.
    private var schemaCode: [Located<String>?] { source.methods.map(\.body) + [source.initial] }

    /// The name of a local around the schema's code that none of it mentions.
    private func local(_ base: String) -> String {
        text.localName(base, around: schemaCode)
    }
    private var proxy: String { DelegateProxyEmitter.proxyName(owner: owner, property: source.property.value) }

    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter) {
        for form in forms {
            switch form {
            case .combine:
                PushPublisherStruct(text: text, behavior: source.behavior, behaviorDoc: behaviorDoc(.combine))
                    .print(to: &printer)
            case .async:
                PushSequenceStruct(
                    text: text, behavior: source.behavior.forEventSequences, behaviorDoc: behaviorDoc(.async)
                )
                .print(to: &printer)
            }
            printer.blankLine()
        }
        guard let first = forms.first else { return }
        let output = "\(text.genericTypeName(first)).\(text.elementName(first))"
        let initial = initialFunction(output: output)
        let attach = attachFunction(
            typeName: text.genericTypeName(first), element: text.elementName(first), initial: initial)
        text.printFactories(forms: forms, to: &printer, schemaCode: [initial, attach].compactMap { $0 }) {
            factory, printer in
            // Named, not `.weak`: when the schema's output names no type, the publisher's name is an
            // invalid typealias, and a member of an unknown context would be an error of its own.
            let hold = factory.form == .combine ? ["hold: SourceHold.weak"] : []
            text.printPushFactoryCall(
                factory.make, arguments: hold, attach: text.call(attach), parameters: text.parameterNames,
                to: &printer)
        }
    }

    private func behaviorDoc(_ form: EmittedForm) -> String {
        let behavior = source.behavior
        let methods = source.methods.map { "`\($0.signature.selector)`" }.joined(separator: ", ")
        let property = "`\(source.property.value)`"
        let joins =
            form == .combine
            ? "Observes \(methods) of the owner's \(property) \(text.startPhrase(behavior)), through the proxy `\(proxy)`"
            : "Each iteration observes \(methods) of the owner's \(property) \(text.iterationStartPhrase(behavior)), "
                + "through the proxy `\(proxy)`"
        let shared =
            ", which every publisher and sequence on the same owner shares and which forwards each call to the app's "
            + "own delegate first. The first consumer installs the proxy and the last removes it, exactly once, "
            + "putting back the app's delegate unless the app set another one meanwhile"
        let isolation =
            isMainActor
            ? "; installing and removing run on the main actor (at once on the main thread, by a hop to it otherwise). "
            : ". "
        let ends =
            form == .combine
            ? "It stops observing when the source ends, on cancel, or when the subscription is released. "
                + lifetimePhrase(ending: "finishes")
            : "It stops observing when the source ends, when the task awaiting `next()` is cancelled, or when the "
                + "iterator is released. " + lifetimePhrase(ending: "ends")
        let noDemand =
            form == .combine
            ? text.noDemandPhrase(behavior) : text.iterationNoDemandPhrase(behavior.forEventSequences)
        return joins + shared + isolation + initialPhrase + ends + noDemand
    }

    /// How the stream ends with the object whose delegate it observes, for the documentation of both
    /// forms: held weakly only where its deallocation is found at once (`OwnerHold`).
    private func lifetimePhrase(ending: String) -> String {
        let object =
            source.holderPath.isEmpty
            ? "The owner" : "The object that holds the delegate (`\(source.holder(from: "owner"))`)"
        return object + " is held weakly where its deallocation is found at once (with the Objective-C runtime; "
            + "without it, when its type conforms to `LifetimeAnchoring`), strongly until the stream ends otherwise. "
            + "Held weakly, once it is deallocated the stream \(ending), after the values kept for it, and nothing "
            + "more is sent. "
    }

    /// What `initial:` adds to the documentation: the current value, sent first.
    private var initialPhrase: String {
        guard source.initial != nil else { return "" }
        return text.initialValuePhrase(
            isMainActor: isMainActor, after: "joining the proxy", thread: "joining",
            value: "the owner's current value", anyLater: "any delegate call", oneLater: "a delegate call")
    }

    /// The schema's `initial`, printed once: a method of the owner, so that the code reads the
    /// owner's members as its own and the attaching code calls it on the owner it holds. On the
    /// main actor for a main-actor owner.
    private func initialFunction(output: String) -> SchemaCodeFunction? {
        guard let initial = source.initial else { return nil }
        return SchemaCodeFunction(
            role: "Initial", summary: "The value sent first: the schema's `initial`, evaluated on this owner.",
            result: output, isolation: isMainActor ? "@MainActor " : "", code: schemaCode
        ) { printer in
            printer.embedded(initial, in: text.sourceFile)
        }
    }

    /// The function around the schema's code, printed once: it returns `publisherAttach`, which
    /// joins the owner's proxy with one consumer's handlers and returns how to leave it. It holds
    /// the owner through an `OwnerHold`: weakly where its deallocation is found at once, so that
    /// neither the publisher or sequence nor a consumer not yet started keeps it alive (the proxy's
    /// table then ends every consumer when it goes); strongly otherwise, as before.
    private func attachFunction(typeName: String, element: String, initial: SchemaCodeFunction?) -> SchemaCodeFunction {
        let (hold, attach) = (local("publisherHold"), local("publisherAttach"))
        return SchemaCodeFunction(
            role: "Attach",
            summary: "What starts observing for one consumer: joins the owner's `\(proxy)` with handlers that run "
                + "the schema's `body` of each method"
                + (source.initial == nil ? "" : ", sends the owner's current value (`initial`),")
                + " and returns how to leave it; once the owner is gone, finishes instead. The factory of each form "
                + "hands it to its type.",
            result: "\(typeName).Attach", code: schemaCode
        ) { printer in
            printer.line("let \(hold) = OwnerHold(self)")
            printer.attachFunction(named: attach, typeName: typeName, element: element) { printer in
                let owner = local("publisherOwner")
                printer.lines(
                    """
                    // The owner went before the consumer started: the stream has ended.
                    guard let \(owner) = \(hold).owner else {
                        finish()
                        return {}
                    }
                    """)
                if isMainActor {
                    printer.closure("return MainActorTargetAttachment.attach") {
                        printJoin(to: &$0, owner: owner, initial: initial)
                    }
                } else {
                    printJoin(to: &printer, owner: owner, initial: initial)
                }
            }
            printer.line("return \(attach)")
        }
    }

    /// Joins the proxy and, with `initial`, sends the current value before returning how to leave.
    private func printJoin(to printer: inout SwiftPrinter, owner: String, initial: SchemaCodeFunction?) {
        let handlers = local("publisherHandlers")
        printer.line("let \(handlers) = \(proxy).\(DelegateProxyEmitter.handlersName(text.name))(")
        printer.indented { printer in
            for (index, method) in source.methods.enumerated() {
                let names = method.signature.parameters.map(\.name).joined(separator: ", ")
                let head = "\(method.signature.handlerName): {"
                // Decided once: one level in, the same line would fit less.
                let namesOnHead = !names.isEmpty && printer.fits("\(head) \(names) in")
                printer.line(namesOnHead ? "\(head) \(names) in" : head)
                printer.indented { printer in
                    if !names.isEmpty, !namesOnHead { printer.line("\(names) in") }
                    printer.embedded(method.body, in: text.sourceFile)
                }
                printer.line(index == source.methods.count - 1 ? "}" : "},")
            }
        }
        printer.line(")")
        let arguments = [
            "\\.\(DelegateProxyEmitter.consumersName(text.name))", handlers, "to: \(owner)", "ending: finish",
        ]
        guard let initial else {
            return printer.call("return \(proxy).attach", arguments: arguments)
        }
        let detach = local("publisherDetach")
        printer.call("let \(detach) = \(proxy).attach", arguments: arguments)
        printer.line("send(\(owner).\(text.call(initial)))")
        printer.line("return \(detach)")
    }

    /// The object that holds the delegate, when a property path reaches it from the owner: the
    /// stream ends with it, so the lifetime tests need its deallocation found at once too.
    private var alsoWatched: [String] { source.holderPath.isEmpty ? [] : [source.holder(from: "owner")] }

    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        switch form {
        case .combine:
            var scaffold = PushScaffold(
                text: text, behavior: source.behavior, sample: sample, dialect: dialect, isMainActor: isMainActor,
                sendsInitialValue: source.initial != nil, endsWithOwner: true, alsoWatched: alsoWatched)
            if let drive = text.declaration.testDrive {
                let tests = DelegateOwnerTests(
                    text: text, source: source, drive: drive, sample: sample, dialect: dialect)
                scaffold.kindOwnerTests = { tests.print(to: &$0) }
            }
            scaffold.print(to: &printer)
        case .async:
            PushSequenceScaffold(
                text: text, behavior: source.behavior.forEventSequences, sample: sample, dialect: dialect,
                isMainActor: isMainActor, sendsInitialValue: source.initial != nil, endsWithOwner: true,
                alsoWatched: alsoWatched
            ).print(to: &printer)
        }
    }
}
