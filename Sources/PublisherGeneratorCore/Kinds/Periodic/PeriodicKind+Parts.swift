extension PeriodicKind {
    static func decodeSource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> PeriodicSource? {
        let interval = fields["interval"].flatMap { decodeInterval($0, read: &read) }
        let value = fields["value"].flatMap { read.code($0, key: "value") }
        let behavior = read.pushBehavior(fields)
        guard let interval, let value, let behavior else { return nil }
        return PeriodicSource(interval: interval, value: value, behavior: behavior)
    }

    private static func decodeInterval(_ node: YAMLNode, read: inout ScalarReader) -> Located<Double>? {
        guard let interval = read.number(node, key: "interval") else { return nil }
        guard interval.value.isFinite, interval.value > 0 else {
            read.diagnostics.error(
                "'interval' must be greater than zero, but it is \(ScalarReader.format(interval.value))",
                hint: "give the seconds between ticks, e.g. 'interval: 1.0'", at: node.location)
            return nil
        }
        return interval
    }

    /// A periodic factory is generic over `Context`, its scheduler or clock, so a parameter type
    /// naming `Context` would mean that instead. Returns `false` after reporting.
    static func checkCompiles(_ draft: DeclarationDraft, source: PeriodicSource, read: inout ScalarReader) -> Bool {
        var compiles = true
        for parameter in draft.parameters
        where SwiftTypeText.unqualifiedNames(in: parameter.type.value).contains("Context") {
            read.diagnostics.error(
                "the type of parameter '\(parameter.name.value)' names 'Context', which in a periodic factory is the scheduler's type",
                hint: "qualify your type with its module, e.g. 'MyModule.Context'", at: parameter.type.location)
            compiles = false
        }
        return compiles
    }

    /// The Combine factory's scheduler has no default (the async factory's clock has one).
    static func argumentsWithoutDefault(of source: PeriodicSource) -> [String] { ["scheduler"] }

    /// `scheduler:` and `options:` before the declared parameters, or `clock:`.
    static func leadingFactoryLabels(of source: PeriodicSource, form: EmittedForm) -> [String] {
        switch form {
        case .combine: ["scheduler", "options"]
        case .async: ["clock"]
        }
    }

    static func imports(for source: PeriodicSource) -> [String] { [] }

    static func emitter(for source: PeriodicSource, text: DeclarationText) -> any KindEmitter {
        PeriodicEmitter(text: text, source: source)
    }

    /// Each declaration stands alone.
    static func checkAcrossDeclarations(
        _ declarations: [PublisherDeclaration], diagnostics: inout DiagnosticCollector
    ) {}

    /// Declarations share no text.
    static func printShared(_ texts: [DeclarationText], to printer: inout SwiftPrinter) {}
}

extension PeriodicSource: KindSource {
    public var delivery: SourceDelivery { .push(behavior) }
}
