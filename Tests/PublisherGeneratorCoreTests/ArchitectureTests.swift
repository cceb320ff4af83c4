import Foundation
import Testing

@testable import PublisherGeneratorCore

/// The layout the DocC article `Architecture.md` promises, checked on the sources: stages that read one way,
/// kinds that are answered by their units, and small files.
@Suite struct ArchitectureTests {
    static let core = FixturePaths.packageRoot.appending(path: "Sources/PublisherGeneratorCore")

    /// The Swift files of one folder of the core (all of them for `nil`), with their text.
    static func sources(in folder: String? = nil) throws -> [(path: String, text: String)] {
        let root = folder.map { core.appending(path: $0) } ?? core
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.path.dropFirst(core.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The names of the types a folder declares at the top level.
    static func declaredTypes(in folder: String) throws -> Set<String> {
        let declaration =
            /^(?:public |package |internal |fileprivate |private )?(?:final )?(?:struct|enum|class|protocol|actor) (\w+)/
            .anchorsMatchLineEndings()
        return Set(try sources(in: folder).flatMap { $0.text.matches(of: declaration).map { String($0.1) } })
    }

    /// Files of `folder` whose code (not comments) names a type declared in `other`, with the names.
    static func references(from folder: String, to other: String) throws -> [String] {
        let names = try declaredTypes(in: other)
        return try sources(in: folder).compactMap { file in
            let code = file.text.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }
            let words = Set(
                code.joined(separator: "\n").split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            let named = names.intersection(words).sorted()
            return named.isEmpty ? nil : "\(file.path): \(named.joined(separator: ", "))"
        }
    }

    @Test func validatingNeverReadsEmitting() throws {
        let validatingToEmitting = try Self.references(from: "Validating", to: "Emitting")
        #expect(validatingToEmitting == [], "\(validatingToEmitting)")
    }

    @Test func readingReadsNeitherValidatingNorEmitting() throws {
        let readingToValidating = try Self.references(from: "Reading", to: "Validating")
        #expect(readingToValidating == [], "\(readingToValidating)")
        let readingToEmitting = try Self.references(from: "Reading", to: "Emitting")
        #expect(readingToEmitting == [], "\(readingToEmitting)")
    }

    /// The language is data that the reader and the decoder consume, so it reads neither.
    @Test func theLanguageReadsNoStage() throws {
        let languageToValidating = try Self.references(from: "Language", to: "Validating")
        #expect(languageToValidating == [], "\(languageToValidating)")
        let languageToEmitting = try Self.references(from: "Language", to: "Emitting")
        #expect(languageToEmitting == [], "\(languageToEmitting)")
    }

    @Test func noCoreFileIsOver400Lines() throws {
        let long = try Self.sources().filter {
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

    /// Every registered kind's unit lives in a folder of its own under `Kinds/`.
    @Test func everyKindHasAFolder() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.core.appending(path: "Kinds").path)
        let units = try Self.sources(in: "Kinds").filter { $0.text.contains(": KindDecoding, KindEmitting {") }.map(
            \.path)
        #expect(units.count == KindRegistry.standard.kinds.count)
        for unit in units {
            let folder = unit.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            #expect(folders.contains(folder), "\(unit) is not in a kind's folder")
        }
    }
}
