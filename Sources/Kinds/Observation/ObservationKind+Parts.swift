import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel
import GeneratorValidating

extension ObservationKind {
    package static func decodeSource(
        _ fields: MappingReader, what: String, read: inout ScalarReader
    ) -> ObservationSource? {
        let value = fields["value"].flatMap { read.code($0, key: "value", hint: valueHint) }
        let isolation = FieldValue(fields["isolation"]) {
            read.choice($0, key: "isolation", as: SourceIsolation.self)
        }
        let first = FieldValue(fields["first"]) { read.choice($0, key: "first", as: ObservationFirstValue.self) }
        let declared = read.pushBehavior(fields)
        guard let value, var behavior = declared, !isolation.isInvalid, !first.isInvalid else { return nil }
        if !behavior.isNoDemandDeclared {
            // A model's state, not a stream of events: a subscriber that asks late wants the
            // state now, which the latest value is, and must not lose the last one.
            behavior = PushBehavior(whenNoDemand: .latest, start: behavior.start, isNoDemandDeclared: true)
        }
        return ObservationSource(
            value: value, isolation: isolation.value?.value ?? .mainActor, first: first.value?.value ?? .current,
            behavior: behavior)
    }

    /// The value is read on the model alone, in a method of the owner, so it takes no factory
    /// parameters. Returns `false` after reporting.
    package static func checkCompiles(
        _ draft: DeclarationDraft, source: ObservationSource, read: inout ScalarReader
    ) -> Bool {
        guard let parameter = draft.parameters.first else { return true }
        read.diagnostics.error(
            "\(draft.what) is an observation, whose value is read on the model alone, so it takes no 'parameters'",
            hint: "remove 'parameters:'; read what the value needs from the model's properties",
            at: parameter.name.location)
        return false
    }

    package static func argumentsWithoutDefault(of source: ObservationSource) -> [String] { [] }

    /// The factories take nothing.
    package static func leadingFactoryLabels(of source: ObservationSource, form: EmittedForm) -> [String] { [] }

    /// `withObservationTracking`.
    package static func imports(for source: ObservationSource) -> [String] { ["Observation"] }

    package static func emitter(for source: ObservationSource, text: DeclarationText) -> any KindEmitter {
        ObservationEmitter(text: text, source: source)
    }

    /// Each declaration stands alone.
    package static func checkAcrossDeclarations(
        _ declarations: [(PublisherDeclaration, ObservationSource)], diagnostics: inout DiagnosticCollector
    ) {}

    /// Declarations share no text.
    package static func printShared(
        _ texts: [(text: DeclarationText, source: ObservationSource)], to printer: inout SwiftPrinter
    ) {}
}

extension ObservationSource: PushSource {
    public static var kind: PublisherKind { .observation }
}
