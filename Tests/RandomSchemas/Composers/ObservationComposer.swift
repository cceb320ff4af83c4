import PublisherGeneratorCore

/// Random `kind: observation` declarations: a value read on a class model, on the main actor or,
/// for the world's `Sendable` model, from any thread; the current value first or not.
enum ObservationComposer: KindComposer {
    static let kind = PublisherKind.observation
    static let requiresOwner = true

    /// The model is held weakly, so it is a class.
    static func accepts(_ owner: OwnerType) -> Bool { owner.isClass }

    /// An observation's value is read on the model alone: its factories take no parameters.
    static let takesParameters = false

    static func invalidParameterType(_ type: String) -> String? {
        "an observation takes no parameters"
    }

    static func compose(owner: OwnerType?, uses: [String], in composer: inout DeclarationComposer) -> KindPart {
        let output = composer.composeOutput(owner: owner)
        var entries: [(key: String, value: YAMLValue)] = [
            ("output", .text(output.spelling)), ("value", .text(value(output: output, in: &composer))),
        ]
        // Only a `Sendable` model may be read from any thread; the others are read on the main actor.
        if owner?.isSendable == true, composer.random.chance(0.6) {
            entries.append(("isolation", .plain("nonisolated")))
        } else if composer.random.chance(0.3) {
            entries.append(("isolation", .plain("mainActor")))
        }
        if composer.random.chance(0.3) {
            entries.append(("first", .plain(composer.random.pick(["current", "change"]))))
        }
        return KindPart(output: output, entries: entries)
    }

    private static func value(output: Catalog.Output, in composer: inout DeclarationComposer) -> String {
        var choices = output.isVoid ? ["()"] : ["currentValue()"]
        if output.spelling == "Self" { choices.append("self") }
        if output.spelling == "Int" { choices += ["level", "level + 1"] }
        if output.spelling == "(Int, String)" { choices.append(#"(level, "\(level)")"#) }
        return composer.random.pick(choices)
    }
}
