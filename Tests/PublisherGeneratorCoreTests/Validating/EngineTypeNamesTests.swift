import Foundation
import GeneratorEmitting
import GeneratorModel
import PublisherGeneratorCore
import Testing

/// A declaration's own names (`<Name>Publisher`, `<Name>Sequence`, `<Name>Source`) are declared at
/// the module's top level beside the engine's types: a declaration must not be named so that one
/// of them is an engine type's name, or its typealias would name itself.
@Suite struct EngineTypeNamesTests {
    /// The engine's top-level types whose names end like a declaration's own, read from
    /// `Templates/Engine` as the runtime's selection reads its parts.
    static func engineTypesEndingLikeDeclarations() throws -> Set<String> {
        let engine = FixturePaths.packageRoot.appending(path: "Templates/Engine")
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: engine, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let lines = RuntimeSelection.codeLines(of: try String(contentsOf: file, encoding: .utf8))
            for name in RuntimeSelection.topLevelDeclarations(in: lines).declares
            where GeneratedNames.declarationNameSuffixes.contains(where: name.hasSuffix) {
                names.insert(name)
            }
        }
        return names
    }

    @Test func theListIsTheEnginesTypesThatEndLikeADeclarationsNames() throws {
        #expect(try Self.engineTypesEndingLikeDeclarations() == GeneratedNames.engineTypesNamedLikeDeclarations)
    }

    /// `Push` would make `PushPublisher` and `PushSequence` typealiases of themselves, `Declared`
    /// the tag `DeclaredSource`: an error at the name, with a name to use.
    @Test(arguments: ["Push", "Pull", "Declared", "PushPublisher", "PushSequence"])
    func aDeclarationNamedLikeAnEngineTypeIsAnErrorAtItsName(name: String) throws {
        let yaml = """
            version: 1
            publishers:
              - { name: \(name), kind: callback, on: Owner, output: Int, register: "add { send($0) }", unregister: remove(token) }
            """
        let outcome = SchemaLoader().load(bytes: Array(yaml.utf8), path: "names.publishers.yaml")
        let errors = outcome.diagnostics.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.message.hasPrefix("publisher name '\(name)' would name one of its types '\(name)"))
        #expect(error.location?.line == 3)
        #expect(error.hint == "choose another name, e.g. '\(name)Events'")
    }

    /// The names that end the same way without being an engine type's stay free: the examples'
    /// `Tick`, a periodic sequence's engine type being `PeriodicTicks`.
    @Test(arguments: ["Tick", "Pushes", "Pulling", "Source"])
    func otherNamesAreFree(name: String) {
        #expect(GeneratedNames.engineType(takenByDeclarationNamed: name) == nil)
    }
}
