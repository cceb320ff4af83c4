import GeneratorModel

/// The sequence of the push kinds whose sequence attaches as their publisher does (each kind's
/// emitter says whether it uses it): like ``PushPublisherStruct``, a typealias of the push engine's
/// `PushSequence` tagged with the declaration, or a struct of its own that only holds how to attach
/// to the source, each iterator handing that to a push iteration of
/// `GeneratedPublisherSupport+Async.swift`, its own registration.
package struct PushSequenceStruct {
    let text: DeclarationText
    let behavior: PushBehavior
    /// The second paragraph of the type's doc comment: how the kind meets its source.
    let behaviorDoc: String

    package init(text: DeclarationText, behavior: PushBehavior, behaviorDoc: String) {
        self.text = text
        self.behavior = behavior
        self.behaviorDoc = behaviorDoc
    }

    package func print(to printer: inout SwiftPrinter) {
        guard !text.pushFormIsEngineType else {
            text.printPushSourceTag(.async, behavior: behavior, to: &printer)
            text.printFormAlias(
                .async, of: "PushSequence",
                doc: { printer in
                    printer.docComment(text.summary)
                    printer.line("///")
                    printer.docComment(behaviorDoc)
                }, to: &printer)
            return
        }
        let access = text.access
        let failClosure = text.failureIsNever ? "{ _ in }" : "{ events.fail($0) }"
        let shared = PushSourceText(text: text, form: .async)
        let tryKeyword = text.failureIsNever ? "" : "try "
        printer.docComment(text.summary)
        printer.line("///")
        printer.docComment(behaviorDoc)
        text.printFormType(
            .async, conformance: "AsyncSequence",
            storage: { printer in
                printer.lines(
                    """
                    \(shared.closureTypes)

                    private let attach: IterationAttachment<Element, Failure>
                    """)
            },
            members: { printer in
                printer.lines(
                    """
                    \(shared.registerInitializer)

                    /// Creates the sequence from a function that starts observing and returns how to stop.
                    init(
                        attach: @escaping Attach
                    ) {
                        self.attach = { events in
                            attach({ events.send($0) }, { events.finish() }, \(failClosure))
                        }
                    }

                    /// A new iteration, with its own registration with the source.
                    \(access)func makeAsyncIterator() -> Iterator {
                        Iterator(
                            PushIterationHandle(
                                name: "\(text.name)", whenNoDemand: \(text.policyLiteral(behavior)),
                                start: \(text.startLiteral(behavior)), attach: attach))
                    }

                    """)
                printIterator(
                    to: &printer, state: "private let handle: PushIterationHandle<Element, Failure>",
                    initializer:
                        "fileprivate init(_ handle: PushIterationHandle<Element, Failure>) {\n    self.handle = handle\n}",
                    next: "\(tryKeyword)await handle.iteration.next()",
                    isolatedNext: "\(tryKeyword)await handle.iteration.next(isolation: actor)",
                    nextDoc:
                        "The next value, kept values first; `nil` once the source has finished, once the task awaiting it "
                        + "is cancelled (the source is then unregistered and kept values are discarded), and after a "
                        + "failure.",
                    text: text)
            }, to: &printer)
        printer.blankLine()
        printNonSendableIterator(of: text.typeName(.async), to: &printer)
    }
}

/// The nested `Iterator` of a generated sequence: one consumer's iteration.
///
/// - Parameters:
///   - next: The body of `next()`.
///   - isolatedNext: The body of `next(isolation:)`, or `nil` when the iterator has none of its own.
package func printIterator(
    to printer: inout SwiftPrinter, state: String, initializer: String, next: String, isolatedNext: String?,
    nextDoc: String, text: DeclarationText
) {
    let access = text.access
    printer.docComment(
        "One consumer's iteration. Not `Sendable`: one task awaits its `next()`; to consume the sequence in several "
            + "tasks, give each its own iterator.")
    printer.block("\(access)nonisolated struct Iterator: AsyncIteratorProtocol") { printer in
        printer.lines(state)
        printer.blankLine()
        printer.lines(initializer)
        printer.blankLine()
        printer.docComment(nextDoc)
        printer.block(text.iteratorNextHead(isolated: false)) { $0.line(next) }
        guard let isolatedNext else { return }
        printer.blankLine()
        printer.docComment(
            "`next()` on the caller's actor: what a `for await` loop calls (Swift 6 runtimes), so a loop on the main "
                + "actor stays there.")
        printer.block(text.iteratorNextHead(isolated: true)) { $0.line(isolatedNext) }
    }
}

/// Makes the iterator of `typeName` explicitly not `Sendable`, so that passing it to another task
/// is an error rather than an inference.
package func printNonSendableIterator(
    of typeName: String, to printer: inout SwiftPrinter, availability: String = GeneratedAttributes.availability
) {
    printer.lines(
        """
        \(availability)
        @available(*, unavailable)
        nonisolated extension \(typeName).Iterator: Sendable {}
        """)
}
