import Foundation
import TestHelpers
import Testing

/// Proof that the generated tests check what the user wrote, not only the shared engine: the
/// bundled examples are generated from deliberately wrong copies of their schemas (a wrong token,
/// a missing `unregister`, the wrong event, a `next` that pulls twice), and each copy's generated
/// XCTest scaffolds, run unchanged, must fail, and only in the tests that drive the real owner
/// (`test:`): the tests that drive the publisher from closures cannot see such a mistake.
@Suite(.serialized) struct DeclarationMutationTests {
    static let packageRoot = MutantPackage.packageRoot

    /// One wrong declaration: a textual change to one schema of `Schemas/Examples`.
    struct Mutation: Sendable {
        var name: String
        var what: String
        var schema: String
        var original: String
        var replacement: String
    }

    static let mutations = [
        Mutation(
            name: "WrongToken", what: "unregister passes a token register did not return",
            schema: "MediaPlayer.publishers.yaml",
            original: "unregister: removeTimeObserver(token)\n",
            replacement: "unregister: removeTimeObserver(token + 1)\n"),
        Mutation(
            name: "MissingUnregister", what: "the observer is never removed",
            schema: "MediaPlayer.publishers.yaml",
            original: "    unregister: removeTimeObserver(token)\n", replacement: ""),
        Mutation(
            name: "WrongEvent", what: "the toggle observes the wrong control event",
            schema: "Controls.publishers.yaml",
            original: "event: { type: Control.Event, default: .valueChanged }",
            replacement: "event: { type: Control.Event, default: .primaryActionTriggered }"),
        Mutation(
            name: "WrongDelegateMethod", what: "the selection publisher observes the deselection method",
            schema: "Delegates.publishers.yaml",
            original: "      - method: 'tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)'",
            replacement: "      - method: 'tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)'"),
        Mutation(
            name: "CurrentValueTwice",
            what: "register also sends the current value, as key-value observation's .initial would, so it comes twice",
            schema: "Controls.publishers.yaml",
            original: "register: addOffsetObserver { offset in send(offset) }",
            replacement: "register: 'send(contentOffset); return addOffsetObserver { offset in send(offset) }'"),
        Mutation(
            name: "DoublePull", what: "next pulls two images for each one it returns",
            schema: "ImageFeed.publishers.yaml",
            original: "next: 'try provideNextImage(size: size)'",
            replacement: "next: 'try provideNextImage(size: size).flatMap { _ in try provideNextImage(size: size) }'"),
    ]

    static let baseline = Mutation(
        name: "Unbroken", what: "the schemas as written", schema: "", original: "", replacement: "")

    /// Runs the package's own `publisher-generator`.
    func generate(_ arguments: [String]) async throws {
        let run = try await SwiftCommand.execute(
            BuiltExecutable.url(named: "publisher-generator"), ["generate"] + arguments)
        try #require(run.status == 0, "publisher-generator \(arguments): \(run.output)")
    }

    /// A package with one module per variant: the examples generated from its schemas, with the
    /// examples' doubles, and a test target of the scaffolds generated for them.
    func makePackage(at root: URL, variants: [Mutation]) async throws {
        let examples = Self.packageRoot.appending(path: "Schemas/Examples")
        let schemas = try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".publishers.yaml") }
        let doublesDirectory = "Tests/GeneratedExamples/Doubles"
        let doubles = try FileManager.default.contentsOfDirectory(
            atPath: Self.packageRoot.appending(path: doublesDirectory).path
        ).filter { $0.hasSuffix(".swift") }
        var modules: [String] = []
        for variant in variants {
            let module = "Mutant\(variant.name)"
            let schemaDirectory = root.appending(path: "Schemas/\(module)")
            for schema in schemas {
                var text = try MutantPackage.read("Schemas/Examples/\(schema)")
                if schema == variant.schema {
                    #expect(text.contains(variant.original), "mutation \(variant.name) no longer applies")
                    text = text.replacingOccurrences(of: variant.original, with: variant.replacement)
                }
                try MutantPackage.write(text, to: schemaDirectory.appending(path: schema))
            }
            let sources = root.appending(path: "Sources/\(module)")
            for double in doubles {
                try MutantPackage.write(
                    MutantPackage.read("\(doublesDirectory)/\(double)"), to: sources.appending(path: double))
            }
            try await generate([schemaDirectory.path, "--output", sources.path])
            try await generate([
                schemaDirectory.path, "--test-support", module, "--output",
                root.appending(path: "Tests/\(module)Tests").path,
            ])
            modules.append(module)
        }
        try MutantPackage.writeManifest(named: "DeclarationMutationFixture", modules: modules, at: root)
    }

    /// The wrong declarations of this run. In full (``LongSuites``, `bash scripts/long-suites.sh`,
    /// run by CI): every one. Otherwise, as `swift test` runs, the schemas as written and the first
    /// mutation (`WrongToken`, a callback's `unregister`): a wrong declaration is still seen caught
    /// by the owner-driven tests, and only by them. The others are the same proof for other keys
    /// and kinds, each one more module of the six bundled examples to compile and one more run of
    /// their scaffolds; they run in the long run only.
    static var variants: [Mutation] {
        guard LongSuites.inFull else { return [baseline] + mutations.prefix(1) }
        return [baseline] + (LongSuites.leavesOutTheSlice ? mutations.dropFirst() : mutations[...])
    }

    /// Every wrong declaration, in every run (the slice builds only some): its original text is
    /// still in its schema, so none rots unseen until the long run.
    @Test func everyMutationStillApplies() throws {
        for mutation in Self.mutations {
            let text = try MutantPackage.read("Schemas/Examples/\(mutation.schema)")
            #expect(text.contains(mutation.original), "mutation \(mutation.name) no longer applies")
        }
    }

    @Test func everyWrongDeclarationFailsOnlyTheOwnerDrivenTests() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "declaration-mutants-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let variants = Self.variants
        try await makePackage(at: root, variants: variants)

        let build = try await SwiftCommand.run(MutantPackage.buildArguments, in: root)
        try #require(build.status == 0, "the mutants must compile:\n\(build.output.suffix(4_000))")

        let unbroken = Set(variants.filter(\.original.isEmpty).map { "Mutant\($0.name)" })
        let runs = try await MutantPackage.runTests(
            of: variants.map { "Mutant\($0.name)" }, package: "DeclarationMutationFixture", at: root,
            inParts: false, environment: { unbroken.contains($0) ? [:] : MutantPackage.mutantEnvironment })
        for variant in variants {
            let run = try #require(runs["Mutant\(variant.name)"])
            let failing = MutantPackage.failingTests(in: run.output)
            let patience = variant.original.isEmpty ? MutantPackage.patience : MutantPackage.mutantPatience
            print("\(variant.name)'s run: \(MutantPackage.timing(of: run, patience: patience))")
            if variant.original.isEmpty {
                #expect(
                    run.status == 0, "the schemas as written must pass their scaffolds:\n\(run.output.suffix(3_000))")
            } else {
                #expect(run.status != 0, "no generated test caught \(variant.name): \(variant.what)")
                #expect(!failing.isEmpty, "\(variant.name): no failing test found in:\n\(run.output.suffix(2_000))")
                let notOwnerDriven = failing.filter { !$0.contains(".testOwner") }
                #expect(
                    notOwnerDriven.isEmpty,
                    "\(variant.name) also failed tests that do not drive the owner: \(notOwnerDriven.sorted())")
                print("\(variant.name) (\(variant.what)) caught by \(failing.sorted())")
            }
        }
    }
}
