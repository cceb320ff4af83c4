/// `kind: callback`: a registration API. `register` runs inside a function that has `send`,
/// `finish` and `fail`; its value is the token `unregister` gets back.
struct CallbackEmitter: KindEmitter {
    let text: DeclarationText
    let source: CallbackSource

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
                let behaviorDoc = "\(registration) \(text.noDemandPhrase(source.behavior))"
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
                let behaviorDoc = "\(registration) \(text.iterationNoDemandPhrase(source.behavior))"
                PushSequenceStruct(text: text, behavior: source.behavior, behaviorDoc: behaviorDoc).print(to: &printer)
            }
            printer.blankLine()
        }
        text.printFactories(forms: forms, to: &printer) { factory, printer in
            printAttach(to: &printer, typeName: factory.typeName)
            printer.line("\(factory.make)(attach: publisherAttach)")
        }
    }

    /// The function the engine calls to start observing; it returns how to stop.
    private func printAttach(to printer: inout SwiftPrinter, typeName: String) {
        printer.lines(
            """
            func publisherAttach(
                send: @escaping \(typeName).Send, finish: @escaping \(typeName).Finish,
                fail: @escaping \(typeName).Fail
            ) -> () -> Void {
            """)
        printer.indented { printer in
            if let unregister = source.unregister {
                let annotation = source.token.map { ": \($0.value)" } ?? ""
                printer.block("let token\(annotation) =", close: "}()") {
                    $0.embedded(source.register, in: text.sourceFile)
                }
                printer.block("func publisherDetach()") { printer in
                    // Captured all the same: the token lives until unregistering, and Swift does not
                    // warn that it is never used.
                    if !Self.mentionsToken(unregister.value) { printer.line("_ = token") }
                    printer.embedded(unregister, in: text.sourceFile)
                }
                printer.line("return publisherDetach")
            } else {
                printer.block("_ =", close: "}()") { $0.embedded(source.register, in: text.sourceFile) }
                printer.line("return {}")
            }
        }
        printer.line("}")
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
            PushScaffold(text: text, behavior: source.behavior, sample: sample, dialect: dialect).print(to: &printer)
        case .async:
            PushSequenceScaffold(text: text, behavior: source.behavior, sample: sample, dialect: dialect)
                .print(to: &printer)
        }
    }
}
