import GeneratorEmitting
import GeneratorModel

/// How a target/action declaration adds its target: the attachment both forms start a consumer
/// with, which makes the engine's target (`MainActorActionTarget`, `ActionTarget`) with what it
/// sends for each action. An engine type's forms find it in the declaration's tag; a struct of its
/// own holds it itself.
extension TargetActionEmitter {
    /// What both forms of an engine type share, in the declaration's tag, whose name is its own:
    /// the function that adds the target.
    ///
    /// There a function the schema's code gives (`initial`, a `value` without a default) is taken
    /// as an implicitly unwrapped optional, which needs no `@escaping`: `@escaping` before a function
    /// type whose result Swift cannot resolve is an error of its own, so a misspelt output would be
    /// one error more, in generated code, than the one at the schema's line.
    func printTagMembers(first: EmittedForm, to printer: inout SwiftPrinter) {
        let formType = text.typeName(first)
        let output = "\(formType).\(text.elementName(first))"
        printer.topLevel("nonisolated extension \(text.sourceTagName)") { printer in
            printer.docComment(
                "Adds the target for one consumer of either form, reporting through `send` and `finish`, and returns "
                    + "how to remove it. The functions it takes are optional only so that a misspelt output is "
                    + "reported once, where the schema writes it.")
            printer.signature(
                "fileprivate static func \(attachmentFunction)",
                attachmentParameters(output: output).map { "\($0.name): \($0.type)" },
                returning: "\(formType).Attach"
            ) { printer in
                printer.closure("return", parameters: attachmentClosureParameters) { printAttachment(to: &$0) }
            }
        }
        printer.blankLine()
    }

    /// The tag's function that makes an attachment: `attachment`, unless the schema's types take
    /// that name.
    var attachmentFunction: String {
        GeneratedNames.unclaimed("attachment", in: text.declaration.writtenTypes)
    }

    /// The attachment closure's parameters: the sender held through an `OwnerHold`, weakly when its
    /// deallocation is found at once, so that neither the publisher or sequence, nor a subscription
    /// or iteration keeps it alive; strongly otherwise, as a weak reference would slow every retain
    /// of a Swift-native sender and the stream could not end with it anyway.
    var attachmentClosureParameters: String { "[hold = OwnerHold(sender)] send, finish, _" }

    /// The parameters of the tag's attachment function, with `output` as the value's type: the
    /// initializers pass theirs on by the same names.
    func attachmentParameters(output: String) -> [(name: String, type: String)] {
        var parameters = [(name: "sender", type: senderType)]
        if !source.api.hasSingleSlot, let events = source.events {
            // Without its default: the initializers pass theirs on.
            parameters.append(("event", text.insideName(of: events.type.value, role: "Event")))
        }
        if source.initial != nil { parameters.append(("initial", unwrappedFunctionType(output: output))) }
        parameters.append(("value", tagValueType(output: output)))
        return parameters
    }

    /// A function the schema's code gives, as the tag's functions take it
    /// (``printTagMembers(first:to:)``): implicitly unwrapped.
    private func unwrappedFunctionType(output: String) -> String { "(\(valueFunctionType(output: output)))!" }

    /// The `value` function as the tag's functions take it: optional where it defaults, implicitly
    /// unwrapped otherwise.
    private func tagValueType(output: String) -> String {
        valueDefaults ? storedValueType(output: output) : unwrappedFunctionType(output: output)
    }

    /// The body of the source attachment: adds the target and returns how to remove it, both on
    /// the main actor for a main-actor sender (every UIKit and AppKit one).
    func printAttachment(to printer: inout SwiftPrinter) {
        if isMainActor {
            printer.closure("MainActorTargetAttachment.attach") { printAddAndRemove(to: &$0) }
        } else {
            printAddAndRemove(to: &printer)
        }
    }

    func printAddAndRemove(to printer: inout SwiftPrinter) {
        let sendInitial = source.initial == nil ? nil : "send(initial(sender))"
        printer.lines(
            """
            // The sender went before the stream attached: the stream has ended.
            guard let sender = hold.owner else {
                finish()
                return {}
            }
            """)
        guard !source.api.hasSingleSlot else {
            // AppKit performs the control's own action through the control; UIKit through the app.
            let keyPaths = "target: \\.target, action: \\.action,"
            let performOriginal =
                source.api == .appkit
                ? "\(keyPaths) send: { _ = $0.sendAction($1, to: $2) })"
                : "\(keyPaths)\n    send: { _ = UIApplication.shared.sendAction($1, to: $2, from: $0, for: nil) })"
            let sendValue = valueDefaults ? "send(valueOf(sender))" : "send(value(sender))"
            let add = """
                SingleActionForwarder.add(
                    { [weak sender] in if let sender { \(sendValue) } }, to: sender,
                    \(performOriginal)
                """
            if valueDefaults {
                // Made once here: each event then calls one function, as a target would.
                let defaultValue = source.value == nil ? "$0" : "$0.\(text.call(valueMethod(), leading: ["$0"]))"
                printer.line("let valueOf = value ?? { \(defaultValue) }")
            }
            printer.line("let lifetime = hold.watch(ended: finish)")
            printer.lines("let remove = " + add)
            if let sendInitial { printer.line(sendInitial) }
            printer.lines(
                """
                return {
                    lifetime?.stopWatching(hold.owner)
                    remove()
                }
                """)
            return
        }
        let target = isMainActor ? "MainActorActionTarget" : "ActionTarget"
        let action = source.api.usesSelectors ? "#selector(\(target).handle(_:))" : "\(target).action"
        let (forEvent, removeAction) =
            switch source.api {
            case .uikit: (", for: event", ", action: \(action), for: event")
            case .native: (", for: event", ", for: event")
            case .gesture: ("", ", action: \(action)")
            case .nativeGesture, .appkit, .barButtonItem: ("", "")
            }
        // The engine's target gives back the sender it was made for, unretained and as `AnyObject`:
        // it is this declaration's sender, so the cast is never checked in an optimized build.
        printer.closure("let target = \(target)(sender: sender)") { printer in
            printer.line("let sender = unsafeDowncast($0, to: \(senderType).self)")
            printer.line("send(\(valueExpression(of: "sender")))")
        }
        printer.line("sender.addTarget(target, action: \(action)\(forEvent))")
        printer.line("let lifetime = hold.watch(ended: finish)")
        if let sendInitial { printer.line(sendInitial) }
        // A sender deallocated meanwhile has nothing to remove: its targets went with it.
        printer.lines(
            """
            return {
                lifetime?.stopWatching(hold.owner)
                hold.owner?.removeTarget(target\(removeAction))
            }
            """)
    }
}
