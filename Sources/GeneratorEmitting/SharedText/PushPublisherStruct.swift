import GeneratorModel

/// The publisher of every push kind: a typealias of the push engine's `PushPublisher`, tagged with
/// the declaration (whose ``PushBehavior`` it gives), or, for a generic declaration or one that sends
/// its receiver's own type, a struct of its own that only holds how to attach to the source and
/// hands that to the push engine of `GeneratedPublisherSupport+Combine.swift`.
package struct PushPublisherStruct {
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
            text.printPushSourceTag(.combine, behavior: behavior, to: &printer)
            text.printFormAlias(
                .combine, of: "PushPublisher",
                doc: { printer in
                    printer.docComment(text.summary)
                    printer.line("///")
                    printer.docComment(behaviorDoc)
                }, to: &printer)
            return
        }
        let access = text.access
        let failClosure = text.failureIsNever ? "{ _ in }" : "{ events.fail($0) }"
        let shared = PushSourceText(text: text, form: .combine)
        printer.docComment(text.summary)
        printer.line("///")
        printer.docComment(behaviorDoc)
        text.printFormType(
            .combine, conformance: "Publisher",
            storage: { printer in
                printer.lines(
                    """
                    \(shared.closureTypes)

                    private let attach: SourceAttachment<Output, Failure>
                    private let hold: SourceHold
                    """)
            },
            members: { printer in
                printer.lines(
                    """
                    \(shared.registerInitializer)

                    /// Creates the publisher from a function that starts observing and returns how to stop.
                    ///
                    /// - Parameters:
                    ///   - hold: `.weak` when the source holds its observer weakly (target/action), so the
                    ///     subscription's release, not the source, ends it.
                    ///   - attach: Starts observing with the subscription's `send`, `finish` and `fail`, and
                    ///     returns what stops observing.
                    init(
                        hold: SourceHold = .strong,
                        attach: @escaping Attach
                    ) {
                        self.hold = hold
                        self.attach = { events in
                            attach({ events.send($0) }, { events.finish() }, \(failClosure))
                        }
                    }

                    \(access)func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
                        PushSubscription(
                            name: "\(text.name)", downstream: .wrapping(subscriber),
                            whenNoDemand: \(text.policyLiteral(behavior)), start: \(text.startLiteral(behavior)), hold: hold, attach: attach
                        ).begin()
                    }
                    """)
            }, to: &printer)
    }
}
