import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorLanguage
import GeneratorModel
import GeneratorReading
import GeneratorValidating
import SwiftTypeSyntax

extension PeriodicKind {
    package static func decodeSource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> PeriodicSource?
    {
        let interval = fields["interval"].flatMap { decodeInterval($0, read: &read) }
        let value = fields["value"].flatMap { read.code($0, key: "value", hint: valueHint) }
        let behavior = read.pushBehavior(fields)
        let lifetime = read.streamLifetime(fields, what: what)
        guard let interval, let value, let behavior, let lifetime else { return nil }
        return PeriodicSource(interval: interval, value: value, lifetime: lifetime, behavior: behavior)
    }

    /// A number of seconds, or the name of a factory parameter (checked in `checkCompiles`, which
    /// sees the parameters).
    private static func decodeInterval(_ node: YAMLNode, read: inout ScalarReader) -> Located<PeriodicInterval>? {
        if case .scalar = node.content, case let .string(word) = ScalarValue(node), Double(word) == nil {
            if SwiftNames.isArgumentLabel(word) { return Located(.parameter(word), at: node.location) }
            read.diagnostics.error(
                "'interval' must be a number of seconds or the name of a factory parameter, but '\(word)' is neither",
                hint: acceptedHint, at: node.location)
            return nil
        }
        let scalar = ScalarValue(node)
        var isNumber = false
        if case .scalar = node.content, case .int = scalar { isNumber = true }
        if case .scalar = node.content, case .float = scalar { isNumber = true }
        if case .scalar = node.content, case let .string(word) = scalar, Double(word) != nil { isNumber = true }
        guard isNumber else {
            read.diagnostics.error(
                "'interval' must be a number of seconds or the name of a factory parameter, but it is "
                    + node.kindDescription,
                hint: acceptedHint, at: node.location)
            return nil
        }
        guard let interval = read.number(node, key: "interval") else { return nil }
        guard interval.value.isFinite, interval.value > 0 else {
            read.diagnostics.error(
                "'interval' must be greater than zero, but it is \(ScalarReader.format(interval.value))",
                hint: "give the seconds between ticks, e.g. 'interval: 1.0'", at: node.location)
            return nil
        }
        return Located(.seconds(interval.value), at: interval.location)
    }

    private static let acceptedHint =
        "write the seconds between ticks, e.g. 'interval: 1.0', or a parameter's name, e.g. 'interval: seconds' "
        + "with 'parameters: [{ name: seconds, type: Double }]'; for an expression, give that parameter a 'default:'"

    /// The types a parameter that gives the interval may have: seconds, as the generated types take them.
    /// A parameter's type is compared as ``SwiftType`` prints it, so `Swift . Double` is `Swift.Double`.
    private static let intervalTypes: Set<String> = [
        "Double", "Swift.Double", "TimeInterval", "Foundation.TimeInterval",
    ]

    /// A parameter that gives the interval is seconds. (The factories' generic parameter, the
    /// scheduler's or clock's type, is named to capture none of the declaration's types.)
    /// Returns `false` after reporting.
    package static func checkCompiles(
        _ draft: DeclarationDraft, source: PeriodicSource, read: inout ScalarReader
    ) -> Bool {
        var compiles = true
        if case let .parameter(name) = source.interval.value {
            if let parameter = draft.parameters.first(where: { $0.name.value == name }) {
                if !intervalTypes.contains(SwiftType(parsing: parameter.type.value)?.description ?? "") {
                    read.diagnostics.error(
                        "'interval' names parameter '\(name)', whose type is '\(parameter.type.value)', but the interval "
                            + "is seconds as a 'Double'",
                        hint: "declare '\(name)' with 'type: Double' (or 'TimeInterval')", at: parameter.type.location)
                    compiles = false
                }
            } else {
                let declared = draft.parameters.map { "'\($0.name.value)'" }
                read.diagnostics.error(
                    "'interval' is '\(name)', which is not a parameter of \(draft.what)"
                        + (declared.isEmpty ? ", which has none" : " (\(declared.joined(separator: ", ")))"),
                    hint: acceptedHint, at: source.interval.location)
                compiles = false
            }
        }
        return compiles
    }

    /// None the tests must be given: the Combine factory's scheduler has no default (the async
    /// factory's clock has one), but the tests through the owner (`test:`) pass their own.
    package static func argumentsWithoutDefault(of source: PeriodicSource) -> [String] { [] }

    /// `scheduler:` and `options:` before the declared parameters, or `clock:`.
    package static func leadingFactoryLabels(of source: PeriodicSource, form: EmittedForm) -> [String] {
        switch form {
        case .combine: ["scheduler", "options"]
        case .async: ["clock"]
        }
    }

    package static func imports(for source: PeriodicSource) -> [String] { [] }

    package static func emitter(for source: PeriodicSource, text: DeclarationText) -> any KindEmitter {
        PeriodicEmitter(text: text, source: source)
    }

    /// Each declaration stands alone.
    package static func checkAcrossDeclarations(
        _ declarations: [(PublisherDeclaration, PeriodicSource)], diagnostics: inout DiagnosticCollector
    ) {}

    /// Declarations share no text.
    package static func printShared(
        _ texts: [(text: DeclarationText, source: PeriodicSource)], to printer: inout SwiftPrinter
    ) {}
}

extension PeriodicSource: PushSource {
    public static var kind: PublisherKind { .periodic }
}
