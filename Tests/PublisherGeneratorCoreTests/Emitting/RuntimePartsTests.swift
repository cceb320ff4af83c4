import Foundation
import GeneratorEmitting
import Testing

/// The runtime's emitted files are joined from parts, each a Swift file that compiles on its own
/// (``RuntimeFile``, ``RuntimeParts``): the first part whole, each other one after a blank line
/// without the imports it carries to compile alone.
@Suite struct RuntimePartsTests {
    static let runtime = FixturePaths.packageRoot.appending(path: "Templates")

    @Test func theFirstPartIsWholeAndTheOthersFollowWithoutTheirImports() {
        let first = "//\n// The file.\n\nimport Dispatch\n\n// MARK: - Lock\n\nstruct Lock {}\n"
        let second = "import Dispatch\n\n// MARK: - Buffer\n\nstruct Buffer {}\n"
        #expect(RuntimeParts.joined([first, second]) == first + "\n// MARK: - Buffer\n\nstruct Buffer {}\n")
    }

    @Test func aBlockOfImportsIsDroppedAndABlockOfDeclarationsIsKept() {
        let part = """
            #if canImport(ObjectiveC)
            // Why it imports this.
            import Foundation
            #endif
            #if canImport(Darwin)
            import Darwin
            #elseif canImport(Glibc)
            import Glibc
            #endif

            #if canImport(ObjectiveC)
            /// A forwarder.
            final class Forwarder: NSObject {}
            #endif

            """
        let (imports, body) = RuntimeParts.split(part)
        #expect(
            imports == [
                "#if canImport(ObjectiveC)\nimport Foundation\n#endif",
                "#if canImport(Darwin)\nimport Darwin\n#elseif canImport(Glibc)\nimport Glibc\n#endif",
            ])
        #expect(body == "#if canImport(ObjectiveC)\n/// A forwarder.\nfinal class Forwarder: NSObject {}\n#endif\n")
    }

    @Test func aDocCommentAfterTheImportsBelongsToTheBody() {
        let (imports, body) = RuntimeParts.split("@preconcurrency import Combine\n\n/// A box.\nstruct Box {}\n")
        #expect(imports == ["@preconcurrency import Combine"])
        #expect(body == "/// A box.\nstruct Box {}\n")
    }

    @Test func aPartWithoutImportsIsWhole() {
        #expect(RuntimeParts.split("/// A box.\nstruct Box {}\n").body == "/// A box.\nstruct Box {}\n")
    }

    static let templates = RuntimeFiles(directory: runtime)

    /// A Swift file in `Templates/` that no emitted file takes would compile in the runtime's
    /// targets and be missing from what users get; one taken twice would be emitted twice.
    @Test func everySwiftFileOfTheRuntimeIsAPartOfExactlyOneFile() throws {
        let onDisk = try ArchitectureTests.runtime().map { String($0.path.dropFirst("Templates/".count)) }
        #expect(try RuntimeFile.all.flatMap(Self.templates.partPaths).sorted() == onDisk.sorted())
    }

    /// The order is derived from the folder: one head, the part that opens with the file's comment
    /// and brings its imports, then the others by path, a kind's subfolder among them.
    @Test(arguments: RuntimeFile.all.map(\.folder))
    func eachFileHasOneHeadThenItsPartsByPath(folder: String) throws {
        let file = try #require(RuntimeFile.all.first { $0.folder == folder })
        let parts = try Self.templates.parts(of: file)
        let heads = try parts.filter { try Self.templates.text(at: "\(folder)/\($0).swift").hasPrefix("//\n") }
        #expect(heads.count == 1 && heads.first == parts.first, "\(folder): heads \(heads)")
        #expect(Array(parts.dropFirst()) == parts.dropFirst().sorted())
    }

    /// The files one module compiles (the engine; the test support with one framework's
    /// assertions) are joined from parts that its targets compile side by side, so their names
    /// must differ: Swift refuses two files of one name in a module.
    @Test(arguments: [
        [RuntimeFile.engine, .combineEngine, .asyncEngine],
        [RuntimeFile.testSupport, .combineTestSupport, .asyncTestSupport, .testAssertions(.xctest)],
        [RuntimeFile.testSupport, .combineTestSupport, .asyncTestSupport, .testAssertions(.swiftTesting)],
    ])
    func thePartsOneModuleCompilesHaveDistinctNames(files: [RuntimeFile]) throws {
        let names = try files.flatMap(Self.templates.parts).map { ($0 as NSString).lastPathComponent }
        #expect(Set(names).count == names.count, "\(names)")
    }

    /// The emitted file has the first part's imports only, so every other part may import only
    /// what the first imports.
    @Test(arguments: RuntimeFile.all.map(\.folder))
    func everyPartImportsOnlyWhatTheFirstPartImports(folder: String) throws {
        let file = try #require(RuntimeFile.all.first { $0.folder == folder })
        let paths = try Self.templates.partPaths(of: file)
        let texts = try paths.map { try String(contentsOf: Self.runtime.appending(path: $0), encoding: .utf8) }
        let available = Set(RuntimeParts.split(texts[0]).imports)
        for (path, text) in zip(paths, texts).dropFirst() {
            let missing = RuntimeParts.split(text).imports.filter { !available.contains($0) }
            #expect(missing == [], "\(path) imports what \(paths[0]) does not")
        }
    }
}
