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
        let attach = attachFunction(typeName: text.genericTypeName(first), element: text.elementName(first))
        text.printFactories(forms: forms, to: &printer, schemaCode: [attach]) { factory, printer in
            // Named, not `.weak`: when the schema's output names no type, the publisher's name is an
            // invalid typealias, and a member of an unknown context would be an error of its own.
            let hold = factory.form == .combine ? ["hold: SourceHold.weak"] : []
            printer.call(factory.make, arguments: hold + ["attach: \(text.call(attach))"])
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
            : "It stops observing when the source ends, when the task awaiting `next()` is cancelled, or when the "
                + "iterator is released. "
        let noDemand =
            form == .combine
            ? text.noDemandPhrase(behavior) : text.iterationNoDemandPhrase(behavior.forEventSequences)
        return joins + shared + isolation + initialPhrase + ends + noDemand
    }

    /// What `initial:` adds to the documentation: the current value, sent first.
    private var initialPhrase: String {
        guard source.initial != nil else { return "" }
        return text.initialValuePhrase(
            isMainActor: isMainActor, after: "joining the proxy", thread: "joining",
            value: "the owner's current value", anyLater: "any delegate call", oneLater: "a delegate call")
    }

    /// The function around the schema's code, printed once: it returns `publisherAttach`, which
    /// joins the owner's proxy with one consumer's handlers and returns how to leave it.
    private func attachFunction(typeName: String, element: String) -> SchemaCodeFunction {
        .attach(
            local: local("publisherAttach"), typeName: typeName, element: element,
            code: schemaCode,
            summary: "What starts observing for one consumer: joins the owner's `\(proxy)` with handlers that run "
                + "the schema's `body` of each method"
                + (source.initial == nil ? "" : ", sends the owner's current value (`initial`),")
                + " and returns how to leave it. The factory of each form hands it to its type."
        ) { printer in
            let output = "\(typeName).\(element)"
            if isMainActor {
                // With `initial`, the owner's members are used in an escaping closure: `[self]` lets
                // the schema's code use them as it would anywhere else in the owner.
                let capture = source.initial == nil || text.owner == nil ? nil : "[self]"
                printer.closure("MainActorTargetAttachment.attach", parameters: capture) {
                    printJoin(to: &$0, output: output)
                }
            } else {
                printJoin(to: &printer, output: output)
            }
        }
    }

    /// Joins the proxy and, with `initial`, sends the current value before returning how to leave.
    /// On the main actor the local function is main-actor code: local functions do not take the
    /// isolation of the closure they are in.
    private func printJoin(to printer: inout SwiftPrinter, output: String) {
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
        let arguments = ["\\.\(DelegateProxyEmitter.consumersName(text.name))", handlers, "to: self"]
        guard let initial = source.initial else {
            return printer.call("return \(proxy).attach", arguments: arguments)
        }
        let (detach, initialValue) = (local("publisherDetach"), local("publisherInitial"))
        printer.call("let \(detach) = \(proxy).attach", arguments: arguments)
        printer.block("\(isMainActor ? "@MainActor " : "")func \(initialValue)() -> \(output)") {
            $0.embedded(initial, in: text.sourceFile)
        }
        printer.line("send(\(initialValue)())")
        printer.line("return \(detach)")
    }

    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        switch form {
        case .combine:
            var scaffold = PushScaffold(
                text: text, behavior: source.behavior, sample: sample, dialect: dialect, isMainActor: isMainActor,
                sendsInitialValue: source.initial != nil)
            if let drive = text.declaration.testDrive {
                let tests = DelegateOwnerTests(
                    text: text, source: source, drive: drive, sample: sample, dialect: dialect)
                scaffold.kindOwnerTests = { tests.print(to: &$0) }
            }
            scaffold.print(to: &printer)
        case .async:
            PushSequenceScaffold(
                text: text, behavior: source.behavior.forEventSequences, sample: sample, dialect: dialect,
                isMainActor: isMainActor, sendsInitialValue: source.initial != nil
            ).print(to: &printer)
        }
    }
}
