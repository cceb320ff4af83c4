import GeneratorEmitting
import GeneratorLanguage
import GeneratorModel
import GeneratorValidating

/// `kind: delegate`: methods of a delegate protocol. All declarations on one owner type's delegate
/// property share one proxy per owner object, installed by the first consumer and removed by the
/// last, which forwards every call to the app's own delegate.
package enum DelegateKind: KindDecoding, KindEmitting {
    package typealias Source = DelegateSource
    package static let namesInScope = [
        "send", "finish", "fail", "publisherAttach", "publisherHandlers", "publisherDetach", "publisherInitial",
    ]

    package static let language = KindDescription(
        summary: "methods of a delegate protocol, through one shared proxy per object",
        description:
            "kind delegate: methods of a delegate protocol. The owner's delegate property is set to a proxy shared by every publisher and sequence on it, installed by the first consumer and removed by the last; the app's own delegate keeps receiving every call.",
        synonyms: ["delegateproxy", "proxy", "delegatemethod", "delegates"],
        snippet: LanguageSnippet(
            label: "delegate publisher",
            description: "Calls of a delegate method, through a proxy that keeps the app's delegate working.",
            body: .fields([
                "name": "${1:DidSelectRow}", "kind": .string(kind.rawValue), "on": "${2:UITableView}",
                "protocol": "${3:UITableViewDelegate}", "output": "${4:IndexPath}",
                "methods": .array([
                    .fields([
                        "method": "${5:tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)}",
                        "body": "${6:send(indexPath)}",
                    ])
                ]),
            ])))

    package static let keys = [
        SharedDeclarationKeys.failureSample.optional,
        SharedDeclarationKeys.test.optional,
        SharedDeclarationKeys.owner.required,
        SharedDeclarationKeys.typeParameters.optional,
        SharedDeclarationKeys.failure.optional,
        protocolKey.required,
        property.optional,
        runtime.optional,
        SharedDeclarationKeys.isolation.optional(
            meaning:
                "`mainActor` by default; `nonisolated` for a delegate whose protocol is not main-actor (`CLLocationManagerDelegate`)."
        ),
        protocolIsolation.optional,
        methods.required,
        requiredMethods.optional,
        SharedDeclarationKeys.initial.optional(
            meaning: "evaluated on the owner right after the consumer joins the owner's delegate proxy."),
    ]

    static let protocolKey = LanguageKey(
        "protocol", .swiftType, .perKind,
        summary: "the delegate protocol, e.g. `UITableViewDelegate`",
        description:
            "The delegate protocol the owner's delegate property holds, e.g. `UITableViewDelegate`. Every declaration on the same owner type and property names the same protocol: they share one proxy.",
        missingHint: "add 'protocol:' with the delegate protocol, e.g. 'protocol: UITableViewDelegate'",
        synonyms: ["delegateProtocol"])
    static let property = LanguageKey(
        "property", .shared(.propertyPath), .perKind,
        summary: "the owner's delegate property, or a path to it; `delegate` when left out",
        description:
            "The owner's property that holds the delegate: `delegate` when left out, `dataSource` or any other property of the protocol's type. The owner must hold it as UIKit does, weakly or strongly; the proxy is kept alive while consumers exist. A path reaches a delegate the owner's property holds, e.g. `textStorage.delegate` on `UITextView`: the factories stay on the owner, and the proxy belongs to the object that holds the delegate, read once when a consumer starts.",
        default: .string("delegate"), synonyms: ["delegateProperty"])
    static let protocolIsolation = LanguageKey(
        "protocolIsolation", .choice(LanguageWord.cases(of: SourceIsolation.self)), .perKind,
        summary: "`nonisolated` for a nonisolated protocol of a main-actor owner",
        description:
            "The delegate protocol's isolation, when it is not the owner's: `nonisolated` for a protocol such as `NSTextStorageDelegate`, whose owner (a `UITextView` through `textStorage.delegate`) is main-actor. The main-actor proxy then conforms with `@preconcurrency` (SE-0423): a call on another thread stops at a run-time check instead of racing. Only with `isolation: mainActor`, the default.",
        synonyms: ["delegateIsolation"])
    static let runtime = LanguageKey(
        "runtime", .choice(LanguageWord.cases(of: DelegateRuntime.self, meaning: runtimeMeaning)), .perKind,
        summary: "`objc` for Apple's `@objc` protocols, `native` for Swift protocols",
        description:
            "The protocol's world. `objc` (the default): an `@objc` protocol with optional methods, as UIKit, AppKit, CoreLocation and WebKit declare them; the proxy is an `NSObject` that calls the app's delegate only where it implements a method, and hands it every selector the proxy does not declare (`responds(to:)`, `forwardingTarget(for:)`), so its other methods keep working. `native`: a Swift class-bound protocol, which needs no Objective-C runtime (Linux, test doubles); the proxy forwards the declared methods, and the protocol's other methods must have default implementations.",
        default: .string(DelegateRuntime.objc.rawValue))
    static let methods = LanguageKey(
        "methods", .list(of: .mapping(method), orEmpty: false), .perKind,
        summary: "the protocol methods that feed the stream, each with its `body`",
        description:
            "The protocol methods that feed the stream, each a mapping with `method` (its signature as the protocol declares it), `body` (Swift statements that call `send`, `finish` or `fail`) and, for a method that returns a value, `answer`.",
        missingHint:
            "add 'methods:' with '- { method: \"tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)\", body: send(indexPath) }'"
    )

    static let requiredMethods = LanguageKey(
        "requiredMethods", .list(of: .mapping(requiredMethod), orEmpty: false), .perKind,
        summary: "the protocol's required methods, each with the `answer` it gives without an app delegate",
        description:
            "The protocol's required methods (`UITableViewDataSource`'s `tableView(_:numberOfRowsInSection:)` and `tableView(_:cellForRowAt:)`, say), which the proxy must implement whether or not a consumer observes them: each a mapping with `method` and, for a method that returns a value, `answer`, what the proxy returns while the owner has no app delegate. With one, the app's delegate answers. Declarations on the same property share them: write them once, on any of those declarations. A method may also be observed, in `methods`, without repeating its `answer` there.",
        missingHint:
            "add 'requiredMethods:' with '- { method: \"tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int\", answer: \"0\" }'",
        synonyms: ["required"])

    static let requiredMethod = LanguageScope(
        name: "delegateRequiredMethod",
        description:
            "A required method of the delegate protocol. The proxy always implements it: it calls the app's own delegate when there is one, and returns `answer` otherwise.",
        summary: "a required method of the protocol",
        example: "{ method: 'numberOfComponents(in pickerView: UIPickerView) -> Int', answer: '1' }",
        keys: [
            LanguageKey(
                "method", .swiftCode, .required,
                summary: "its signature, as the protocol declares it",
                description:
                    "The method's signature as the protocol declares it, without `func`, ending in `-> Type` when it returns a value. Its parameter names are in scope in `answer`.",
                missingHint:
                    "add 'method:' with the signature, e.g. 'tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int'"
            ),
            LanguageKey(
                "answer", .swiftCode, .optional,
                summary: "what the proxy returns without an app delegate; required when the method returns a value",
                description:
                    "A Swift expression of the method's return type, with its parameters in scope, that the proxy returns while the owner has no app delegate: `0` rows, or a dequeued cell (`tableView.dequeueReusableCell(withIdentifier: \"Cell\") ?? UITableViewCell()`; a collection view raises for a cell made with an initializer, and for an identifier nobody registered). What the owner shows then is what these answers say."
            ),
        ])

    static let method = LanguageScope(
        name: "delegateMethod",
        description:
            "A protocol method that feeds the stream. Each call of it reaches the app's own delegate first, then runs `body` once for each consumer.",
        summary: "a protocol method that feeds the stream",
        example:
            "{ method: 'textFieldShouldReturn(_ textField: UITextField) -> Bool', answer: 'true', body: 'send(())' }",
        keys: [
            LanguageKey(
                "method", .swiftCode, .required,
                summary: "its signature, as the protocol declares it",
                description:
                    "The method's signature as the protocol declares it, without `func`: `tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)`, ending in `-> Type` when it returns a value. Its parameter names are in scope in `body` and `answer`.",
                missingHint: "add 'method:' with the signature, e.g. 'scrollViewDidScroll(_ scrollView: UIScrollView)'"),
            LanguageKey(
                "body", .swiftCode, .required,
                summary: "Swift statements that `send`, `finish` or `fail`",
                description:
                    "Swift statements run once per consumer for each call, with the method's parameters, the factory's parameters and `send(_:)`, `finish()` and `fail(_:)` in scope, e.g. `send(indexPath)` or `for location in locations { send(location) }`.",
                missingHint: "add 'body:' with Swift code that calls send(_:), e.g. \(bodyExample)"),
            LanguageKey(
                "answer", .swiftCode, .optional,
                summary:
                    "what the proxy returns when the app's delegate does not; required when the method returns a value",
                description:
                    "For a method that returns a value: a Swift expression of its return type, with the method's parameters in scope, that the proxy returns when the app's own delegate does not implement the method, e.g. `true` for `textFieldShouldReturn`. When the app's delegate implements it, its answer wins. A required method's answer is written in `requiredMethods` instead."
            ),
        ])

    /// The keys of `methods` and `requiredMethods`, as the decoder checks them.
    /// What a missing `body` suggests where the method's signature is unknown.
    static let bodyExample = "'body: send(indexPath)'"

    static let methodKeys = SchemaVocabulary.KeySet(method)
    static let requiredMethodKeys = SchemaVocabulary.KeySet(requiredMethod)

    package static let starterSchemaEntry: String? = nil

    private static func runtimeMeaning(_ runtime: DelegateRuntime) -> String {
        switch runtime {
        case .objc:
            "an @objc protocol with optional methods; undeclared selectors reach the app's delegate (the default)"
        case .native: "a Swift class-bound protocol; no Objective-C runtime"
        }
    }
}

extension PublisherKind {
    public static let delegate = PublisherKind(spelling: "delegate")
}
