import PublisherGeneratorCore
import Testing

/// Two factories with one name and the same labels on one owner would be one method declared twice:
/// the validator reports the second, pointing back at the first, within a file and across the files
/// generated together. The recorded fixtures `factory-clashes*.publishers.yaml` hold the messages of
/// the one-file cases; this suite covers what one file cannot show.
@Suite struct FactoryClashesTests {
    static func declaration(_ name: String, on owner: String, factory: String? = nil, labels: [String] = []) -> String {
        let parameters = labels.enumerated().map { "{ name: p\($0), type: Int, label: \($1) }" }
        return """
              - name: \(name)
                kind: callback
                on: "\(owner)"
            \(factory.map { "    factory: \($0)\n" } ?? "")    output: Int
                parameters: [\(parameters.joined(separator: ", "))]
                register: send(1)

            """
    }

    static func schema(_ declarations: String...) -> [UInt8] {
        Array(("version: 1\npublishers:\n" + declarations.joined()).utf8)
    }

    static func errors(_ sources: [(path: String, bytes: [UInt8])]) -> [Diagnostic] {
        SchemaLoader().load(sources: sources).diagnostics.diagnostics.filter { $0.severity == .error }
    }

    @Test func aClashAcrossFilesNamesTheOtherFileAndSaysTheyShareAModule() {
        let errors = Self.errors([
            ("Sources/App/Buttons.publishers.yaml", Self.schema(Self.declaration("Tap", on: "Button"))),
            ("Sources/App/More.publishers.yaml", Self.schema(Self.declaration("Press", on: "Button", factory: "tap"))),
        ])
        #expect(errors.count == 1)
        let error = errors.first
        #expect(error?.location?.path == "Sources/App/More.publishers.yaml")
        #expect(error?.message.contains("'tapPublisher()' on 'Button'") == true)
        #expect(error?.message.contains("publisher 'Tap' at Sources/App/Buttons.publishers.yaml:3:") == true)
        #expect(error?.hint?.hasSuffix("; files generated together share one module") == true)
    }

    @Test func otherOwnersAndOtherLabelsDoNotClash() {
        let errors = Self.errors([
            (
                "A.publishers.yaml",
                Self.schema(
                    Self.declaration("Tap", on: "Button"), Self.declaration("ItemTap", on: "Item", factory: "tap"),
                    Self.declaration("TapFor", on: "Button", factory: "tap", labels: ["for"]))
            )
        ])
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func ownersAreComparedWithoutTheirSpaces() {
        let errors = Self.errors([
            (
                "A.publishers.yaml",
                Self.schema(
                    Self.declaration("Value", on: "Box<Int>"),
                    Self.declaration("Other", on: "Box< Int >", factory: "value"))
            )
        ])
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("on 'Box<Int>'") == true)
    }

    @Test func aDeclarationClashingInBothFormsIsReportedOnce() {
        // Both the publisher and the sequence factory clash; one error says so.
        let errors = Self.errors([
            (
                "A.publishers.yaml",
                Self.schema(
                    Self.declaration("Tap", on: "Button"), Self.declaration("Press", on: "Button", factory: "tap"))
            )
        ])
        #expect(errors.count == 1)
        #expect(errors.first?.hint == "give one of them another 'factory:' name or other parameter labels")
    }
}
