import PublisherGeneratorCore
import Testing

/// Declarations that validated but generated code that did not compile, each found by the
/// generative compile test (GenerativeCompile/): validation now rejects them with a fix.
@Suite struct CompilableDeclarationTests {
    func errors(_ declaration: String) -> [String] {
        let yaml = "version: 1\npublishers:\n  - \(declaration)\n"
        let outcome = SchemaLoader().load(bytes: Array(yaml.utf8), path: "test.publishers.yaml")
        return outcome.diagnostics.diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    /// `π` lowered is `π`: the factory `πPublisher()` on the owner and the type `πPublisher` share a
    /// name, and the factory's body called itself.
    @Test func aNameWithoutUpperCaseLetterIsRejectedWhenItHasAnOwner() {
        let declaration = "{ name: π, kind: periodic, on: Clock, output: Int, interval: 1, value: '1' }"
        #expect(
            errors(declaration) == [
                "test.publishers.yaml:3:13: error: publisher name 'π' does not start with an upper-case letter, so its "
                    + "factory on the owner would be named 'πPublisher', like its type; start it with a capital letter"
            ])
        #expect(errors("{ name: π, kind: periodic, output: Int, interval: 1, value: '1' }").isEmpty)
        #expect(errors("{ name: Π, kind: periodic, on: Clock, output: Int, interval: 1, value: '1' }").isEmpty)
    }
}

/// `typealias Output = Output` and its kin referred to themselves; function-typed outputs reached
/// `receive(_:)` as non-escaping parameters.
@Suite struct PublisherTypeTests {
    func errors(_ declaration: String) -> [String] {
        CompilableDeclarationTests().errors(declaration)
    }

    @Test(arguments: [
        ("Output", "Output"), ("[Output]", "Output"), ("Result<Int, Failure>", "Failure"), ("Send", "Send"),
        ("Fail?", "Fail"),
    ])
    func anOutputNamingAPublisherTypealiasIsAccepted(output: String, name: String) {
        // The output and the failure are written outside the publisher, in the typealias that names
        // it, so they mean the module's types (OutputNamedLikeGeneratedTypesTests compiles them).
        #expect(errors("{ name: Tick, kind: periodic, output: '\(output)', interval: 1, value: x }") == [])
        #expect(errors("{ name: Tick, kind: callback, output: Int, failure: \(name), register: x }") == [])
        // A generic declaration keeps them inside, and names them there through a typealias
        // outside (OwnersNamedLikeGeneratedNamesTests compiles them).
        let generic =
            "{ name: Tick, kind: callback, output: T, typeParameters: [{ name: T, testType: Int }], failure: \(name), register: x }"
        #expect(errors(generic) == [])
    }

    @Test func aFailureNamedFailureIsAcceptedOutsideAndInsideAGenericType() {
        #expect(errors("{ name: Lines, kind: polling, output: Int, failure: Failure, next: x }").isEmpty)
        let generic =
            "{ name: Lines, kind: callback, output: T, typeParameters: [{ name: T, testType: Int }], register: x, failure: "
        #expect(errors(generic + "Failure }").isEmpty)
        #expect(errors(generic + "App.Failure }").isEmpty)
        #expect(errors("{ name: Lines, kind: polling, output: App.Output, next: x }").isEmpty)
        #expect(errors("{ name: Lines, kind: polling, output: OutputValue, next: x }").isEmpty)
    }

    /// `Self` is the owner's type, written outside the types like any output; where the type sends
    /// its receiver's own type, its output is the type's generic parameter, constrained to the owner
    /// outside its members, and the sender's event type goes through a typealias outside it.
    @Test func selfMeansTheOwnerWhoseNameCounts() {
        #expect(errors("{ name: Lines, kind: polling, on: Output, output: Self, next: x }").isEmpty)
        #expect(
            errors(
                "{ name: Taps, kind: targetAction, sender: native, on: Output, output: Self, "
                    + "event: { type: Output.Event, default: .tap } }"
            ).isEmpty)
    }

    @Test(arguments: ["() -> Void", "(Int) -> String", "@Sendable () -> Void", "(() -> Void)", "() throws -> Int"])
    func aFunctionTypedOutputIsRejected(output: String) {
        #expect(
            errors("{ name: Tick, kind: periodic, output: '\(output)', interval: 1, value: x }") == [
                "test.publishers.yaml:3:43: error: 'output' is a function type, which subscribers would receive as a "
                    + "non-escaping parameter; send an optional function, e.g. '(\(output))?', or a struct that holds it"
            ])
    }

    @Test(arguments: ["(() -> Void)?", "[() -> Void]", "(Int, String)", "Result<Int, Error>", "Box<() -> Void>"])
    func typesThatHoldAFunctionAreAccepted(output: String) {
        #expect(errors("{ name: Tick, kind: periodic, output: '\(output)', interval: 1, value: x }").isEmpty)
    }
}

/// Swift rejects an unlabelled parameter right after a variadic one.
@Suite struct VariadicParameterTests {
    func errors(_ parameters: String) -> [String] {
        CompilableDeclarationTests().errors(
            "{ name: Lines, kind: polling, output: Int, next: x, parameters: [\(parameters)] }")
    }

    @Test func anUnlabelledParameterAfterAVariadicOneIsRejected() {
        #expect(
            errors("{ name: values, type: Int... }, { name: limit, type: Int, label: _ }") == [
                "test.publishers.yaml:3:135: error: parameter 'limit' follows the variadic parameter 'values', so it "
                    + "needs a label; remove 'label: _', or move the parameter before 'values'"
            ])
    }

    @Test func labelledOrEarlierParametersAreAccepted() {
        #expect(errors("{ name: values, type: Int... }, { name: limit, type: Int }").isEmpty)
        #expect(errors("{ name: limit, type: Int, label: _ }, { name: values, type: Int... }").isEmpty)
    }
}

/// A parameter type that the generated factory would read as one of its own names.
@Suite struct ParameterTypeTests {
    func errors(_ declaration: String) -> [String] {
        CompilableDeclarationTests().errors(declaration)
    }

    @Test func withoutAnOwnerAParameterTypeNamingAPublisherTypealiasIsRejected() {
        #expect(
            errors("{ name: Lines, kind: polling, output: Int, next: x, parameters: [{ name: first, type: Output }] }")
                == [
                    "test.publishers.yaml:3:91: error: the type of parameter 'first' names 'Output', which in a "
                        + "declaration without 'on' is the publisher's own typealias: the factory is its initializer, "
                        + "where Swift finds the generated type's own names before your module's; qualify your type "
                        + "with its module, e.g. 'MyModule.Output'"
                ])
        let withOwner =
            "{ name: Lines, kind: polling, on: O, output: Int, next: x, parameters: [{ name: a, type: Output }] }"
        #expect(errors(withOwner).isEmpty)
    }

    /// A parameter type naming `Context` is the user's own type: the periodic factories' scheduler
    /// type then takes another name (`GeneratedNames.unclaimed`), so nothing is refused.
    @Test func aPeriodicParameterTypeNamingContextIsTheUsersOwn() {
        let declaration =
            "{ name: Tick, kind: periodic, on: Clock, output: Int, interval: 1, value: x, "
            + "parameters: [{ name: context, type: '[Context]' }] }"
        #expect(errors(declaration).isEmpty)
        let polling =
            "{ name: Lines, kind: polling, on: O, output: Int, next: x, parameters: [{ name: c, type: Context }] }"
        #expect(errors(polling).isEmpty)
    }
}
