extension PollingKind {
    static func decodeSource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> PollingSource? {
        fields["next"].flatMap { read.code($0, key: "next") }.map(PollingSource.init(next:))
    }

    /// `next` is called inside a closure whose only name is in ``namesInScope``.
    static func checkCompiles(_ draft: DeclarationDraft, source: PollingSource, read: inout ScalarReader) -> Bool {
        true
    }

    static func argumentsWithoutDefault(of source: PollingSource) -> [String] { [] }

    /// The factories take only the declared parameters.
    static func leadingFactoryLabels(of source: PollingSource, form: EmittedForm) -> [String] { [] }

    static func imports(for source: PollingSource) -> [String] { [] }

    static func emitter(for source: PollingSource, text: DeclarationText) -> any KindEmitter {
        PollingEmitter(text: text, source: source)
    }

    /// Each declaration stands alone.
    static func checkAcrossDeclarations(
        _ declarations: [PublisherDeclaration], diagnostics: inout DiagnosticCollector
    ) {}

    /// Declarations share no text.
    static func printShared(_ texts: [DeclarationText], to printer: inout SwiftPrinter) {}
}

extension PollingSource: KindSource {
    public var delivery: SourceDelivery { .pull }
}
