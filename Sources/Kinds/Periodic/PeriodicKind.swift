import GeneratorEmitting
import GeneratorLanguage
import GeneratorModel
import GeneratorValidating

/// `kind: periodic`: a repeating timer on any Combine scheduler or any clock. Every `interval`
/// seconds `value` is evaluated and sent.
package enum PeriodicKind: KindDecoding, KindEmitting {
    package typealias Source = PeriodicSource
    package static let namesInScope = ["scheduler", "options", "clock", "publisherValue"]

    package static let language = KindDescription(
        summary: "a repeating timer on a Combine Scheduler",
        description:
            "kind periodic: a repeating timer on any Combine Scheduler (virtual time in tests). Every `interval` seconds `value` is evaluated and sent.",
        // Ticks on a scheduler or a clock.
        synonyms: ["timer", "interval", "tick", "ticks", "schedule", "scheduled", "repeating"],
        snippet: LanguageSnippet(
            label: "periodic publisher",
            description: "A repeating timer on any Combine scheduler.",
            body: .fields([
                "name": "${1:Tick}", "kind": .string(kind.rawValue), "output": "${2:Date}",
                "interval": .number(1.0), "value": "${3:Date()}",
            ])))

    package static let keys = [
        SharedDeclarationKeys.failureSample.optional,
        SharedDeclarationKeys.test.optional,
        SharedDeclarationKeys.owner.optional,
        SharedDeclarationKeys.lifetime.optional,
        SharedDeclarationKeys.factoriesOn.optional,
        interval.required,
        SharedDeclarationKeys.value.required(
            missingHint: valueHint, meaning: "evaluated at every tick, e.g. `Date()`."),
    ]

    /// `test:` makes the owner and nothing more: the tests drive the ticks on their own scheduler
    /// or clock, and a timer has no registrations to count.
    package static let testDriveKeys = (
        required: [String](), refused: ["publisher", "fire", "registrations", "finish", "pulls"]
    )
    package static let refusedTestDriveHint =
        "a periodic publisher's ticks come from the scheduler or clock the generated tests drive: 'test:' takes only 'owner'"

    /// What a missing or empty `value` asks for: the value of each tick.
    static let valueHint = "add 'value:' with a Swift expression evaluated at every tick, e.g. 'value: Date()'"

    static let interval = LanguageKey(
        "interval", .either([.number(greaterThan: 0), .argumentLabel]), .perKind,
        summary: "seconds between ticks, > 0, or the name of a `Double` parameter that gives them",
        description:
            "Seconds between ticks: a number greater than zero, e.g. `1.0`, or the name of a factory parameter of type `Double` (or `TimeInterval`) that gives them: `interval: seconds` with `parameters: [{ name: seconds, type: Double, label: every }]` gives `tickPublisher(scheduler:every:)`. The generated types then take `interval:`, and trap on an interval that is not greater than zero. For an expression, give the parameter a `default:`.",
        examples: [.number(1.0), .number(0.25), "seconds"],
        missingHint: "add 'interval:' with the seconds between ticks, e.g. 'interval: 1.0'",
        synonyms: ["period", "every"])

    package static let starterSchemaEntry: String? =
        """
          # A timer on any Combine scheduler.
          - name: Tick
            kind: periodic
            output: Date
            interval: 1.0
            value: Date()
        """
}

extension PublisherKind {
    public static let periodic = PublisherKind(spelling: "periodic")
}
