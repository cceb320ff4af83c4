import GeneratorDiagnostics

/// One publisher declared in a schema file, with every value's position.
public struct PublisherDeclaration: Sendable {
    /// The declared name; the generated type is `<name>Publisher`.
    public var name: Located<String>
    /// Where the schema writes `kind:`; the kind itself is the source's (``kind``).
    public var kindLocation: SourceLocation
    /// Becomes the doc comment of the generated type and factory.
    public var description: Located<String>?
    /// The type that gets the factory method and on which expressions are evaluated (`on:`).
    public var owner: Located<String>?
    public var output: Located<String>
    /// `nil` means `Never`.
    public var failure: Located<String>?
    /// Parameters of the factory method, in scope in every expression.
    public var parameters: [Parameter]
    /// A Swift expression of the output type for generated tests, with `index` in scope.
    public var sample: Located<String>?
    /// A Swift expression of the failure type for generated failure tests.
    public var failureSample: Located<String>?
    /// How generated tests drive the real owner (`test:`).
    public var testDrive: TestDrive?
    /// The kind's part of the declaration, whose type is the declaration's kind.
    public var source: any KindSource
    /// The factory's base name on the owner (`factory:`), when it is not the name's:
    /// `tap` gives `tapPublisher()` and `tapSequence()`.
    public var factory: Located<String>?
    /// Whether the factories are the owner's instance methods or its static methods (`factoriesOn:`).
    public var factoryPlacement: FactoryPlacement
    /// The type parameters the factories and the generated types are generic over (`typeParameters:`).
    public var typeParameters: [TypeParameter]
    /// Where the declaration starts, for problems that concern it as a whole.
    public var location: SourceLocation

    public init(
        name: Located<String>, kindLocation: SourceLocation, description: Located<String>?,
        owner: Located<String>?, output: Located<String>, failure: Located<String>?,
        parameters: [Parameter], sample: Located<String>? = nil, failureSample: Located<String>? = nil,
        testDrive: TestDrive? = nil, factory: Located<String>? = nil, factoryPlacement: FactoryPlacement = .instance,
        typeParameters: [TypeParameter] = [], source: any KindSource, location: SourceLocation
    ) {
        self.typeParameters = typeParameters
        self.factory = factory
        self.factoryPlacement = factoryPlacement
        self.failureSample = failureSample
        self.testDrive = testDrive
        self.name = name
        self.kindLocation = kindLocation
        self.description = description
        self.owner = owner
        self.output = output
        self.failure = failure
        self.parameters = parameters
        self.sample = sample
        self.source = source
        self.location = location
    }

    /// The declaration's kind: its source's, so the two cannot disagree.
    public var kind: PublisherKind { type(of: source).kind }

    /// Whether the factories are static methods of the owner (`factoriesOn: type`).
    public var hasStaticFactories: Bool { owner != nil && factoryPlacement == .type }

    /// The name of the generated publisher type.
    public var typeName: String { name.value + "Publisher" }

    /// What the factories on the owner are named before their form's suffix: `factory:`, or the
    /// name in lowerCamelCase (`PlayheadProgress` → `playheadProgress`).
    public var factoryBaseName: String { factory?.value ?? GeneratedNames.lowerCamelCase(name.value) }

    /// The factory of `form` on the owner: `playheadProgressPublisher`, `playheadProgressSequence`.
    /// Both carry a suffix: a bare `words()` would clash with an owner's `words` property (Swift
    /// refuses a property and a method without parameters of the same name).
    public func factoryName(_ form: EmittedForm) -> String {
        switch form {
        case .combine: factoryBaseName + "Publisher"
        case .async: factoryBaseName + "Sequence"
        }
    }
}

/// A parameter of the generated factory method.
public struct Parameter: Sendable {
    public var name: Located<String>
    public var type: Located<String>
    /// A Swift expression used as the default argument.
    public var defaultValue: Located<String>?
    /// The argument label when it differs from the name; `_` for none.
    public var label: Located<String>?

    public init(
        name: Located<String>, type: Located<String>, defaultValue: Located<String>?,
        label: Located<String>?
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.label = label
    }
}

/// How push kinds behave before and without demand.
public struct PushBehavior: Sendable, Hashable {
    /// The Combine form's policy: the declared one, `drop` when `whenNoDemand` is left out (as a
    /// `PassthroughSubject` drops what nobody asked for).
    public var whenNoDemand: NoDemandPolicy
    public var start: StartPolicy
    /// Whether the schema writes `whenNoDemand`.
    public var isNoDemandDeclared: Bool

    public init(whenNoDemand: NoDemandPolicy = .drop, start: StartPolicy = .onDemand, isNoDemandDeclared: Bool = true) {
        self.whenNoDemand = whenNoDemand
        self.start = start
        self.isNoDemandDeclared = isNoDemandDeclared
    }

    /// The behaviour of the asynchronous form of an event source (a callback, a control, a
    /// delegate): the declared policy, or every value kept when `whenNoDemand` is left out, as an
    /// `AsyncStream` keeps them, so that a `for await` loop whose body is still running misses
    /// nothing. A periodic source's ticks are not events: its sequence keeps the Combine default.
    public var forEventSequences: PushBehavior {
        isNoDemandDeclared ? self : PushBehavior(whenNoDemand: .unbounded, start: start, isNoDemandDeclared: false)
    }
}

/// How generated tests drive a declaration through its real owner (`test:`): Swift code with
/// `owner` in scope, and `value` in `fire`.
public struct TestDrive: Sendable {
    /// Makes the owner: a test double or the real type.
    public var owner: Located<String>
    /// Makes the publisher from `owner`; `nil` calls the factory without arguments.
    public var publisher: Located<String>?
    /// Push kinds: makes the source report `value`.
    public var fire: Located<String>?
    /// Push kinds: the number of live registrations.
    public var registrations: Located<String>?
    /// Push kinds: makes the source finish, when it can.
    public var finish: Located<String>?
    /// Polling: how many times `next` has run.
    public var pulls: Located<String>?

    public init(
        owner: Located<String>, publisher: Located<String>?, fire: Located<String>?,
        registrations: Located<String>?, finish: Located<String>?, pulls: Located<String>?
    ) {
        self.owner = owner
        self.publisher = publisher
        self.fire = fire
        self.registrations = registrations
        self.finish = finish
        self.pulls = pulls
    }
}
