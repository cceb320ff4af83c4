import Foundation
import PublisherGeneratorCore
import TestHelpers
import Testing

/// The layout the DocC article `Architecture.md` promises. The direction the stages read in is the
/// module graph of `Package.swift`, which the compiler enforces (a module sees only the modules it
/// depends on, and those only through `package` or `public` declarations); this suite checks that
/// the graph is the documented one, that kinds are answered by their units, and small files.
@Suite struct ArchitectureTests {
    /// The generator's modules, in layers from the bottom up, as Architecture.md draws them: a module
    /// may depend only on modules of layers below its own, never on one of its layer or above. The
    /// kinds' layer is not listed: it is every module under `Sources/Kinds`, as the manifest says.
    static let layers: [[String]] = [
        ["GeneratedFiles", "GeneratorDiagnostics", "SwiftTypeSyntax"],
        ["GeneratorModel", "GeneratorReading", "GeneratorWriting"],
        ["GeneratorLanguage"],
        ["GeneratorValidating", "GeneratorEmitting"],
        [],
        ["GeneratorPipeline"],
        ["PublisherGeneratorCore"],
    ]
    /// The layer of every module whose folder is under `Sources/Kinds`.
    static let kindsLayer = 4
    static let kindsFolder = "Sources/Kinds/"

    static let sourcesRoot = FixturePaths.packageRoot.appending(path: "Sources")

    /// Each library target of `Package.swift` with its folder and the targets it depends on
    /// (products of other packages left out), as SwiftPM reads the manifest.
    static func manifestTargets() async throws -> [String: (path: String, dependencies: [String])] {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "architecture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A scratch path of its own: the running `swift test` holds the package's `.build`.
        let run = try await SwiftCommand.run(
            ["package", "--scratch-path", scratch.path, "dump-package"], in: FixturePaths.packageRoot)
        try #require(run.status == 0, "swift package dump-package failed:\n\(run.output)")
        // The JSON document; anything SwiftPM prints before it (a warning) is skipped.
        let json = String(run.output.drop { $0 != "{" })
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var targets: [String: (path: String, dependencies: [String])] = [:]
        for target in manifest["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String else { continue }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
            // Only libraries: the tool, the plugins and the tests sit on top of the graph.
            guard target["type"] as? String == "regular" else { continue }
            targets[name] = (target["path"] as? String ?? "Sources/\(name)", dependencies)
        }
        return targets
    }

    /// Every edge of the generator's module graph points down the documented layers, and every
    /// library under `Sources/` is in them (a new module must be placed).
    @Test func moduleGraphFollowsTheDocumentedLayers() async throws {
        let targets = try await Self.manifestTargets()
        var layerOf: [String: Int] = [:]
        for (index, layer) in Self.layers.enumerated() {
            for module in layer { layerOf[module] = index }
        }
        for (name, target) in targets where target.path.hasPrefix(Self.kindsFolder) {
            layerOf[name] = Self.kindsLayer
        }
        #expect(layerOf.values.filter { $0 == Self.kindsLayer }.count == KindRegistry.standard.kinds.count)
        for module in layerOf.keys.sorted() {
            #expect(targets[module] != nil, "Package.swift declares no target '\(module)'")
        }
        let sourceModules = targets.filter { $0.value.path.hasPrefix("Sources/") }
        for name in sourceModules.keys.sorted() {
            #expect(layerOf[name] != nil, "the target '\(name)' is in no layer of ArchitectureTests.layers")
        }
        var against: [String] = []
        for (name, target) in sourceModules {
            guard let layer = layerOf[name] else { continue }
            for dependency in target.dependencies {
                guard let dependencyLayer = layerOf[dependency] else { continue }
                if dependencyLayer >= layer { against.append("\(name) -> \(dependency)") }
            }
        }
        #expect(against.sorted() == [], "edges against the documented direction")
    }

    /// The Swift files of the generator's modules (all of `Sources/` but the command-line tool),
    /// with their paths relative to `Sources/` and their text.
    static func sources() throws -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(at: sourcesRoot, includingPropertiesForKeys: nil)
        var files: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.path.dropFirst(sourcesRoot.path.count + 1))
            guard !relative.hasPrefix("publisher-generator/") else { continue }
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The Swift files of `Templates/`, emitted verbatim, with their paths from the package root.
    static func runtime() throws -> [(path: String, text: String)] {
        let root = FixturePaths.packageRoot
        let enumerator = FileManager.default.enumerator(
            at: root.appending(path: "Templates"), includingPropertiesForKeys: nil)
        var files: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files.append(
                (String(url.path.dropFirst(root.path.count + 1)), try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The cap holds for the runtime too: its emitted files are joined from parts (``RuntimeFile``).
    @Test func noGeneratorFileIsOver400Lines() throws {
        let files = try Self.sources() + Self.runtime()
        #expect(files.count > 140)
        let long = files.filter {
            $0.text.split(separator: "\n", omittingEmptySubsequences: false).count > 401
        }
        #expect(long.map(\.path) == [])
    }

    /// A kind is asked what it is; nothing outside the kind units and the registry compares a
    /// declaration's kind with one kind or lists the kinds.
    @Test func onlyKindUnitsNameAKind() throws {
        let kindNames = KindRegistry.standard.kinds.map(\.rawValue).joined(separator: "|")
        let comparison = try Regex("(==|!=) *\\.(\(kindNames))\\b|case *\\.(\(kindNames))\\b|\\[\\.(\(kindNames)),")
        let offenders = try Self.sources().filter { !$0.path.hasPrefix("Kinds/") }.filter {
            $0.text.contains(comparison)
        }
        #expect(offenders.map(\.path) == [])
    }

    /// Every registered kind's unit lives in a folder of its own under `Sources/Kinds`, which is a
    /// module of its own.
    @Test func everyKindHasAFolder() async throws {
        let targets = try await Self.manifestTargets()
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Self.sourcesRoot.appending(path: "Kinds").path)
        let units = try Self.sources().filter {
            $0.path.hasPrefix("Kinds/") && $0.text.contains(": KindDecoding, KindEmitting {")
        }.map(\.path)
        #expect(units.count == KindRegistry.standard.kinds.count)
        for unit in units {
            let folder = unit.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            #expect(folders.contains(folder), "\(unit) is not in a kind's folder")
            #expect(
                targets["Kind" + folder]?.path == Self.kindsFolder + folder,
                "\(unit) is not in a module 'Kind\(folder)'")
        }
    }
}
