/// Declaration keys that several kinds take, defined once; each kind's unit says whether it takes
/// one (``SourceKind/keys``), and ``KindRegistry`` fills in which kinds do.
enum SharedDeclarationKeys {
    static let owner = LanguageKey(
        "on", .swiftType, .perKind,
        definition: "owner",
        summary: "owner type; gets the factory, evaluates the expressions",
        description:
            "The owner type: it gets the factory method (`player.playheadProgressPublisher()`) and the Swift code of this declaration is evaluated on it. Required for targetAction, where it is the sender, e.g. `UIControl`. Optional elsewhere: without it the publisher is built on its own.",
        examples: ["UIControl", "NSControl"],
        missingHint: "add 'on:' with the sender's type, e.g. 'on: UIControl'",
        synonyms: ["owner"])

    static let failure = LanguageKey(
        "failure", .swiftType, .perKind,
        summary: "error type, default `Never`",
        description:
            "The Swift error type the publisher can fail with, e.g. `Error`; `Never` when left out. callback: `register` calls `fail(_:)`; polling: an error thrown by `next` fails the publisher.",
        examples: ["Error"],
        synonyms: ["error", "failureType"])

    static let failureSample = LanguageKey(
        "failureSample", .swiftCode, .perKind,
        summary: "a value of the failure type for generated failure tests",
        description:
            "A Swift expression of the failure type that generated tests fail the publisher with, e.g. `MediaPlayer.PlaybackError.decodingFailed`. Without it only publishers whose failure is `Error` get failure tests (they use a failure of their own)."
    )

    static let test = LanguageKey(
        "test", .mapping(SchemaLanguage.testDrive), .perKind,
        summary: "how generated tests drive the real owner (below)",
        description:
            "How generated tests drive this declaration through its real owner: an instance of the owner (a test double or the real type), how to make the source report a value, and how to count live registrations. With it the generated tests subscribe through the owner's factory, so they run the schema's own `register`, `unregister`, `next`, `value` and `event`; without it they only drive the publisher from closures."
    )

    static let value = LanguageKey(
        "value", .swiftCode, .perKind,
        summary: "expression sent for each event / tick; without it targetAction sends the sender",
        description:
            "A Swift expression producing each value. periodic (required): evaluated at every tick, e.g. `Date()`. targetAction (optional): evaluated on the sender for each event, e.g. `isOn`; without it the sender itself is sent.",
        examples: ["Date()", "isOn"],
        missingHint: "add 'value:' with a Swift expression evaluated at every tick, e.g. 'value: Date()'")

    static let isolation = LanguageKey(
        "isolation", .choice(LanguageWord.cases(of: SourceIsolation.self, meaning: isolationMeaning)), .perKind,
        summary: "where the source may be called; `mainActor` for UIKit and AppKit",
        description:
            "Where the source may be called. `mainActor`: it is attached and detached on the main actor, synchronously when the subscribing thread is the main thread and by a hop to it otherwise, and the declaration's code is main-actor code; the only choice for `uikit` and `appkit` senders, and the default for them and for delegates. `nonisolated`: the source is called on whatever thread subscribes, requests or cancels; the default for `native` senders, and for delegates whose protocol is not main-actor (`CLLocationManagerDelegate`)."
    )

    private static func isolationMeaning(_ isolation: SourceIsolation) -> String {
        switch isolation {
        case .mainActor:
            "attach, detach and the declaration's code run on the main actor (required for uikit and appkit)"
        case .nonisolated: "the source is called on the subscribing thread (the default for native senders)"
        }
    }

    static let whenNoDemand = LanguageKey(
        "whenNoDemand",
        .either([.choice(SchemaLanguage.noDemandWords), .mapping(SchemaLanguage.bufferPolicy)]), .perKind,
        definition: "noDemandPolicy",
        summary: "what happens to an event that arrives without demand (below)",
        description:
            "What a push publisher does with an event that arrives while its subscriber has no outstanding demand.",
        default: .string("drop"),
        synonyms: ["backpressure", "onNoDemand"])

    static let start = LanguageKey(
        "start", .choice(LanguageWord.cases(of: StartPolicy.self, meaning: SchemaLanguage.startMeaning)),
        .perKind, definition: "startPolicy",
        summary: "when a push publisher attaches to its source",
        description: "When a push publisher attaches to its source.",
        default: .string(StartPolicy.onDemand.rawValue),
        synonyms: ["startPolicy"])
}
