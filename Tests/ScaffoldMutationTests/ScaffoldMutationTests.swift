import Foundation
import TestSupport
import Testing

/// Proof that the generated XCTest scaffolds catch real bugs: the fixture publishers are compiled
/// against deliberately broken copies of the generated bookkeeping, and for each broken copy the
/// scaffolds, run unchanged, must fail. An unbroken copy must pass, so the failures mean something.
@Suite(.serialized) struct ScaffoldMutationTests {
    static let packageRoot = MutantPackage.packageRoot

    /// One deliberate bug: a textual change to `GeneratedPublisherSupport.swift`.
    struct Mutation: Sendable {
        var name: String
        var what: String
        var original: String
        var replacement: String
    }

    static let mutations = [
        Mutation(
            name: "DemandNotDecremented", what: "a delivered value does not use up demand",
            original: "outstanding = .max(current - 1)", replacement: "outstanding = .max(current)"),
        Mutation(
            name: "UnregisterSkipped", what: "cancel and completion never unregister from the source",
            original: "func stop() { detach?() }", replacement: "func stop() {}"),
        Mutation(
            name: "DeliveryAfterCancel", what: "cancel does nothing, so values keep arriving",
            original: lines(
                "        guard downstream != nil else { return lock.unlock() }",
                "        let released = releaseAll()",
                "        lock.unlock()",
                "        released.stop()"),
            replacement: "        lock.unlock()"),
        Mutation(
            name: "NothingEndsAtCompletion", what: "completion leaves the subscriber attached",
            original: "downstream: downstream.take(), attach:", replacement: "downstream: downstream, attach:"),
        Mutation(
            name: "LatestKeepsTheOldest", what: "the latest policy keeps the first value instead of the newest",
            original: lines(
                "            let displaced = newest.take()",
                "            newest = value"),
            replacement: lines(
                "            let displaced: Value? = nil",
                "            if newest == nil { newest = value }")),
        Mutation(
            name: "KeptValuesDiscardedAtCompletion",
            what: "a completion is delivered at once, discarding the values kept for lack of demand",
            original: lines(
                "            } else if !waiting.isEmpty {",
                "                guard demand.consumeOne() else { break }"),
            replacement: lines(
                "            } else if !waiting.isEmpty, pendingCompletion == nil {",
                "                guard demand.consumeOne() else { break }")),
        Mutation(
            name: "PullWithoutDemand", what: "polling pulls whether or not there is demand",
            original: "while downstream != nil, next != nil, demand.consumeOne() {",
            replacement: "while downstream != nil, next != nil, demand.consumeOne() || true {"),
    ]

    static func lines(_ lines: String...) -> String { lines.joined(separator: "\n") }

    static let baseline = Mutation(
        name: "Unbroken", what: "the bookkeeping as generated", original: "", replacement: "")

    func swift(_ arguments: [String], in directory: URL) throws -> SwiftCommand.Run {
        try SwiftCommand.run(arguments, in: directory)
    }

    /// A package with one module and one test target per mutation, all built at once.
    func makePackage(at root: URL, variants: [Mutation]) throws {
        let support = try MutantPackage.read("Tests/GeneratedFixtures/Generated/GeneratedPublisherSupport.swift")
        let publishers = try MutantPackage.read("Tests/GeneratedFixtures/Generated/Fixtures.publishers.swift")
        let scaffolds = try MutantPackage.read("Tests/GeneratedScaffoldTests/Generated/Fixtures.publisherTests.swift")
        let testSupport = try MutantPackage.read(
            "Tests/GeneratedScaffoldTests/Generated/GeneratedPublisherTestSupport.swift")
        let assertions = try MutantPackage.read(
            "Tests/GeneratedScaffoldTests/Generated/GeneratedPublisherTestAssertions.swift")
        let doubles = try FileManager.default.contentsOfDirectory(
            atPath: Self.packageRoot.appending(path: "Tests/GeneratedFixtures/Doubles").path
        ).filter { $0.hasSuffix(".swift") }.sorted()
        var modules: [String] = []
        for variant in variants {
            var mutated = support
            if !variant.original.isEmpty {
                #expect(mutated.contains(variant.original), "mutation \(variant.name) no longer applies")
                mutated = mutated.replacingOccurrences(of: variant.original, with: variant.replacement)
            }
            let module = "Mutant\(variant.name)"
            let sources = root.appending(path: "Sources/\(module)")
            try MutantPackage.write(mutated, to: sources.appending(path: "GeneratedPublisherSupport.swift"))
            try MutantPackage.write(publishers, to: sources.appending(path: "Fixtures.publishers.swift"))
            for double in doubles {
                try MutantPackage.write(
                    MutantPackage.read("Tests/GeneratedFixtures/Doubles/\(double)"), to: sources.appending(path: double)
                )
            }
            let tests = root.appending(path: "Tests/\(module)Tests")
            try MutantPackage.write(
                scaffolds.replacingOccurrences(
                    of: "@testable import GeneratedFixtures", with: "@testable import \(module)"),
                to: tests.appending(path: "Fixtures.publisherTests.swift"))
            try MutantPackage.write(testSupport, to: tests.appending(path: "GeneratedPublisherTestSupport.swift"))
            try MutantPackage.write(assertions, to: tests.appending(path: "GeneratedPublisherTestAssertions.swift"))
            modules.append(module)
        }
        try MutantPackage.writeManifest(named: "MutationFixture", modules: modules, at: root)
    }

    @Test func everyMutationMakesAGeneratedTestFail() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "publisher-mutants-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let variants = [Self.baseline] + Self.mutations
        try makePackage(at: root, variants: variants)

        let build = try swift(["build", "--build-tests"], in: root)
        try #require(build.status == 0, "the mutants must compile:\n\(build.output.suffix(4_000))")

        for variant in variants {
            let run = try swift(["test", "--skip-build", "--filter", "Mutant\(variant.name)Tests\\."], in: root)
            let failing = run.output.split(separator: "\n")
                .filter { $0.contains(": error: ") }
                .compactMap { $0.split(separator: ":").dropFirst(3).first.map(String.init) }
            if variant.original.isEmpty {
                #expect(
                    run.status == 0, "the unbroken bookkeeping must pass its scaffolds:\n\(run.output.suffix(3_000))")
            } else {
                #expect(run.status != 0, "no generated test caught \(variant.name): \(variant.what)")
                print("\(variant.name) (\(variant.what)) caught by \(Set(failing).count) failing checks")
            }
        }
    }
}
