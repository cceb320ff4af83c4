import PublisherGeneratorCore

/// Random `kind: periodic` declarations: intervals (now and then not positive) and tick values.
enum PeriodicComposer: KindComposer {
    static let kind = PublisherKind.periodic

    static func compose(owner: OwnerType?, uses: [String], in composer: inout DeclarationComposer) -> KindPart {
        let output = composer.composeOutput(owner: owner)
        let interval = interval(in: &composer)
        let entries: [(key: String, value: YAMLValue)] = [
            ("output", .text(output.spelling)), ("interval", .plain(interval.text)),
            ("value", .text(value(owner: owner, output: output, uses: uses, in: &composer))),
        ]
        return KindPart(output: output, entries: entries, invalidBecause: interval.invalidBecause)
    }

    /// A periodic factory is generic over its scheduler, `Context`, unless a declaration names a
    /// type `Context` of its own: then the generic parameter takes another name, so every type is
    /// valid, and a schema that names the world's `Context` proves it compiles.
    static func invalidParameterType(_ type: String) -> String? { nil }

    private static func value(
        owner: OwnerType?, output: Catalog.Output, uses: [String], in composer: inout DeclarationComposer
    ) -> String {
        var choices = output.isVoid ? ["()"] : [owner == nil ? "worldValue()" : "currentValue()"]
        if output.spelling == "Self" { choices.append("self") }
        if output.spelling == "Int" { choices.append("42") }
        if output.spelling == "String" { choices.append(#""tick""#) }
        if output.spelling == "Date" { choices.append("Date()") }
        let value = composer.random.pick(choices)
        return uses.isEmpty ? value : uses.map { $0 + "\n" }.joined() + "return " + value
    }

    private static func interval(in composer: inout DeclarationComposer) -> (text: String, invalidBecause: String?) {
        // A `Double` parameter gives the interval; now and then a name that is none.
        if !composer.doubleParameters.isEmpty, composer.random.chance(0.4) {
            return (composer.random.pick(composer.doubleParameters), nil)
        }
        if composer.random.chance(0.004) {
            return ("undeclaredSeconds", "interval names no parameter")
        }
        if composer.random.chance(0.03) {
            return (composer.random.pick(["0", "-1", "0.0"]), "interval is not positive")
        }
        return (composer.random.pick(["1", "1.0", "0.25", "0.001", "3600", "1e-3", "2.5e2", "1e-7", "86400.5"]), nil)
    }
}
