import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel
import GeneratorValidating

extension PollingKind {
    package static func decodeSource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> PollingSource?
    {
        fields["next"].flatMap { read.code($0, key: "next") }.map(PollingSource.init(next:))
    }

    /// `next` is called inside a closure whose only name is in ``namesInScope``.
    package static func checkCompiles(
        _ draft: DeclarationDraft, source: PollingSource, read: inout ScalarReader
    ) -> Bool {
        true
    }

    package static func argumentsWithoutDefault(of source: PollingSource) -> [String] { [] }

    /// The factories take only the declared parameters.
    package static func leadingFactoryLabels(of source: PollingSource, form: EmittedForm) -> [String] { [] }

    package static func imports(for source: PollingSource) -> [String] { [] }

    package static func emitter(for source: PollingSource, text: DeclarationText) -> any KindEmitter {
        PollingEmitter(text: text, source: source)
    }

    /// Each declaration stands alone.
    package static func checkAcrossDeclarations(
        _ declarations: [(PublisherDeclaration, PollingSource)], diagnostics: inout DiagnosticCollector
    ) {}

    /// Declarations share no text.
    package static func printShared(
        _ texts: [(text: DeclarationText, source: PollingSource)], to printer: inout SwiftPrinter
    ) {}
}

extension PollingSource: PullSource {
    public static var kind: PublisherKind { .polling }
}
