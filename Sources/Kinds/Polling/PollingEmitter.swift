import GeneratorEmitting
import GeneratorModel

/// `kind: polling`: a pull source. `next` runs inside a function the pull engine calls only while
/// the subscriber has demand.
struct PollingEmitter: KindEmitter {
    let text: DeclarationText
    let source: PollingSource

    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter) {
        text.printSourceTag(to: &printer)
        for form in forms {
            switch form {
            case .combine: printPublisher(to: &printer)
            case .async: printSequence(to: &printer)
            }
            printer.blankLine()
        }
        guard let first = forms.first else { return }
        let typeName = text.typeName(first)
        let failure = "\(typeName).Failure"
        let next = SchemaCodeFunction(
            role: "Next",
            summary: "What pulls a value: the source's next one, `nil` at its end (the schema's `next`)"
                + (text.failureIsNever ? "" : ", or the error it throws")
                + ". The factory of each form hands it to its type.",
            result: "(inout Result<\(typeName).\(text.elementName(first))?, \(failure)>) -> Void",
            code: [source.next]
        ) { printer in
            let local = text.localName("publisherNext", around: [source.next])
            printer.block("func \(local)() throws(\(failure)) -> \(typeName).\(text.elementName(first))?") {
                $0.embedded(source.next, in: text.sourceFile)
            }
            printer.lines(
                "return "
                    + resultClosure(
                        calling: "\(local)()", output: "\(typeName).\(text.elementName(first))", failure: failure))
        }
        text.printFactories(forms: forms, to: &printer, schemaCode: [next]) { factory, printer in
            printer.call(factory.make, arguments: ["pulling: \(text.call(next))"])
        }
    }

    /// The publisher: a typealias of the pull engine's `PullPublisher`, which does all the work.
    private func printPublisher(to printer: inout SwiftPrinter) {
        let ending =
            text.failureIsNever ? "finishes the stream." : "finishes the stream and a thrown error fails it."
        text.printFormAlias(
            .combine, of: "PullPublisher",
            doc: { printer in
                printer.docComment(text.summary)
                printer.line("///")
                printer.docComment(
                    "Asks its source for the next value only while the subscriber has outstanding demand; `nil` \(ending)"
                )
            }, to: &printer)
    }

    /// The sequence: a typealias of the pull engine's `PullSequence`.
    private func printSequence(to printer: inout SwiftPrinter) {
        let ending = text.failureIsNever ? "ends the iteration." : "ends the iteration and a thrown error is thrown."
        text.printFormAlias(
            .async, of: "PullSequence",
            doc: { printer in
                printer.docComment(text.summary)
                printer.line("///")
                printer.docComment(
                    "Asks its source for the next value once per `next()` of an iterator, on the consumer's task, never "
                        + "ahead of time and never concurrently; `nil` \(ending) A cancelled task's `next()` returns `nil` "
                        + "without asking.")
            }, to: &printer)
    }

    /// The closure that makes `call`, a call of a typed-throws function, write its value or error
    /// into its argument as a `Result` (the engine's `Next` says why it is written, not returned).
    /// Its parameter's type is spelled: when the schema's output names no type, the function that
    /// returns the closure has an invalid type, which the compiler reports once, at the schema's
    /// line, but a closure left to infer its parameter from it would be an error of its own.
    private func resultClosure(calling call: String, output: String, failure: String) -> String {
        let head = "{ (result: inout Result<\(output)?, \(failure)>) in"
        if text.failureIsNever { return "\(head)\n    result = .success(\(call))\n}" }
        return """
            \(head)
                do throws(\(failure)) {
                    result = .success(try \(call))
                } catch {
                    result = .failure(error)
                }
            }
            """
    }

    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        switch form {
        case .combine: PollingScaffold(text: text, sample: sample, dialect: dialect).print(to: &printer)
        case .async: PollingSequenceScaffold(text: text, sample: sample, dialect: dialect).print(to: &printer)
        }
    }
}
