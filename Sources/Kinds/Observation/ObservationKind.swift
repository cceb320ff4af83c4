import GeneratorEmitting
import GeneratorLanguage
import GeneratorModel
import GeneratorValidating

/// `kind: observation`: an expression over the properties of an observed model (`@Observable`).
/// Its value is sent when the subscription attaches, then again after each change of a property
/// it reads, read where the model lives once the change is stored.
package enum ObservationKind: KindDecoding, KindEmitting {
    package typealias Source = ObservationSource
    /// None: `value` is evaluated in a method of the model, where the generated code declares
    /// nothing, and the factories take no parameters.
    package static let namesInScope: [String] = []

    package static let language = KindDescription(
        summary: "an observed model's value (`@Observable`), after each change",
        description:
            "kind observation: an expression over the properties of an observed model (`@Observable`, the Observation module). Its value is sent when the subscription attaches, then again after each change of a property it reads, read where the model lives once the change is stored; the changes made in one turn are sent as one value.",
        // `@Observable` models.
        synonyms: [
            "observable", "observed", "observedmodel", "observablemodel", "observationtracking",
            "withobservationtracking", "model",
        ],
        snippet: LanguageSnippet(
            label: "observation publisher",
            description: "The value of an @Observable model's properties, after each change.",
            body: .fields([
                "name": "${1:Score}", "kind": .string(kind.rawValue), "on": "${2:GameModel}",
                "output": "${3:Int}", "value": "${4:score}",
            ])))

    package static let keys = [
        SharedDeclarationKeys.test.optional,
        SharedDeclarationKeys.owner.required,
        SharedDeclarationKeys.value.required(
            missingHint: valueHint,
            meaning:
                "evaluated on the observed model, whose properties it reads are tracked, e.g. `score` or `(score, lives)`."
        ),
        SharedDeclarationKeys.isolation.optional(
            meaning:
                "the model is read where it lives: on the main actor (the default: a main-actor model), or from any thread for a `nonisolated` `Sendable` model."
        ),
        first.optional,
    ]

    /// What a missing or empty `value` asks for: an expression over the model's properties.
    static let valueHint =
        "add 'value:' with an expression over the model's properties, read on the model after each change, "
        + "e.g. 'value: score' or 'value: (score, lives)'"

    /// `test:` changes the model with `fire`; Observation counts no registrations and a model
    /// does not finish.
    package static let testDriveKeys = (required: ["fire"], refused: ["registrations", "finish", "pulls"])
    package static let refusedTestDriveHint =
        "an observation's model is changed with 'fire:'; Observation counts no registrations and a model never finishes"

    static let first = LanguageKey(
        "first", .choice(LanguageWord.cases(of: ObservationFirstValue.self, meaning: firstMeaning)), .perKind,
        summary: "what is sent first: the current value (default) or the value after the first change",
        description:
            "What an observation sends first. `current` (the default): the value when the subscription attaches, read where the model lives, then the value after each change; a model's state always has a value, as a `@Published` property's publisher sends its own first. `change`: only the value after each change.",
        default: .string(ObservationFirstValue.current.rawValue),
        synonyms: ["sendsCurrentValue"])

    package static let starterSchemaEntry: String? =
        """
          # An @Observable model's properties: the current value, then the value after each change.
          - name: Score
            description: The game's score, then its score after each change.
            kind: observation
            on: GameModel
            output: Int
            value: score
        """

    private static func firstMeaning(_ first: ObservationFirstValue) -> String {
        switch first {
        case .current: "the current value, then the value after each change (the default)"
        case .change: "only the value after each change"
        }
    }
}

extension PublisherKind {
    public static let observation = PublisherKind(spelling: "observation")
}
