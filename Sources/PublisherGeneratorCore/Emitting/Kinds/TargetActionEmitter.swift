/// `kind: targetAction`: a sender following the target/action pattern. The factory takes the
/// `event`; `value` runs for each event in a function that has the `sender`.
struct TargetActionEmitter: KindEmitter {
    static let namesInScope = ["event", "sender", "publisherValue"]

    let text: DeclarationText
    let source: TargetActionSource

    func printPublisher(to printer: inout SwiftPrinter) {
        let behavior = source.behavior
        let behaviorDoc =
            "Adds a target to its sender \(text.startPhrase(behavior)) and removes it exactly once on cancel or "
            + "when the subscription is released; the sender holds the target weakly. "
            + text.noDemandPhrase(behavior)
        PushPublisherStruct(text: text, behavior: behavior, behaviorDoc: behaviorDoc).print(to: &printer)
        printer.blankLine()
        let access = text.access
        let typeName = text.typeName
        let owner = text.owner ?? "Self"
        let eventType = source.eventType.value
        let defaultEvent = source.defaultEvent.map { " = \($0.value)" } ?? ""
        printer.topLevel("nonisolated extension \(typeName)") { printer in
            printer.lines(
                """
                /// Creates the publisher for `event` of `sender`. The sender holds the target weakly; the
                /// subscription holds it, and removes it when cancelled or released.
                ///
                /// - Parameters:
                ///   - sender: The control that sends the action.
                ///   - event: The event to observe.
                ///   - value: The value to send for each event, given the sender.
                """)
            let senderParameters = [
                "sender: \(owner)", "event: \(eventType)\(defaultEvent)", "value: @escaping (\(owner)) -> Output",
            ]
            printer.signature("\(access)init", senderParameters) { printer in
                printer.lines(
                    """
                    self.init(
                        hold: .weak,
                        attach: { send, _, _ in
                            let target = Target(sender: sender, send: send, value: value)
                            #if canImport(ObjectiveC)
                            sender.addTarget(target, action: #selector(Target.handle(_:)), for: event)
                            return { sender.removeTarget(target, action: #selector(Target.handle(_:)), for: event) }
                            #else
                            sender.addTarget(target, action: Target.handle, for: event)
                            return { sender.removeTarget(target, for: event) }
                            #endif
                        })
                    """)
            }
            printer.blankLine()
            printer.line("/// Receives the sender's action and sends the value for it.")
            // Selector-based where the Objective-C runtime exists, a Swift-native sender elsewhere;
            // the class is the same but for its superclass and `@objc`.
            printer.line("#if canImport(ObjectiveC)")
            printTarget(owner: owner, superclass: ": NSObject", handleAttribute: "@objc ", to: &printer)
            printer.line("#else")
            printTarget(owner: owner, superclass: "", handleAttribute: "", to: &printer)
            printer.line("#endif")
        }
        printer.blankLine()
        printer.topLevel("nonisolated extension \(owner)") { printer in
            printer.docComment(text.summary)
            let parameters = text.parameters(leading: ["for event: \(eventType)\(defaultEvent)"])
            printer.signature("\(access)func \(text.factoryName)", parameters, returning: typeName) { printer in
                if let value = source.value {
                    printer.block("func publisherValue(_ sender: \(owner)) -> \(text.output)") { $0.lines(value.value) }
                    printer.line("return \(typeName)(sender: self, event: event, value: publisherValue)")
                } else {
                    printer.line("\(typeName)(sender: self, event: event, value: { $0 })")
                }
            }
        }
    }

    private func printTarget(owner: String, superclass: String, handleAttribute: String, to printer: inout SwiftPrinter)
    {
        printer.lines(
            """
            fileprivate nonisolated final class Target\(superclass) {
                private let sender: \(owner)
                private let send: Send
                private let value: (\(owner)) -> Output

                init(sender: \(owner), send: @escaping Send, value: @escaping (\(owner)) -> Output) {
                    self.sender = sender
                    self.send = send
                    self.value = value
                }

                /// The sender is the one this target was made for, so the argument needs no cast.
                \(handleAttribute)func handle(_: Any) {
                    send(value(sender))
                }
            }
            """)
    }

    func printScaffold(to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        PushScaffold(text: text, behavior: source.behavior, sample: sample, dialect: dialect).print(to: &printer)
    }
}
