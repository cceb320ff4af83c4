import GeneratorModel

/// Declaration keys that several kinds take, defined once; each kind's unit says whether it takes
/// one (``KindLanguage/keys``), and the language made from the kinds (``SchemaLanguage/init(kinds:)``)
/// fills in which kinds do.
package enum SharedDeclarationKeys {
    package static let owner = LanguageKey(
        "on", .swiftType, .perKind,
        definition: "owner",
        summary: "owner type; gets the factory, evaluates the expressions",
        description:
            "The owner type: it gets the factory method (`player.playheadProgressPublisher()`) and the Swift code of this declaration is evaluated on it. Required for targetAction, where it is the sender, e.g. `UIControl`. Optional elsewhere: without it the publisher is built on its own.",
        examples: ["UIControl", "NSControl"],
        missingHint: "add 'on:' with the sender's type, e.g. 'on: UIControl'",
        synonyms: ["owner"])

    package static let factoriesOn = LanguageKey(
        "factoriesOn", .choice(LanguageWord.cases(of: FactoryPlacement.self, meaning: placementMeaning)), .perKind,
        summary: "`type` makes the factories static methods of the owner (`on:`)",
        description:
            "Where the factories are: `instance` (the default), methods of an object of the owner type, or `type`, static methods of the owner type itself, for a source that belongs to the type rather than to one of its objects: `UIApplication.didEnterBackgroundPublisher()`, as RxCocoa's `UIApplication.rx.didEnterBackground`. With `type`, `on:` is required and names the type; the declaration's code runs in a static method of it, where `self` is the type, so its static members (`shared`, a notification's name) are in scope unqualified. There is no instance: a notification's `object:` is `nil` or a parameter, and a shared instance is named (`shared`) or passed as a parameter with a default, which lets tests pass one of their own. Taken by the kinds whose source can belong to a type rather than be attached to an object.",
        default: .string(FactoryPlacement.instance.rawValue),
        synonyms: ["static", "staticFactories", "factoriesPlacement", "placement"])

    private static func placementMeaning(_ placement: FactoryPlacement) -> String {
        switch placement {
        case .instance: "methods of an object of the owner type: `player.progressPublisher()`"
        case .type: "static methods of the owner type: `UIApplication.didEnterBackgroundPublisher()`"
        }
    }

    package static let typeParameters = LanguageKey(
        "typeParameters", .list(of: .mapping(SchemaLanguage.typeParameter), orEmpty: false), .perKind,
        summary: "type parameters the factories and the generated types are generic over (below)",
        description:
            "Type parameters the declaration is generic over, each with an optional constraint and the concrete type generated tests use: `- { name: Model, testType: String }`. The factories are generic over them (`modelSelectedPublisher<Model>(_ modelType: Model.Type)`), and so are the generated types (`ModelSelectedPublisher<Model>`); `output`, `parameters` and the declaration's code may use them. Each is `Sendable` besides its constraint (the generated types capture it in closures that run on any thread). A single capital letter (`T`) that the declaration uses without declaring it is an error.",
        synonyms: ["generics", "genericParameters", "typeParams"])

    package static let failure = LanguageKey(
        "failure", .swiftType, .perKind,
        summary: "error type, default `Never`",
        description:
            "The Swift error type the publisher can fail with, e.g. `Error`; `Never` when left out. callback: `register` calls `fail(_:)`; polling: an error thrown by `next` fails the publisher.",
        examples: ["Error"],
        synonyms: ["error", "failureType"])

    package static let failureSample = LanguageKey(
        "failureSample", .swiftCode, .perKind,
        summary: "a value of the failure type for generated failure tests",
        description:
            "A Swift expression of the failure type that generated tests fail the publisher with, e.g. `MediaPlayer.PlaybackError.decodingFailed`. Without it only publishers whose failure is `Error` get failure tests (they use a failure of their own)."
    )

    package static let test = LanguageKey(
        "test", .mapping(SchemaLanguage.testDrive), .perKind,
        summary: "how generated tests drive the real owner (below)",
        description:
            "How generated tests drive this declaration through its real owner: an instance of the owner (a test double or the real type), how to make the source report a value, and how to count live registrations. With it the generated tests subscribe through the owner's factory, so they run the schema's own `register`, `unregister`, `next`, `value` and `event`; without it they only drive the publisher from closures."
    )

    package static let value = LanguageKey(
        "value", .swiftCode, .perKind,
        summary: "expression each value is made of; what it is evaluated on depends on the kind",
        description: "A Swift expression producing each value.",
        examples: ["Date()", "isOn"],
        missingHint: "add 'value:' with the Swift expression each value is made of")

    package static let initial = LanguageKey(
        "initial", .swiftCode, .perKind,
        summary: "expression for the current value, sent first when the source is attached",
        description:
            "A Swift expression evaluated right after the source is attached, whose value is sent before any event: the current value, as a control property or key-value observation with `.initial` sends it. It obeys demand and `whenNoDemand` like any value (with `start: onDemand` it meets the first demand; the first `next()` of a sequence returns it). For a main-actor source it is evaluated on the main actor in the same turn as the attach, so no event comes between; for a nonisolated one it is evaluated on the attaching thread after the attach, so an event from another thread may arrive before it, never one lost in between. Example: `isOn`.",
        examples: ["isOn", "text ?? \"\"", "contentOffset"],
        synonyms: ["currentValue", "startWith", "prepend"])

    package static let isolation = LanguageKey(
        "isolation", .choice(LanguageWord.cases(of: SourceIsolation.self, meaning: isolationMeaning)), .perKind,
        summary: "where the source may be called; `mainActor` for UIKit and AppKit",
        description:
            "Where the source may be called. `mainActor`: it is attached and detached on the main actor, synchronously when the subscribing thread is the main thread and by a hop to it otherwise, and the declaration's code is main-actor code. `nonisolated`: the source is called on whatever thread subscribes, requests or cancels."
    )

    package static let lifetime = LanguageKey(
        "lifetime", .choice(LanguageWord.cases(of: StreamLifetime.self, meaning: lifetimeMeaning)), .perKind,
        summary: "`endsWithOwner` holds the owner (`on:`) weakly and finishes with it",
        description:
            "Whether each subscription and iteration keeps its owner (`on:`) alive. `keepsOwner` (the default): each consumer holds the owner until it ends, as Combine's own publishers hold their object, for an owner that is a service the app expects to stay alive while it is observed. `endsWithOwner`: each consumer holds the owner weakly, and when the owner is deallocated the publisher sends `.finished` (even with a declared `failure`) after the values kept for lack of demand and a `for await` loop ends, with nothing after; for an owner that is the source itself (a view, a model) and may store its own subscriptions. A callback's `unregister` does not run once the owner is gone (its registrations went with it), so `register` should register with the owner itself. The owner must be a class; requires `on:` with instance factories.",
        default: .string(StreamLifetime.keepsOwner.rawValue),
        synonyms: ["endsWithOwner", "ownerLifetime", "weakOwner", "holdOwner"])

    private static func lifetimeMeaning(_ lifetime: StreamLifetime) -> String {
        switch lifetime {
        case .keepsOwner: "each consumer keeps its owner alive until it ends"
        case .endsWithOwner: "each consumer holds its owner weakly and finishes when it is deallocated"
        }
    }

    private static func isolationMeaning(_ isolation: SourceIsolation) -> String {
        switch isolation {
        case .mainActor:
            "attach, detach and the declaration's code run on the main actor (required for UIKit and AppKit senders)"
        case .nonisolated:
            "the source is called on the subscribing thread (the default for native senders and callbacks)"
        }
    }

    static let whenNoDemand = LanguageKey(
        "whenNoDemand",
        .either([.choice(SchemaLanguage.noDemandWords), .mapping(SchemaLanguage.bufferPolicy)]), .perKind,
        definition: "noDemandPolicy",
        summary: "what happens to an event that arrives without demand (below)",
        description:
            "What a push publisher does with an event that arrives while its subscriber has no outstanding demand, and a sequence with one that arrives while its consumer is not awaiting `next()`. Left out, an event source's publisher drops it, as a `PassthroughSubject` does, and its sequence keeps every value, as an `AsyncStream` does by default, so that a `for await` loop misses nothing; a source of values rather than events (ticks, an observed model) keeps its kind's default in both forms, which its article gives. Written, it applies to both forms.",
        // No single default: it depends on the kind and the form (the description gives them), so
        // the JSON Schema names none rather than `drop`, which is wrong for a sequence of events.
        synonyms: ["backpressure", "onNoDemand"])

    static let start = LanguageKey(
        "start", .choice(LanguageWord.cases(of: StartPolicy.self, meaning: SchemaLanguage.startMeaning)),
        .perKind, definition: "startPolicy",
        summary: "when a push publisher attaches to its source",
        description: "When a push publisher attaches to its source.",
        default: .string(StartPolicy.onDemand.rawValue),
        synonyms: ["startPolicy"])
}
