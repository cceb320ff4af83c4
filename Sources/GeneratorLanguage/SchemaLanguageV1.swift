import GeneratorModel

/// Schema language version 1, written once: every key of every mapping, which kinds take it,
/// what its value looks like, and what it means.
///
/// Derived from it: ``SchemaVocabulary`` (the key sets the decoder checks), the JSON Schema in
/// `Schemas/publishers.schema.json` and the key tables of the DocC article `SchemaReference.md`.
/// After changing anything here run
/// `RECORD_GOLDENS=1 swift test --filter SchemaLanguageDocumentsTests` to rewrite both.
/// The spellings of access levels and policies come from their enums in `Model/`; the kinds, their
/// keys and the names they reserve come from the kinds' units the language is made with
/// (``init(kinds:)``), which the pipeline's `KindRegistry` passes down.
public struct SchemaLanguage: Sendable {
    /// Every kind, in the registry's order.
    public let kinds: [PublisherKind]
    /// The kinds' units by kind.
    let units: [PublisherKind: any KindLanguage.Type]
    /// The kinds' spellings for messages: `callback, polling, …`.
    package let listForMessages: String
    /// The keys some kind takes, each with the kinds that take it (``declarationKeys(of:)``).
    let declarationKeys: [LanguageKey]
    /// Names the generated code puts in scope of the expressions and factory parameters of some
    /// kind, each once, in registry order.
    let namesInScope: [String]
    /// Every key of a declaration: those every declaration takes, then those of the kinds.
    public let declaration: LanguageScope
    public let parameter: LanguageScope
    /// Every scope: the language's own, then those of the kinds' keys (a delegate's methods).
    public let scopes: [LanguageScope]
    /// The keys of any scope whose values are Swift code, for hints that offer a block scalar.
    public let swiftCodeKeys: Set<String>

    /// Keys starting with it are the user's own, and ignored.
    package static let extensionPrefix = "x-"

    public static let title = "swift-publisher-generator schema file (*.publishers.yaml), language version 1"

    public static let description =
        "Declares event sources; publisher-generator turns each declaration into a Combine Publisher, its Subscription with thread-safe demand bookkeeping, a factory method on the owner type, and test support. This JSON Schema mirrors the generator's checks as far as JSON Schema can express them; duplicate publisher or parameter names, and what the generator only warns about (a name that is not UpperCamelCase or ends in 'Publisher', importing Combine or a module twice, an empty 'publishers' list), are left to 'publisher-generator validate'."

    // MARK: The file

    public static let file = LanguageScope(
        name: "file",
        description: description,
        summary: "a schema file",
        keys: [
            LanguageKey(
                "version", .integer(minimum: nil, oneOf: SchemaFile.supportedVersions), .required,
                summary: "the language version",
                description:
                    "The schema language version. Write `version: 1`; it is the only version this generator reads.",
                missingHint: "add 'version: 1' as the first line"),
            LanguageKey(
                "imports", .list(of: .moduleName, orEmpty: false), .optional,
                summary: "modules the generated file imports besides Combine, e.g. `[Foundation]`",
                description:
                    "Modules the generated file imports, e.g. `[Foundation]` or `[UIKit]`, so the types and expressions of the declarations resolve. Do not list Combine or OpenCombine: generated files import whichever exists themselves.",
                examples: [.strings(["Foundation"]), .strings(["UIKit"])]),
            LanguageKey(
                "access", .choice(LanguageWord.cases(of: AccessLevel.self)), .optional,
                summary: "the access level of everything generated from the file",
                description:
                    "The access level of everything generated from this file: the publisher types, their factory methods and the test support. `internal` when left out; use `public` when the owner types are public API.",
                default: .string(AccessLevel.internal.rawValue)),
            LanguageKey(
                "emit",
                .list(of: .choice(LanguageWord.cases(of: EmittedForm.self) { formMeaning($0) }), orEmpty: false),
                .optional,
                summary: "which forms the file's declarations are generated in: `combine`, `async` (default both)",
                description:
                    "The forms every declaration of this file is generated in: `combine`, a Combine `Publisher` (`<name>Publisher`, factory `<name>Publisher(...)`), and `async`, an `AsyncSequence` (`<name>Sequence`, factory `<name>Sequence(...)`). Both when left out. A module whose files all say `emit: [async]` needs neither Combine nor OpenCombine.",
                examples: [.strings(["combine", "async"]), .strings(["async"])]),
            LanguageKey(
                "publishers", .list(of: .declaration, orEmpty: true), .required,
                summary: "a list of declarations",
                description:
                    "The publisher declarations. Each becomes a `<name>Publisher` type with its Subscription, a factory method on its owner type (`on`), and test support. Names must be unique across every schema file generated into the same module.",
                missingHint: "add a 'publishers:' list of declarations"),
        ],
        extensions: (
            prefix: extensionPrefix,
            description:
                "Keys starting with `x-` are your own; the generator ignores them. Use one to hold an anchor for `<<` merges, e.g. `x-defaults: &defaults { kind: targetAction, whenNoDemand: latest }` and then `<<: *defaults` in declarations.",
            summary: "your own keys, ignored; a place for YAML anchors to reuse with `<<: *anchor`"
        ))

    static func formMeaning(_ form: EmittedForm) -> String {
        switch form {
        case .combine: "a Combine publisher, `<name>Publisher`"
        case .async: "an asynchronous sequence, `<name>Sequence`, for `for await`"
        }
    }

    // MARK: Declarations

    static func declarationScope(
        kinds: [PublisherKind], listForMessages: String, summaries: [String], parameter: LanguageScope,
        declarationKeys: [LanguageKey]
    ) -> LanguageScope {
        LanguageScope(
            name: "declaration",
            description:
                "One publisher. `name`, `kind` and `output` are always required; the other keys depend on `kind` (\(listForMessages)).",
            summary: "one publisher",
            keys: commonDeclarationKeys(
                kinds: kinds, listForMessages: listForMessages, summaries: summaries, parameter: parameter)
                + declarationKeys)
    }

    /// The keys every declaration takes, whatever its kind.
    static func commonDeclarationKeys(
        kinds: [PublisherKind], listForMessages: String, summaries: [String], parameter: LanguageScope
    ) -> [LanguageKey] {
        [
            LanguageKey(
                "name", .identifier, .required, definition: "publisherName",
                summary:
                    "a Swift identifier; the type becomes `<name>Publisher` (not `Push`, `Pull`, `Declared`, `PushPublisher` or `PushSequence`, which would name the runtime's own types)",
                description:
                    "The publisher's name, a Swift identifier in UpperCamelCase without a `Publisher` suffix: `PlayheadProgress` generates the type `PlayheadProgressPublisher` and the factory `playheadProgressPublisher(...)`. Unique across all schema files generated into one module.",
                missingHint: "add 'name: MyEvent' (the type becomes MyEventPublisher)"),
            LanguageKey(
                "kind", .choice(zip(kinds, summaries).map { LanguageWord($0.rawValue, meaning: $1) }), .required,
                definition: "publisherKind",
                summary: "how the publisher gets its events",
                description: "How the publisher gets its events.",
                missingHint: "add 'kind:' with one of \(listForMessages)"),
            LanguageKey(
                "output", .swiftType, .required,
                summary: "the Swift type of the values; `Self` means the owner type",
                description:
                    "The Swift type of the values the publisher sends, e.g. `Double`. Quote types that use brackets: `output: \"[Int]\"`. For targetAction without `value`, the sender's type (the sender itself is sent), and `Self` sends it as the type of the instance the factory is called on, subclasses included; elsewhere `Self` means the owner type.",
                examples: ["Double", "String", "Self"],
                missingHint: "add 'output:' with the Swift type of the values, e.g. 'output: Double'",
                synonyms: ["type", "outputType"]),
            LanguageKey(
                "description", .text, .optional, definition: "publisherDescription",
                summary: "the doc comment of the generated type and factory",
                description:
                    "Documentation for this publisher; it becomes the doc comment of the generated publisher type and factory method.",
                synonyms: ["doc", "docs", "summary"]),
            LanguageKey(
                "parameters", .list(of: .mapping(parameter), orEmpty: false), .optional,
                summary: "arguments of the factory method, in scope in every expression",
                description:
                    "Parameters of the factory method, in scope in every expression of this declaration, e.g. `- { name: interval, type: Double, default: \"0.25\" }`.",
                synonyms: ["params", "arguments", "args"]),
            LanguageKey(
                "factory", .argumentLabel, .optional, definition: "factoryName",
                summary: "the factory's name on the owner when several owners share one: `tap` → `tapPublisher()`",
                description:
                    "The base name of the factory methods on the owner (`on:` is required), in lowerCamelCase: `factory: tap` generates `tapPublisher()` and `tapSequence()`, while `name` still names the types (`ButtonTapPublisher`), which are unique across the module. Several owners may have factories of the same name (`tapPublisher()` on `UIButton`, `UIBarButtonItem` and `UITapGestureRecognizer`); one owner may not have two with the same parameter labels. A keyword is fine (`factory: return` gives `returnPublisher()`). Without it the factory is `name` in lowerCamelCase.",
                examples: ["tap", "value"],
                synonyms: ["factoryName"]),
            LanguageKey(
                "sample", .swiftCode, .optional,
                summary: "a value of the output for generated tests, with `index` in scope",
                description:
                    "A Swift expression of the output type that the generated tests send and compare, with `index` (an Int from 0) in scope, e.g. `Image(name: \"image \\(index)\")`. Optional for Int, Double, Float, String, Bool, Void and Date outputs, which have built-in samples; required for other outputs when tests are generated."
            ),
        ]
    }

    static func startMeaning(_ policy: StartPolicy) -> String {
        switch policy {
        case .onDemand:
            "on the first request for more than zero values, so nothing is registered for a subscriber that never asks"
        case .onSubscribe:
            "as soon as the subscription is made; events that arrive before demand follow `whenNoDemand`"
        }
    }

    /// The plain-word forms of `whenNoDemand`, spelled by ``NoDemandPolicy/scalarSpellings``.
    static let noDemandWords: [LanguageWord] = NoDemandPolicy.scalarSpellings.map { spelling in
        let meanings = [
            "drop": "discard the event",
            "latest": "keep only the newest event and deliver it when demand arrives",
        ]
        return LanguageWord(spelling, meaning: meanings[spelling])
    }

    // MARK: Mappings inside declarations

    static func parameterScope(namesInScope: [String]) -> LanguageScope {
        LanguageScope(
            name: "parameter",
            description: "A parameter of the factory method; it is in scope in every expression of the declaration.",
            summary: "a parameter of the factory method",
            example: #"{ name: interval, type: Double, default: "0.25", label: every }"#,
            keys: [
                LanguageKey(
                    "name", .restricted(.argumentLabel, excluding: namesInScope), .required,
                    summary:
                        "a Swift identifier (or a keyword, used in backticks) other than the names generated code puts in scope (\(namesInScope.map { "`\($0)`" }.joined(separator: ", ")))",
                    description:
                        "The parameter's name, a Swift identifier, or a keyword other than `inout`, `var` and `let`, which the declaration's code writes in backticks (`` `in` ``). It may not hide the names generated code puts in scope: \(namesInScope.joined(separator: ", "))."
                ),
                LanguageKey(
                    "type", .swiftType, .required,
                    summary: "the parameter's Swift type",
                    description:
                        "The parameter's Swift type, e.g. `Double`. Quote types that use brackets: `type: \"[String]\"`.",
                    missingHint: "add 'type:' with a Swift type"),
                LanguageKey(
                    "default", .swiftCode, .optional,
                    summary: "the default argument, a Swift expression; without it callers must pass one",
                    description:
                        "The default argument, a Swift expression, e.g. `\"0.25\"` or `.main`. Without it callers must pass the argument."
                ),
                LanguageKey(
                    "label", .either([.word("_"), .argumentLabel]), .optional,
                    summary:
                        "the argument label when it differs from the name (a keyword such as `for` too), or `_` for none",
                    description:
                        "The argument label when it differs from the name, or `_` for none: `{ name: interval, label: every }` gives `playheadProgressPublisher(every:)`. Any keyword Swift takes as a label is one, all but `inout`, `var` and `let`: `{ name: event, label: for }` gives `tapPublisher(for:)`."
                ),
            ])
    }

    public static let typeParameter = LanguageScope(
        name: "typeParameter",
        description:
            "A type parameter of the declaration: the factories, the generated publisher and sequence types and the functions around its code are generic over it, and `output`, `parameters` and the code may use it.",
        summary: "a type parameter of the factories and the generated types",
        example: "{ name: Model, constraint: Equatable, testType: String }",
        keys: [
            LanguageKey(
                "name", .identifier, .required,
                summary: "the parameter's name, in UpperCamelCase",
                description:
                    "The type parameter's name, as `output`, `parameters` and the code use it, e.g. `Model`: `output: \"[Model]\"`, `- { name: modelType, type: Model.Type, label: _ }`.",
                missingHint: "add 'name:' with the type parameter's name, e.g. 'name: Model'"),
            LanguageKey(
                "constraint", .swiftType, .optional,
                summary: "what it must conform to, e.g. `Equatable`",
                description:
                    "The protocol (or class, or composition with `&`) the type parameter must conform to, written after its colon in the generic parameter clause: `constraint: Equatable` gives `<Model: Equatable>`. None when left out.",
                synonyms: ["conformsTo", "conformance", "where"]),
            LanguageKey(
                "testType", .swiftType, .required,
                summary: "the type generated tests put in its place",
                description:
                    "A concrete type that generated tests use for the type parameter, e.g. `String`: the suites test `ModelSelectedPublisher<String>`, and `sample` is a value of the output with it in place.",
                missingHint: "add 'testType:' with the concrete type generated tests use, e.g. 'testType: String'",
                synonyms: ["test", "sampleType"]),
        ])

    public static let testDrive = LanguageScope(
        name: "testDrive",
        description:
            "How generated tests drive a declaration through its real owner. Each value is Swift code; `owner` is in scope in all but `owner` itself, `value` (of the output type) in `fire`.",
        summary: "how generated tests drive the real owner",
        example: "{ owner: MockMediaPlayer(), fire: owner.simulateTime(value), registrations: owner.observerCount }",
        keys: [
            LanguageKey(
                "owner", .swiftCode, .required,
                summary: "an instance of the owner: a test double or the real type",
                description: "An expression making the owner the tests drive, e.g. `MockMediaPlayer()`.",
                missingHint: "add 'owner:' with an expression making the owner, e.g. 'owner: MockPlayer()'"),
            LanguageKey(
                "publisher", .swiftCode, .optional,
                summary: "the publisher to test, with `owner` in scope; the factory without arguments by default",
                description:
                    "An expression making the publisher from `owner`, e.g. `owner.playheadProgressPublisher(every: 0.5)`. Leave out to call the factory without arguments."
            ),
            LanguageKey(
                "fire", .swiftCode, .optional,
                summary: "push kinds (required): makes the source report `value`",
                description:
                    "Push kinds (required): code that makes the real source report `value`, e.g. `owner.simulateTime(value)`, or for a control `owner.isOn = value` then `owner.sendActions(for: .valueChanged)`.",
                missingHint:
                    "add 'fire:' with code that makes the owner report 'value', e.g. 'fire: owner.simulate(value)'"),
            LanguageKey(
                "registrations", .swiftCode, .optional,
                summary: "push kinds (required): the number of live registrations",
                description:
                    "Push kinds (required): an `Int` expression counting the source's live registrations (observers, targets), e.g. `owner.observerCount`; the tests check that it goes to 1 when the publisher registers and back to 0 exactly once.",
                missingHint:
                    "add 'registrations:' with an Int counting the owner's live observers, e.g. 'registrations: owner.observerCount'"
            ),
            LanguageKey(
                "finish", .swiftCode, .optional,
                summary: "push kinds: makes the source complete, if it can",
                description:
                    "Push kinds: code that makes the real source finish the stream, e.g. `owner.endPlayback()`; with it a test checks the completion and that it unregisters."
            ),
            LanguageKey(
                "pulls", .swiftCode, .optional,
                summary: "pull kinds (required): how many times `next` has run",
                description:
                    "Pull kinds (required): an `Int` expression counting the owner's pulls, e.g. `owner.pullCount`; the tests check that nothing is pulled without demand and one pull is made per value.",
                missingHint:
                    "add 'pulls:' with an Int counting the owner's calls of 'next', e.g. 'pulls: owner.pullCount'"),
        ])

    public static let bufferPolicy = LanguageScope(
        name: "bufferPolicy",
        description:
            "Keep up to `buffer` events that arrive without demand, in order, and deliver them when demand arrives.",
        summary: "keep up to 16 events in order and deliver them when demand arrives",
        example: "{ buffer: 16, whenFull: dropOldest }",
        keys: [
            LanguageKey(
                "buffer", .integer(minimum: 1, oneOf: nil), .required,
                summary: "how many events to keep, > 0",
                description:
                    "How many events to keep, an integer greater than zero. Use `whenNoDemand: drop` to keep none.",
                missingHint: "add 'buffer:' with the number of events to keep, e.g. 'buffer: 16'"),
            LanguageKey(
                "whenFull", .choice(LanguageWord.cases(of: OverflowRule.self, meaning: overflowMeaning)), .optional,
                summary: "which event a full buffer gives up",
                description: "Which event a full buffer gives up.",
                default: .string(OverflowRule.dropOldest.rawValue)),
        ])

    private static func overflowMeaning(_ rule: OverflowRule) -> String {
        switch rule {
        case .dropOldest: "discard the oldest buffered event, so subscribers see recent events"
        case .dropNewest: "discard the arriving event, so subscribers see the first events"
        }
    }

}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension SchemaLanguage {
    /// What editors show for a value of a shared shape.
    public static func describe(_ shape: SharedShape) -> String {
        switch shape {
        case .swiftIdentifier:
            "A Swift identifier that needs no backticks: letters, digits and `_`, not starting with a digit, not a keyword."
        case .argumentLabel:
            "An argument label: a Swift identifier, or a keyword other than `inout`, `var`, `let` and `_`, e.g. `for` or `in`."
        case .moduleName: "A module name, e.g. `Foundation`, `UIKit` or `Darwin.C`."
        case .propertyPath:
            "A property, e.g. `delegate`, or a path of properties joined by dots, e.g. `textStorage.delegate`."
        case .swiftType:
            "A Swift type written on one line, e.g. `Double` or `Result<Data, Error>`. Quote types that use brackets, which YAML would read as a list or mapping: `\"[Int]\"`."
        case .swiftCode:
            "Swift code, not empty. Use a block scalar (`|`) for several lines. Quote a one-line value that contains `: ` or ` #`, or starts with a YAML indicator such as `[`, `{`, `*`, `&`, `!` or `|`."
        case .text: "Text, not empty."
        }
    }
}
