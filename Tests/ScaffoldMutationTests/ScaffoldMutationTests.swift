import Foundation
import TestHelpers
import Testing

/// Proof that the generated XCTest scaffolds catch real bugs: the fixture publishers and sequences
/// are compiled against deliberately broken copies of the generated engine, and for each broken
/// copy the scaffolds, run unchanged, must fail; a break in the Combine engine only in publisher
/// tests, a break in the async engine only in sequence tests. An unbroken copy must pass, so the
/// failures mean something.
@Suite(.serialized) struct ScaffoldMutationTests {
    static let packageRoot = MutantPackage.packageRoot
    static let generated = "Tests/GeneratedFixtures/Generated"
    /// The engine as the fixtures' target compiles it: a link to `Templates/Engine`.
    static let engineDirectory = "Tests/GeneratedFixtures/Engine"

    /// The engine's files, as emitted into every module, by the folder of their parts in
    /// `Templates/Engine` (GeneratedPublisherSupport.swift, its `+Combine` and its `+Async`).
    enum EngineFile: String, CaseIterable, Sendable {
        case core = "Shared"
        case combine = "Combine"
        case async = "Async"

        /// The suites that must catch a break in this file: `nil` for the core, which both forms use.
        var catchingSuffix: String? {
            switch self {
            case .core: nil
            case .combine: "PublisherTests"
            case .async: "SequenceTests"
            }
        }
    }

    /// One deliberate bug: textual changes to one file of the engine.
    struct Mutation: Sendable {
        var name: String
        var what: String
        var file: EngineFile
        /// Each original must occur exactly once in the parts of `file`.
        var replacements: [(original: String, replacement: String)]

        init(name: String, what: String, file: EngineFile, original: String, replacement: String) {
            self.init(name: name, what: what, file: file, replacements: [(original, replacement)])
        }

        init(name: String, what: String, file: EngineFile, replacements: [(original: String, replacement: String)]) {
            self.name = name
            self.what = what
            self.file = file
            self.replacements = replacements
        }
    }

    static let combineMutations = [
        Mutation(
            name: "DemandNotDecremented", what: "a delivered value does not use up demand", file: .combine,
            original: "outstanding = .max(current - 1)", replacement: "outstanding = .max(current)"),
        Mutation(
            name: "UnregisterSkipped", what: "cancel and completion never unregister from the source", file: .combine,
            replacements: [
                ("func stop() { detach?() }", "func stop() {}"),
                ("        ended?()\n", ""),
                (
                    "            stop()\n            _ = consume stop\n",
                    "            if !ended { stop() }\n            _ = consume stop\n"
                ),
            ]),
        Mutation(
            name: "DeliveryAfterCancel", what: "cancel does nothing, so values keep arriving", file: .combine,
            original: lines(
                "        guard downstream != nil else { return lock.unlock() }",
                "        let released = releaseAll()",
                "        lock.unlock()",
                "        released.stop()"),
            replacement: "        lock.unlock()"),
        Mutation(
            name: "NothingEndsAtCompletion", what: "completion leaves the subscriber attached", file: .combine,
            original: "downstream: downstream.take(), attach:", replacement: "downstream: downstream, attach:"),
        Mutation(
            name: "LatestKeepsTheOldest", what: "the latest policy keeps the first value instead of the newest",
            file: .core,
            original: lines(
                "            let displaced = newest.take()",
                "            newest = value"),
            replacement: lines(
                "            let displaced: Value? = nil",
                "            if newest == nil { newest = value }")),
        Mutation(
            name: "KeptValuesDiscardedAtCompletion",
            what: "a completion is delivered at once, discarding the values kept for lack of demand", file: .combine,
            original: lines(
                "            } else if !waiting.isEmpty {",
                "                guard demand.consumeOne() else { break }"),
            replacement: lines(
                "            } else if !waiting.isEmpty, pendingCompletion == nil {",
                "                guard demand.consumeOne() else { break }")),
        Mutation(
            name: "SourceKeptUntilTheCompletionIsDelivered",
            what:
                "a source that ends stays attached until its completion is delivered, waiting for demand when values are kept",
            file: .combine,
            replacements: [
                ("        let ended = detach.take()\n", "        let ended: (() -> Void)? = nil\n"),
                (
                    "        guard downstream != nil, pendingCompletion == nil else {\n            // Cancelled, or ended,",
                    "        guard downstream != nil else {\n            // Cancelled, or ended,"
                ),
            ]),
        Mutation(
            name: "DelegateProxyNotShared", what: "each delegate consumer installs a proxy of its own", file: .core,
            original: "        if var entry = entries.removeValue(forKey: key) {\n",
            replacement: "        if false, var entry = entries.removeValue(forKey: key) {\n"),
        Mutation(
            name: "AppDelegateNotPutBack", what: "the last delegate consumer leaves its proxy installed", file: .core,
            original: "        uninstall(entry.proxy)\n", replacement: ""),
        Mutation(
            name: "DelegateCallNotForwarded", what: "a proxy never forwards calls to the app's own delegate",
            file: .core, original: "        self.load = load\n", replacement: "        _ = load\n"),
        Mutation(
            name: "PullWithoutDemand", what: "polling pulls whether or not there is demand", file: .combine,
            original: "while downstream != nil, next != nil, demand.consumeOne() {",
            replacement: "while downstream != nil, next != nil, demand.consumeOne() || true {"),
        // Observed models (the engine's ObservedModelReads), caught by the tests `test:` adds to both forms.
        Mutation(
            name: "ObservedValueReadInWillSet",
            what: "a main-actor model's change is read at once, in willSet, so the value before it is sent",
            file: .core,
            original: "            DispatchQueue.main.async { MainActor.assumeIsolated { self.passOnMainActor() } }",
            replacement: "            MainActor.assumeIsolated { self.passOnMainActor() }"),
        Mutation(
            name: "ObservationNeverRenewed",
            what: "tracking is not registered again after a change, so only the first change is sent", file: .core,
            replacements: [
                (
                    "        reads.mainActorTrack = { held.model.map { track($0, onChange) } }\n",
                    "        nonisolated(unsafe) var renews = true\n"
                        + "        reads.mainActorTrack = {\n"
                        + "            defer { renews = false }\n"
                        + "            return held.model.map { track($0, renews ? onChange : {} as OnChange) }\n"
                        + "        }\n"
                ),
                (
                    "        reads.track = { [weak model] in\n",
                    "        nonisolated(unsafe) var renews = true\n        reads.track = { [weak model] in\n"
                ),
                (
                    "            _ = track(model, onChange)\n",
                    "            defer { renews = false }\n            _ = track(model, renews ? onChange : {} as OnChange)\n"
                ),
            ]),
        // Owners' lifetimes (the engine's OwnerLifetime), caught by the tests `test:` adds to both forms
        // of target/action and observation declarations.
        Mutation(
            name: "OwnerHeldStrongly",
            what: "a stream holds its owner strongly until it ends, so an owner released while observed is never freed",
            file: .core,
            replacements: [
                (
                    "        DelegateLifetime.watch(owner, key: key, ended: ended)\n",
                    "        kept = owner\n        DelegateLifetime.watch(owner, key: key, ended: ended)\n"
                ),
                (
                    "    /// This watch's key on the owner",
                    "    private var kept: AnyObject?\n\n    /// This watch's key on the owner"
                ),
            ]),
        // A delegate's owner (the engine's DelegateProxyTable), caught by the tests `test:` adds to
        // both forms of delegate declarations.
        Mutation(
            name: "DelegateOwnerHeldStrongly",
            what: "the proxy table holds a delegate's owner strongly while consumers observe it, so an owner released "
                + "while observed is never freed and its consumers never finish",
            file: .core,
            original: "end: end)], stopWatching: stopWatching)",
            replacement: "end: end)], stopWatching: { withExtendedLifetime(owner) { stopWatching?() } })"),
        // Callback declarations with `lifetime: endsWithOwner` (the engine's OwnedSourceAttachment),
        // caught by the tests `test:` adds to both forms.
        Mutation(
            name: "CallbackOwnerHeldStrongly",
            what:
                "a callback stream that ends with its owner keeps the owner until it ends, so the owner is never freed",
            file: .core,
            original: "                lifetime?.stopWatching(hold.owner)\n                detach()\n",
            replacement:
                "                withExtendedLifetime(owner) {}\n                lifetime?.stopWatching(hold.owner)\n"
                + "                detach()\n"),
    ]

    static let asyncMutations = [
        Mutation(
            name: "CancelledIterationStaysRegistered",
            what: "a cancelled or released iteration never unregisters from its source", file: .async,
            original: "        released.0.stop()\n", replacement: ""),
        Mutation(
            name: "UnregisteredTwice", what: "an iteration ended by its source unregisters again when cancelled",
            file: .async,
            original: "        let previous = source\n        source = .detached\n",
            replacement: "        let previous = source\n"),
        Mutation(
            name: "EverythingKeptWhileNotAwaiting",
            what: "values that come while the consumer does not await are all kept, whatever the policy",
            file: .async,
            original: "self.waiting = NoDemandBuffer(policy: policy)",
            replacement: "self.waiting = NoDemandBuffer(policy: .buffer(capacity: 4_096, dropOldest: false))"),
        Mutation(
            name: "KeptValueStoredTwice", what: "each value kept for a consumer that does not await is kept twice",
            file: .async,
            original: "        let displaced = waiting.store(value)\n",
            replacement: "        _ = waiting.store(value)\n        let displaced = waiting.store(value)\n"),
        Mutation(
            name: "PullAhead", what: "a polling iteration asks its source for the next value before next() is called",
            file: .async,
            replacements: [
                (
                    "    private var pull: Next?\n",
                    "    private var pull: Next?\n    private var ahead: Result<Output?, Failure>?\n"
                ),
                (
                    "        pull(&result)\n        switch result {\n",
                    "        if let kept = ahead.take() { result = kept } else { pull(&result) }\n"
                        + "        if case .success(_?) = result {\n"
                        + "            var next = Result<Output?, Failure>.success(nil)\n"
                        + "            pull(&next)\n"
                        + "            ahead = next\n"
                        + "        }\n"
                        + "        switch result {\n"
                ),
            ]),
        Mutation(
            name: "MissedTicksBeyondTheBuffer",
            what: "ticks missed while the consumer does not await overflow the buffer",
            file: .async,
            original: "kept = Swift.min(capacity, kept + missed)", replacement: "kept += missed"),
        // Periodic declarations with `lifetime: endsWithOwner` (the engine's OwnedTickIteration),
        // caught by the tests `test:` adds to the sequence.
        Mutation(
            name: "TickOwnerHeldStrongly",
            what: "an iteration of ticks that ends with its owner keeps the owner, so the owner is never freed",
            file: .async,
            original: "        self.value = { hold.owner.map(value) }\n",
            replacement:
                "        let kept = hold.owner\n        self.value = { withExtendedLifetime(kept) { hold.owner.map(value) } }\n"
        ),
    ]

    static let mutations = combineMutations + asyncMutations

    static func lines(_ lines: String...) -> String { lines.joined(separator: "\n") }

    static let baseline = Mutation(
        name: "Unbroken", what: "the engine as generated", file: .core, replacements: [])

    /// A package with one module and one test target per mutation, all built at once.
    func makePackage(at root: URL, variants: [Mutation]) throws {
        var engine: [EngineFile: [(name: String, text: String)]] = [:]
        for file in EngineFile.allCases {
            engine[file] = try Self.swiftFiles(under: "\(Self.engineDirectory)/\(file.rawValue)").map {
                (($0 as NSString).lastPathComponent, try MutantPackage.read($0))
            }
        }
        let publishers = try MutantPackage.read("\(Self.generated)/Fixtures.publishers.swift")
        let scaffoldDirectory = "Tests/GeneratedScaffoldTests/Generated"
        let scaffolds = try MutantPackage.read("\(scaffoldDirectory)/Fixtures.publisherTests.swift")
        // The test support and assertions as the scaffolds' target compiles them, through its links.
        let testSupport = try [
            "Tests/GeneratedScaffoldTests/TestSupport", "Tests/GeneratedScaffoldTests/TestAssertions",
        ]
        .flatMap { try Self.swiftFiles(under: $0) }
        let doubles = try FileManager.default.contentsOfDirectory(
            atPath: Self.packageRoot.appending(path: "Tests/GeneratedFixtures/Doubles").path
        ).filter { $0.hasSuffix(".swift") }.sorted()
        var modules: [String] = []
        for variant in variants {
            let module = "Mutant\(variant.name)"
            let sources = root.appending(path: "Sources/\(module)")
            var parts = engine.values.flatMap { $0 }
            let mutable = Set(engine[variant.file, default: []].map(\.name))
            for (original, replacement) in variant.replacements {
                let found = parts.indices.filter { mutable.contains(parts[$0].name) }.flatMap { index in
                    Array(repeating: index, count: parts[index].text.components(separatedBy: original).count - 1)
                }
                #expect(
                    found.count == 1,
                    "mutation \(variant.name) no longer applies once to Templates/Engine/\(variant.file.rawValue)")
                for index in Set(found) {
                    parts[index].text = parts[index].text.replacingOccurrences(of: original, with: replacement)
                }
            }
            for part in parts {
                try MutantPackage.write(part.text, to: sources.appending(path: part.name))
            }
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
            for file in testSupport {
                try MutantPackage.write(
                    MutantPackage.read(file), to: tests.appending(path: (file as NSString).lastPathComponent))
            }
            modules.append(module)
        }
        try MutantPackage.writeManifest(named: "MutationFixture", modules: modules, at: root)
    }

    /// The Swift files under `directory` (a link into `Templates/`), at any depth, sorted, with
    /// their paths from the package root.
    static func swiftFiles(under directory: String) throws -> [String] {
        let root = packageRoot.appending(path: directory).resolvingSymlinksInPath()
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files.append(directory + String(url.resolvingSymlinksInPath().path.dropFirst(root.path.count)))
        }
        return files.sorted()
    }

    /// The mutants `swift test` runs besides the unbroken engine: one per engine file, each caught
    /// by failing assertions, not by waiting (`CancelledIterationStaysRegistered`, the async form's
    /// first, is caught only by waits that run out, 32 of ten seconds), so that each file is still
    /// seen broken and caught by its own suites, and only by them.
    static let slice = ["DemandNotDecremented", "LatestKeepsTheOldest", "UnregisteredTwice"]

    /// The mutants of this run. In full (``LongSuites``, `bash scripts/long-suites.sh`, run by CI):
    /// every one. Otherwise, as `swift test` runs, the unbroken engine and ``slice``. The other
    /// mutants are more bugs in files whose catching the slice already proves, each one more compile
    /// of the engine and the 7,000 lines of fixtures generated on it (about 17 seconds of processor
    /// time) and one more run of the scaffolds; they run in the long run only.
    static var variants: [Mutation] {
        variants(inFull: LongSuites.inFull, leavingOutTheSlice: LongSuites.leavesOutTheSlice)
    }

    /// The baseline, then the slice (`swift test`), every mutant (the long run alone), or every
    /// mutant but the slice's (the long run after `swift test`).
    static func variants(inFull: Bool, leavingOutTheSlice: Bool) -> [Mutation] {
        guard inFull else { return [baseline] + mutations.filter { slice.contains($0.name) } }
        return [baseline] + mutations.filter { !(leavingOutTheSlice && slice.contains($0.name)) }
    }

    /// The long run after `swift test` and `swift test` together build every mutant exactly once.
    @Test func theLongRunAfterSwiftTestBuildsWhatTheSliceDidNot() {
        let names = { (variants: [Mutation]) in variants.dropFirst().map(\.name) }
        let sliced = names(Self.variants(inFull: false, leavingOutTheSlice: false))
        let rest = names(Self.variants(inFull: true, leavingOutTheSlice: true))
        #expect(Set(sliced).isDisjoint(with: rest))
        #expect((sliced + rest).sorted() == Self.mutations.map(\.name).sorted())
        #expect(names(Self.variants(inFull: true, leavingOutTheSlice: false)).count == Self.mutations.count)
    }

    /// The slice breaks each engine file once.
    @Test func theSliceBreaksEachEngineFileOnce() {
        let files = Self.mutations.filter { Self.slice.contains($0.name) }.map(\.file)
        #expect(files.count == Self.slice.count, "a name in the slice names no mutant")
        #expect(Set(files) == Set(EngineFile.allCases) && files.count == EngineFile.allCases.count, "\(files)")
    }

    /// Every mutant, in every run (the slice builds only some): each of its originals still occurs
    /// exactly once in the parts of its engine file, so none rots unseen until the long run.
    @Test func everyMutationStillAppliesOnce() throws {
        for mutation in Self.mutations {
            let parts = try Self.swiftFiles(under: "\(Self.engineDirectory)/\(mutation.file.rawValue)")
                .map { try MutantPackage.read($0) }
            for (original, _) in mutation.replacements {
                let count = parts.map { $0.components(separatedBy: original).count - 1 }.reduce(0, +)
                #expect(
                    count == 1,
                    "mutation \(mutation.name) no longer applies once to Templates/Engine/\(mutation.file.rawValue)")
            }
        }
        #expect(Set(Self.mutations.map(\.name)).count == Self.mutations.count, "two mutants share a name")
    }

    @Test func everyMutationMakesAGeneratedTestFail() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "publisher-mutants-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let variants = Self.variants
        try makePackage(at: root, variants: variants)

        var started = ContinuousClock.now
        let build = try await SwiftCommand.run(MutantPackage.buildArguments, in: root)
        try #require(build.status == 0, "the mutants must compile:\n\(build.output.suffix(4_000))")
        print(
            "ScaffoldMutationTests: \(variants.count) modules built in \(MutantPackage.seconds(started.duration(to: .now)))"
        )

        started = .now
        let unbroken = Set(variants.filter(\.replacements.isEmpty).map { "Mutant\($0.name)" })
        let runs = try await MutantPackage.runTests(
            of: variants.map { "Mutant\($0.name)" }, package: "MutationFixture", at: root, inParts: LongSuites.inFull,
            environment: { unbroken.contains($0) ? [:] : MutantPackage.mutantEnvironment })
        print("ScaffoldMutationTests: their tests run in \(MutantPackage.seconds(started.duration(to: .now)))")
        for variant in variants {
            let run = try #require(runs["Mutant\(variant.name)"])
            let failing = MutantPackage.failingTests(in: run.output)
            let patience = variant.replacements.isEmpty ? MutantPackage.patience : MutantPackage.mutantPatience
            print("\(variant.name)'s run: \(MutantPackage.timing(of: run, patience: patience))")
            if variant.replacements.isEmpty {
                #expect(
                    run.status == 0, "the unbroken engine must pass its scaffolds:\n\(run.output.suffix(3_000))")
                continue
            }
            #expect(run.status != 0, "no generated test caught \(variant.name): \(variant.what)")
            #expect(!failing.isEmpty, "\(variant.name): no failing test found in:\n\(run.output.suffix(2_000))")
            if let suffix = variant.file.catchingSuffix {
                let elsewhere = failing.filter { !($0.split(separator: ".").first ?? "").hasSuffix(suffix) }
                #expect(
                    elsewhere.isEmpty,
                    """
                    \(variant.name) breaks \(variant.file.rawValue) but also failed \(elsewhere.sorted()):
                    \(MutantPackage.failures(of: elsewhere, in: run.output))
                    """)
            }
            let suites = Set(failing.compactMap { $0.split(separator: ".").first.map(String.init) })
            print(
                "\(variant.name) (\(variant.what)) caught by \(failing.count) tests in \(suites.count) suites: "
                    + "\(suites.sorted().joined(separator: ", "))")
        }
    }
}
