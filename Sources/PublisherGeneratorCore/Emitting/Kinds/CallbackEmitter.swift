/// `kind: callback`: a registration API. `register` runs inside a function that has `send`,
/// `finish` and `fail`; its value is the token `unregister` gets back.
struct CallbackEmitter: KindEmitter {
    static let namesInScope = ["send", "finish", "fail", "token", "publisherAttach", "publisherDetach"]

    let text: DeclarationText
    let source: CallbackSource

    func printPublisher(to printer: inout SwiftPrinter) {
        // Only what the declaration does: without `unregister` nothing is removed from the source.
        let registers = "Registers with its source \(text.startPhrase(source.behavior))"
        let registration =
            source.unregister == nil
            ? "\(registers); there is no unregistering, so the registration lives until the source calls back, "
                + "and a cancelled subscription ignores it."
            : "\(registers) and unregisters exactly once on cancel or completion."
        let behaviorDoc = "\(registration) \(text.noDemandPhrase(source.behavior))"
        PushPublisherStruct(text: text, behavior: source.behavior, behaviorDoc: behaviorDoc).print(to: &printer)
        printer.blankLine()
        let typeName = text.typeName
        if let owner = text.owner {
            printer.topLevel("nonisolated extension \(owner)") { printer in
                printer.docComment(text.summary)
                printer.signature(
                    "\(text.access)func \(text.factoryName)", text.parameters(), returning: typeName
                ) { printer in
                    printAttach(to: &printer)
                    printer.line("return \(typeName)(attach: publisherAttach)")
                }
            }
        } else {
            printer.topLevel("nonisolated extension \(typeName)") { printer in
                printer.docComment(text.summary)
                printer.signature("\(text.access)init", text.parameters()) { printer in
                    printAttach(to: &printer)
                    printer.line("self.init(attach: publisherAttach)")
                }
            }
        }
    }

    /// The function the engine calls to start observing; it returns how to stop.
    private func printAttach(to printer: inout SwiftPrinter) {
        let typeName = text.typeName
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

    func printScaffold(to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        PushScaffold(text: text, behavior: source.behavior, sample: sample, dialect: dialect).print(to: &printer)
    }
}
