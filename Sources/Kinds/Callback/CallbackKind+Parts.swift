import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel
import GeneratorValidating

extension CallbackKind {
    package static func decodeSource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> CallbackSource?
    {
        let register = fields["register"].flatMap { read.code($0, key: "register") }
        let unregister = FieldValue(fields["unregister"]) { read.code($0, key: "unregister") }
        let token = FieldValue(fields["token"]) { read.swiftType($0, key: "token", placement: .value) }
        let initial = FieldValue(fields["initial"]) { read.code($0, key: "initial") }
        let isolation = FieldValue(fields["isolation"]) {
            read.choice($0, key: "isolation", as: SourceIsolation.self)
        }
        let behavior = read.pushBehavior(fields)
        let lifetime = read.streamLifetime(fields, what: what)
        guard let register, let behavior, let lifetime, !unregister.isInvalid, !token.isInvalid, !initial.isInvalid,
            !isolation.isInvalid
        else { return nil }
        read.warnIfInitialIsDropped(initial.value, behavior: behavior)
        return CallbackSource(
            register: register, unregister: unregister.value, token: token.value, initial: initial.value,
            isolation: isolation.value?.value ?? .nonisolated, lifetime: lifetime, behavior: behavior)
    }

    /// The attach function's names are all in ``namesInScope``; nothing else needs checking.
    package static func checkCompiles(
        _ draft: DeclarationDraft, source: CallbackSource, read: inout ScalarReader
    ) -> Bool {
        true
    }

    package static func argumentsWithoutDefault(of source: CallbackSource) -> [String] { [] }

    /// The factories take only the declared parameters.
    package static func leadingFactoryLabels(of source: CallbackSource, form: EmittedForm) -> [String] { [] }

    package static func imports(for source: CallbackSource) -> [String] { [] }

    package static func emitter(for source: CallbackSource, text: DeclarationText) -> any KindEmitter {
        CallbackEmitter(text: text, source: source)
    }

    /// Each declaration stands alone.
    package static func checkAcrossDeclarations(
        _ declarations: [(PublisherDeclaration, CallbackSource)], diagnostics: inout DiagnosticCollector
    ) {}

    /// Declarations share no text.
    package static func printShared(
        _ texts: [(text: DeclarationText, source: CallbackSource)], to printer: inout SwiftPrinter
    ) {}
}

extension CallbackSource: PushSource {
    public static var kind: PublisherKind { .callback }
}
