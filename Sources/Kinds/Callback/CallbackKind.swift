import GeneratorEmitting
import GeneratorLanguage
import GeneratorModel
import GeneratorValidating

/// `kind: callback`: a registration API. `register` starts observing and its value is the token
/// `unregister` gets back.
package enum CallbackKind: KindDecoding, KindEmitting {
    package typealias Source = CallbackSource
    package static let namesInScope = [
        "send", "finish", "fail", "token", "publisherAttach", "publisherRegistration", "publisherDetach",
        "publisherInitial",
    ]

    package static let language = KindDescription(
        summary: "a registration API (register returns a token, unregister takes it back)",
        description:
            "kind callback: a registration API. `register` starts observing and returns a token; `unregister` gives the token back when the subscription ends.",
        // Registration APIs, which take a closure and give back something to remove.
        synonyms: [
            "notification", "notifications", "notificationcenter", "kvo", "keyvalueobserving", "keyvalueobservation",
            "keypath", "observer", "closure", "handler", "listener", "register", "callbacks",
        ],
        snippet: LanguageSnippet(
            label: "callback publisher",
            description: "A registration API: register returns a token, unregister takes it back.",
            body: .fields([
                "name": "${1:Progress}", "kind": .string(kind.rawValue), "on": "${2:Owner}",
                "output": "${3:Double}", "register": #"${4:addObserver { value in send(value) \}}"#,
                "unregister": "${5:removeObserver(token)}",
                "whenNoDemand": .string("${6|" + NoDemandPolicy.scalarSpellings.joined(separator: ",") + "|}"),
            ])))

    package static let keys = [
        SharedDeclarationKeys.failureSample.optional,
        SharedDeclarationKeys.test.optional,
        SharedDeclarationKeys.owner.optional,
        SharedDeclarationKeys.lifetime.optional,
        SharedDeclarationKeys.typeParameters.optional,
        SharedDeclarationKeys.factoriesOn.optional,
        SharedDeclarationKeys.failure.optional,
        register.required,
        unregister.optional,
        token.optional,
        SharedDeclarationKeys.initial.optional(
            meaning: "evaluated on the owner right after the callback is registered."),
        SharedDeclarationKeys.isolation.optional(
            meaning:
                "`nonisolated` by default; with `mainActor`, `register`, `initial` and `unregister` run on the main actor (key-value observation of UIKit objects)."
        ),
    ]

    static let register = LanguageKey(
        "register", .swiftCode, .perKind,
        summary: "Swift code that starts observing; its value is the token",
        description:
            "Swift statements run on the owner to start observing, with `send(_:)`, `finish()`, `fail(_:)` and the parameters in scope. Their value, if any, is the registration token handed to `unregister`. Example: `addPeriodicTimeObserver(forInterval: interval) { seconds in send(seconds) }`. Use a block scalar (`|`) for several lines.",
        missingHint: "add 'register:' with Swift code that starts observing and calls send(_:)",
        synonyms: ["subscribe", "observe"])
    static let unregister = LanguageKey(
        "unregister", .swiftCode, .perKind,
        summary: "Swift code with `token` in scope; leave out for one-shot APIs",
        description:
            "Swift statements run on the owner to stop observing, with `token` (what `register` returned) in scope, e.g. `removeTimeObserver(token)`. Leave out for one-shot APIs that cannot be cancelled.",
        synonyms: ["cancel", "remove"])
    static let token = LanguageKey(
        "token", .swiftType, .perKind,
        summary: "the token's type; type-erased when left out",
        description:
            "The Swift type of the registration token `register` returns, e.g. `NSObjectProtocol`. Leave out to let the generator keep the token type-erased.",
        examples: ["NSObjectProtocol", "AnyCancellable"])

    package static let starterSchemaEntry: String? =
        """
          # A registration API: 'register' returns a token, 'unregister' gives it back.
          - name: Progress
            description: Reports progress while a download runs.
            kind: callback
            on: Downloader
            output: Double
            register: addProgressObserver { fraction in send(fraction) }
            unregister: removeProgressObserver(token)
            whenNoDemand: latest          # drop | latest | { buffer: 16, whenFull: dropOldest }
        """
}

extension PublisherKind {
    public static let callback = PublisherKind(spelling: "callback")
}
