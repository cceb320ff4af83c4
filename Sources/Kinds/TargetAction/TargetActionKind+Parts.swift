import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel
import GeneratorValidating

extension TargetActionKind {
    /// One rule of the generated text: without `value` the sender itself is sent, so the output
    /// must be the owner type. (Names the generated types introduce, the sender's generic parameter
    /// and the nested target class, are chosen to capture none of the declaration's types:
    /// ``PublisherDeclaration/receiverParameter``, `TargetActionEmitter`'s `targetClass`.)
    /// Returns `false` after reporting.
    package static func checkCompiles(
        _ draft: DeclarationDraft, source: TargetActionSource, read: inout ScalarReader
    ) -> Bool {
        guard source.value == nil, let output = draft.output, let owner = draft.owner, output.value != "Self",
            output.value != owner.value
        else { return true }
        read.diagnostics.error(
            "\(draft.what) has no 'value', so it sends the sender itself, but 'output' is '\(output.value)', not '\(owner.value)'",
            hint: "add 'value:' with the expression to send, or write 'output: Self'", at: output.location)
        return false
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

    /// The event type, which the generated initializers take.
    public var writtenTypes: [String] { events.map { [$0.type.value] } ?? [] }
}
