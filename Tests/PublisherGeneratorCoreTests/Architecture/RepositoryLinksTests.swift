import Foundation
import TestHelpers
import Testing

/// The repository's symbolic links. SwiftPM compiles nothing outside a target's folder, so a target
/// reaches files kept elsewhere (`Templates/`, the goldens) through links. The main package commits
/// one per folder a target compiles; the nested packages that only scripts build get theirs from
/// one manifest, `scripts/nested-package-links.txt`, through `scripts/link-nested-packages.sh`, and
/// commit none.
@Suite struct RepositoryLinksTests {
    static let root = FixturePaths.packageRoot
    /// At most this many committed links (128 when each file was linked where it is compiled).
    static let committedLimit = 20

    @Test func fewLinksAreCommittedAndEachReachesAFile() async throws {
        let index = try await Self.run(["git", "ls-files", "-s"])
        // `<mode> <object> <stage>\t<path>`; mode 120000 is a symbolic link.
        let links = index.split(separator: "\n").filter { $0.hasPrefix("120000 ") }
            .compactMap { $0.split(separator: "\t", maxSplits: 1).last.map(String.init) }
        #expect(!links.isEmpty)
        #expect(
            links.count <= Self.committedLimit,
            "\(links.count) committed links; at most \(Self.committedLimit):\n\(links.joined(separator: "\n"))")
        for link in links {
            #expect(FileManager.default.fileExists(atPath: Self.root.appending(path: link).path), "\(link) is dangling")
        }
    }

    /// Every link the manifest names points to something that exists, and is ignored by git, so
    /// that none is committed by mistake; and no committed file is hidden by those ignores.
    @Test func theNestedPackagesLinksComeFromTheManifestAndAreIgnored() async throws {
        let listing = try await Self.run(["bash", "scripts/link-nested-packages.sh", "--list"])
        let pairs = listing.split(separator: "\n").map { $0.components(separatedBy: " -> ") }
        #expect(pairs.count > 80)
        for pair in pairs {
            try #require(pair.count == 2, "\(pair)")
            #expect(FileManager.default.fileExists(atPath: Self.root.appending(path: pair[1]).path), "\(pair)")
        }
        let links = pairs.map { $0[0] }
        let ignored = try await Self.run(["git", "check-ignore"] + links, allowing: [0, 1])
        let notIgnored = Set(links).subtracting(ignored.split(separator: "\n").map(String.init))
        #expect(notIgnored.isEmpty, "links .gitignore does not cover: \(notIgnored.sorted())")
        let hidden = try await Self.run(["git", "ls-files", "--cached", "--ignored", "--exclude-standard"])
        #expect(hidden.isEmpty, "committed files that .gitignore matches:\n\(hidden)")
    }

    /// Runs a command in the repository root and returns its standard output; fails on another status.
    static func run(_ arguments: [String], allowing statuses: Set<Int32> = [0]) async throws -> String {
        let outcome = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, in: root)
        try #require(statuses.contains(outcome.status), "\(arguments.prefix(3)): \(outcome.standardError)")
        return outcome.standardOutput
    }
}
