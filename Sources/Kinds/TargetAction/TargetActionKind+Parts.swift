import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel
import GeneratorValidating
import SwiftTypeSyntax

extension TargetActionKind {
    /// Three rules of the generated text: the publisher declares its own nested `Target` class,
    /// which wins over a type of that name in `on` and `output`; sent as its own type, the sender is
    /// the types' generic parameter `Sender`, which wins over a type of that name in `on` and
    /// `event`; and without `value` the sender itself is sent, so the output must be the owner type.
    /// Returns `false` after reporting.
    package static func checkCompiles(
        _ draft: DeclarationDraft, source: TargetActionSource, read: inout ScalarReader
    ) -> Bool {
        var compiles = reportTypes(
            [("on", draft.owner), ("output", draft.output)], naming: "Target",
            whichInside: "a generated target/action publisher is its target class", read: &read)
        if let parameter = source.receiverParameter, draft.output?.value == "Self" {
            // The types are generic over the sender (`<Sender: Owner>`), whose name wins inside them.
            compiles =
                reportTypes(
                    [("on", draft.owner), ("event", source.events?.type)], naming: parameter,
                    whichInside: "a generated target/action publisher that sends its sender as its own type "
                        + "('output: Self') is the sender's type",
                    orElse: ", or write the owner's type in 'output' to send the sender as that type", read: &read)
                && compiles
        }
        if source.value == nil, let output = draft.output, let owner = draft.owner, output.value != "Self",
            output.value != owner.value
        {
            read.diagnostics.error(
                "\(draft.what) has no 'value', so it sends the sender itself, but 'output' is '\(output.value)', not '\(owner.value)'",
                hint: "add 'value:' with the expression to send, or write 'output: Self'", at: output.location)
            compiles = false
        }
        return compiles
    }

    /// Reports each of `keyedTypes` that names `name` unqualified, which inside the generated types
    /// means something else (`whichInside`); the hint qualifies it, `orElse` adds another way.
    /// Returns whether none does.
    private static func reportTypes(
        _ keyedTypes: [(key: String, type: Located<String>?)], naming name: String, whichInside meaning: String,
        orElse alternative: String = "", read: inout ScalarReader
    ) -> Bool {
        var compiles = true
        for (key, type) in keyedTypes {
            guard let type, SwiftType(parsing: type.value)?.unqualifiedNames.contains(name) == true else { continue }
            read.diagnostics.error(
                "'\(key)' names '\(name)', which inside \(meaning)",
                hint: "qualify your type with its module, e.g. 'MyModule.\(name)'\(alternative)", at: type.location)
            compiles = false
        }
        return compiles
    }

    /// The factory's `for event:` has a default only when the schema gives one.
    package static func argumentsWithoutDefault(of source: TargetActionSource) -> [String] {
        guard let events = source.events, events.defaultEvent == nil else { return [] }
        return ["for"]
    }

    /// `for event:` for the senders that take events (`TargetActionEmitter`'s `eventParameter`).
    package static func leadingFactoryLabels(of source: TargetActionSource, form: EmittedForm) -> [String] {
        source.events == nil ? [] : ["for"]
    }

    /// A UIKit control's or gesture recognizer's target is an `NSObject` with an `@objc` action.
    package static func imports(for source: TargetActionSource) -> [String] {
        source.api.usesSelectors ? ["ObjectiveC"] : []
    }

    package static func emitter(for source: TargetActionSource, text: DeclarationText) -> any KindEmitter {
        TargetActionEmitter(text: text, source: source)
    }

    /// Each declaration stands alone.
    package static func checkAcrossDeclarations(
        _ declarations: [(PublisherDeclaration, TargetActionSource)], diagnostics: inout DiagnosticCollector
    ) {}

    /// Declarations share no text.
    package static func printShared(
        _ texts: [(text: DeclarationText, source: TargetActionSource)], to printer: inout SwiftPrinter
    ) {}
}

extension TargetActionSource: PushSource {
    public static var kind: PublisherKind { .targetAction }

    /// Without `value`, the sender itself is sent: with `output: Self`, as its own type.
    public var receiverParameter: String? { value == nil ? "Sender" : nil }
}
