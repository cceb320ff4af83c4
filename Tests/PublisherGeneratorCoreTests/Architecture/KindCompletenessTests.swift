import Foundation
import PublisherGeneratorCore
import Testing

/// What every registered kind comes with besides its module, read from the registry rather than
/// from a list of kinds: a kind added to `KindRegistry.standard` without one of these fails here,
/// by name. (Its random-schema composer is checked by `RandomSchemasTests`, its emitter snippets by
/// `EmitterSnippetTests`.)
@Suite struct KindCompletenessTests {
    static let kinds = KindRegistry.standard.kinds.map(\.rawValue)
    static let root = FixturePaths.packageRoot

    /// The YAML text of every schema in `folder`; bytes that are not UTF-8 (a fixture has some on
    /// purpose) read as replacement characters.
    static func schemas(in folder: String) throws -> [(name: String, text: String)] {
        let directory = root.appending(path: folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".publishers.yaml") }.sorted()
            .map { ($0, String(decoding: try Data(contentsOf: directory.appending(path: $0)), as: UTF8.self)) }
    }

    /// Whether `text` declares a publisher of `kind` (`kind: observation`, not `kind: observations`).
    static func declares(_ kind: String, in text: String) -> Bool {
        text.split(separator: "\n").contains { line in
            line.trimmingCharacters(in: .whitespaces).hasSuffix("kind: \(kind)")
        }
    }

    @Test(arguments: kinds) func theBundledExamplesDeclareIt(kind: String) throws {
        let examples = try Self.schemas(in: "Schemas/Examples")
        #expect(
            examples.contains { Self.declares(kind, in: $0.text) }, "no schema in Schemas/Examples declares \(kind)")
    }

    /// The fixtures' generated code is compiled and its scaffolds run, in both test frameworks.
    @Test(arguments: kinds) func theGenerationFixturesDeclareIt(kind: String) throws {
        let fixtures = try Self.schemas(in: "Tests/Fixtures/Generation")
        #expect(fixtures.contains { Self.declares(kind, in: $0.text) }, "no generation fixture declares \(kind)")
    }

    /// A recorded diagnostic of the kind's own: some invalid fixture declaring it is rejected.
    @Test(arguments: kinds) func aDiagnosticsFixtureRejectsIt(kind: String) throws {
        let folder = "Tests/PublisherGeneratorCoreTests/Fixtures/Invalid"
        let rejected = try Self.schemas(in: folder).filter { Self.declares(kind, in: $0.text) }.filter { schema in
            let diagnostics = Self.root.appending(
                path: folder + "/" + schema.name.replacingOccurrences(of: ".publishers.yaml", with: ".diagnostics"))
            return (try? String(contentsOf: diagnostics, encoding: .utf8))?.contains("error:") == true
        }
        #expect(!rejected.isEmpty, "no invalid fixture declaring \(kind) records an error")
    }

    /// The article SchemaLanguage.md's table of kinds links for `kind`, if its row links one.
    static func article(of kind: String) throws -> Substring? {
        let table = try String(contentsOf: FixturePaths.catalog.appending(path: "SchemaLanguage.md"), encoding: .utf8)
        let row = table.split(separator: "\n").first { $0.hasPrefix("| `\(kind)` |") }
        return row.flatMap { $0.range(of: "<doc:") }.map { range in
            row![range.upperBound...].prefix { $0 != ">" && $0 != "#" }
        }
    }

    /// The schema language's table of kinds links the kind's article, and the article exists.
    @Test(arguments: kinds) func theCatalogHasItsArticle(kind: String) throws {
        let catalog = FixturePaths.catalog
        let article = try Self.article(of: kind)
        #expect(article != nil, "SchemaLanguage.md's table of kinds has no row linking an article for \(kind)")
        if let article {
            let path = catalog.appending(path: "\(article).md").path
            #expect(FileManager.default.fileExists(atPath: path), "\(article).md, the article of \(kind), is missing")
        }
    }

    /// The engine its generated code runs on is tested through the kind's own publishers: a suite
    /// in `Tests/EngineBehaviourTests` named after the kind (`<Kind>…Tests.swift`) with tests in it.
    @Test(arguments: kinds) func anEngineBehaviourSuiteTestsIt(kind: String) throws {
        let module = kind.prefix(1).uppercased() + kind.dropFirst()
        let directory = Self.root.appending(path: "Tests/EngineBehaviourTests")
        let suites = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(module) && $0.hasSuffix("Tests.swift") }
        let tested = try suites.filter { name in
            let text = try String(contentsOf: directory.appending(path: name), encoding: .utf8)
            return text.contains("@Test") || text.contains("func test")
        }
        #expect(!tested.isEmpty, "no Tests/EngineBehaviourTests/\(module)…Tests.swift with tests in it")
    }

    /// The README, a new user's first page, lists the kinds by their spelling, and counts them in
    /// words: its list is prose, so this test is what keeps it whole.
    @Test func theReadmeListsEveryKind() throws {
        let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
        for kind in Self.kinds {
            #expect(readme.contains("`\(kind)`"), "README.md does not name the kind `\(kind)`")
        }
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        let spelled = Self.kinds.count <= words.count ? words[Self.kinds.count - 1] : "\(Self.kinds.count)"
        #expect(
            readme.contains(spelled.prefix(1).uppercased() + spelled.dropFirst() + " kinds of source"),
            "README.md does not say '\(spelled) kinds of source'")
    }

    /// A paragraph of the catalog that links three kinds' articles or more is a list of the kinds,
    /// and must link every kind's: two such lists once left out the observation kind's article.
    @Test func everyListOfKindArticlesIsWhole() throws {
        let articles = try Self.kinds.compactMap { try Self.article(of: $0) }.map { "<doc:\($0)>" }
        try #require(articles.count == Self.kinds.count)
        let catalog = FixturePaths.catalog
        for name in try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted()
        where name.hasSuffix(".md") {
            let text = try String(contentsOf: catalog.appending(path: name), encoding: .utf8)
            for paragraph in text.components(separatedBy: "\n\n") {
                let linked = articles.filter { paragraph.contains($0) }
                guard linked.count >= 3, linked.count < articles.count else { continue }
                let missing = articles.filter { !linked.contains($0) }
                Issue.record("\(name) lists kinds' articles without \(missing.joined(separator: ", ")):\n\(paragraph)")
            }
        }
    }

    /// No Swift line outside the kinds' own folders names three kinds or more: such a list goes
    /// stale when a kind is added (the hover texts once said "callback and targetAction" of keys
    /// five kinds take). Lists of kinds are derived from the registry; prose in the DocC catalog
    /// and the README is checked for completeness instead (above). Generated code and fixtures
    /// are out of scope: they are checked against the generator.
    @Test func noSwiftFileListsKindsByHand() throws {
        let spellings = try Self.kinds.map { kind in
            // A kind in prose: `targetAction` is also written "target/action" or "target-action".
            let words = kind == "targetAction" ? "targetAction|target/action|target-action" : kind
            return try Regex("\\b(\(words))s?\\b").ignoresCase()
        }
        // Benchmarks are left out: they name the subjects they measure, not the kinds.
        let folders = ["Sources", "Templates", "Plugins", "Tests", "Fuzz/Sources"]
        var offenders: [String] = []
        for folder in folders {
            let directory = Self.root.appending(path: folder)
            let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                // The nested packages' builds.
                if url.lastPathComponent.hasPrefix(".build") { enumerator?.skipDescendants() }
                let path = String(url.path.dropFirst(Self.root.path.count + 1))
                let skipped = [
                    "Sources/Kinds/", "/Generated/", "/Fixtures/", "Tests/ApplePlatforms/", "Tests/AppleStubs/",
                ]
                guard url.pathExtension == "swift", !skipped.contains(where: path.contains) else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where spellings.filter({ line.contains($0) }).count >= 3 {
                    offenders.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(offenders == [], "lines that list kinds by hand")
    }

    /// A kind is one module: `Sources/Kinds/<Kind>`, a target of the manifest, which the
    /// architecture's kinds layer takes in by its folder.
    @Test(arguments: kinds) func itIsAModuleOfItsOwn(kind: String) async throws {
        let module = kind.prefix(1).uppercased() + kind.dropFirst()
        let folder = Self.root.appending(path: "Sources/Kinds/\(module)").path
        #expect(FileManager.default.fileExists(atPath: folder), "no folder Sources/Kinds/\(module)")
        let targets = try await ArchitectureTests.manifestTargets()
        #expect(
            targets["Kind\(module)"]?.path == ArchitectureTests.kindsFolder + module,
            "Package.swift has no target Kind\(module) at Sources/Kinds/\(module)")
    }
}
