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
