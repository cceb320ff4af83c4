import GeneratorEmitting
import GeneratorModel

/// `kind: polling`: a pull source. `next` runs inside a function the pull engine calls only while
/// the subscriber has demand.
struct PollingEmitter: KindEmitter {
    let text: DeclarationText
    let source: PollingSource

    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter) {
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

    private var failingPhrase: String { text.failureIsNever ? "" : "; a thrown error fails the stream" }

    private func printPublisher(to printer: inout SwiftPrinter) {
        let access = text.access
        let ending =
            text.failureIsNever ? "finishes the stream." : "finishes the stream and a thrown error fails it."
        printer.docComment(text.summary)
        printer.line("///")
        printer.docComment(
            "Asks its source for the next value only while the subscriber has outstanding demand; `nil` \(ending)")
        text.printFormType(
            .combine, conformance: "Publisher",
            storage: { printer in
                printer.lines(
                    """
                    /// `next`, writing a `Result`: no typed-throws function type is stored (it would need the
                    /// Swift 6 runtime on Apple platforms).
                    private let next: (inout Result<Output?, Failure>) -> Void
                    """)
            },
            members: { printer in
                printer.lines(
                    """
                    /// Creates the publisher from a plain closure, e.g. to drive it by hand in tests.
                    ///
                    /// - Parameter next: Returns the next value, or `nil` at the end\(failingPhrase).
                    """)
                printer.block("\(access)init(next: @escaping () throws(Failure) -> Output?)") {
                    $0.lines(pulling("self.init", calling: "next()", output: "Output", failure: "Failure"))
                }
                printer.blankLine()
                printer.lines(
                    """
                    /// Creates the publisher from a function that writes the next value or the failure.
                    init(pulling next: @escaping (inout Result<Output?, Failure>) -> Void) {
                        self.next = next
                    }

                    \(access)func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
                        PullSubscription(name: "\(text.name)", downstream: .wrapping(subscriber), next: next).begin()
                    }
                    """)
            }, to: &printer)
    }

    private func printSequence(to printer: inout SwiftPrinter) {
        let access = text.access
        let ending = text.failureIsNever ? "ends the iteration." : "ends the iteration and a thrown error is thrown."
        printer.docComment(text.summary)
        printer.line("///")
        printer.docComment(
            "Asks its source for the next value once per `next()` of an iterator, on the consumer's task, never ahead "
                + "of time and never concurrently; `nil` \(ending) A cancelled task's `next()` returns `nil` without "
                + "asking.")
        text.printFormType(
            .async, conformance: "AsyncSequence",
            storage: { printer in
                printer.lines(
                    """
                    /// `next`, writing a `Result`, as in a publisher.
                    private let next: (inout Result<Element?, Failure>) -> Void
                    """)
            },
            members: { printer in
                printer.lines(
                    """
                    /// Creates the sequence from a plain closure, e.g. to drive it by hand in tests.
                    ///
                    /// - Parameter next: Returns the next value, or `nil` at the end\(failingPhrase).
                    """)
                printer.block("\(access)init(next: @escaping () throws(Failure) -> Element?)") {
                    $0.lines(pulling("self.init", calling: "next()", output: "Element", failure: "Failure"))
                }
                printer.blankLine()
                printer.lines(
                    """
                    /// Creates the sequence from a function that writes the next value or the failure.
                    init(pulling next: @escaping (inout Result<Element?, Failure>) -> Void) {
                        self.next = next
                    }

                    /// A new iteration, from the source's next value.
                    \(access)func makeAsyncIterator() -> Iterator {
                        Iterator(PullIteration(next: next))
                    }

                    """)
                let pull = "\(text.failureIsNever ? "" : "try ")pulling.next()"
                printIterator(
                    to: &printer, state: "private var pulling: PullIteration<Element, Failure>",
                    initializer:
                        "fileprivate init(_ pulling: PullIteration<Element, Failure>) {\n    self.pulling = pulling\n}",
                    next: pull, isolatedNext: pull,
                    nextDoc:
                        "The source's next value; `nil` at its end, once the task is cancelled, and after a failure.",
                    text: text)
            }, to: &printer)
        printer.blankLine()
        printNonSendableIterator(of: text.typeName(.async), to: &printer)
    }

    /// `head(pulling: …)` with a closure that makes `call`, a call of a typed-throws function,
    /// write its value or error as a `Result`, so that only a plain function type is stored
    /// and handed to the engine (the DocC article ApplePlatforms, rule 3). Lines below the first are
    /// indented as they will appear under `head`.
    private func pulling(_ head: String, calling call: String, output: String, failure: String) -> String {
        "\(head)(pulling: \(resultClosure(calling: call, output: output, failure: failure)))"
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
