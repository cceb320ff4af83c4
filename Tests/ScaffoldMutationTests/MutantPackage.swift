import Foundation
import TestHelpers

/// What both mutation suites write: a temporary package with one module per mutant and a test
/// target `<module>Tests` for each, built once, each test target then run on its own.
enum MutantPackage {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The environment a mutant's tests run in. A broken copy fails some tests only by waiting in
    /// vain (an owner that stays registered after a cancel), each for the test support's patience:
    /// a minute each made one mutant take twelve minutes. Ten seconds is still far longer than a
    /// working source takes; the unbroken copies keep the full minute.
    static let mutantEnvironment = ["GENERATED_PUBLISHER_TEST_PATIENCE": "\(mutantPatience)"]
    static let mutantPatience = 10
    /// The test support's own patience, which the unbroken copies keep.
    static let patience = 60

    /// How the mutants are built: without debug information, which nothing reads (a failure is
    /// found in the tests' output) and which cost a sixth of the build's processor time.
    static let buildArguments = ["build", "--build-tests", "-Xswiftc", "-gnone"]

    /// A file of this repository.
    static func read(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appending(path: path), encoding: .utf8)
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The tests a `swift test` run reports as failed, as `Suite.testName`: XCTest reports each as
    /// "Test Case 'Suite.testName' failed".
    static func failingTests(in output: String) -> Set<String> {
        Set(
            output.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("Test Case '"), line.hasSuffix(" failed") || line.contains("' failed (") else {
                    return nil
                }
                return line.split(separator: "'").dropFirst().first.map(String.init)
            })
    }

    /// Each test XCTest reported in `output` with its time: "Test Case 'Suite.testName' passed
    /// (0.002 seconds)".
    static func testDurations(in output: String) -> [(test: String, seconds: Double, passed: Bool)] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("Test Case '"), line.hasSuffix(" seconds)") else { return nil }
            let quoted = line.split(separator: "'", maxSplits: 2)
            guard quoted.count == 3, let open = quoted[2].lastIndex(of: "(") else { return nil }
            let seconds = quoted[2][quoted[2].index(after: open)...].split(separator: " ").first
            guard let seconds = seconds.flatMap({ Double($0) }) else { return nil }
            return (String(quoted[1]), seconds, quoted[2].hasPrefix(" passed"))
        }
    }

    /// A line on how long a module's run took and where the time went: its longest part, its
    /// tests' total, the tests that took a patience or more (a broken copy waits it out), and the
    /// slowest test that passed (how close working code came to a patience).
    static func timing(of run: ModuleRun, patience: Int) -> String {
        let tests = testDurations(in: run.output)
        let waited = tests.filter { $0.seconds >= Double(patience) }
        let slowestPassing = tests.filter(\.passed).max { $0.seconds < $1.seconds }
        let total = { (tests: [(test: String, seconds: Double, passed: Bool)]) in
            String(format: "%.0f s", tests.map(\.seconds).reduce(0, +))
        }
        let parts = run.parts.count == 1 ? "" : "\(run.parts.count) parts, the longest "
        return parts + seconds(run.parts.max() ?? .zero) + " (\(tests.count) tests, \(total(tests)) in all; "
            + "\(waited.count) took the patience of \(patience) s or more, \(total(waited)); "
            + "slowest passing test \(String(format: "%.2f s", slowestPassing?.seconds ?? 0))"
            + (slowestPassing.map { ", \($0.test)" } ?? "") + ")"
    }

    /// A duration in whole seconds: "12 s".
    static func seconds(_ duration: Duration) -> String { "\(duration.components.seconds) s" }

    /// What XCTest reported of `tests` (each `Suite.testName`): their `error:` lines, so that a
    /// failure where none was expected says what broke, not only where.
    static func failures(of tests: Set<String>, in output: String) -> String {
        output.split(separator: "\n")
            .filter { line in line.contains(" error: ") && tests.contains { line.contains(" error: \($0) : ") } }
            .joined(separator: "\n")
    }

    /// Each module's test classes are run in this many parts, each its own process. Odd, and each
    /// part takes every ninth class: the classes are listed a declaration's publisher tests, then
    /// its sequence tests, so a mutant caught only by one form's tests (an async engine's mutant
    /// by sequence tests) still spreads its waits over every part.
    static let partsPerModule = 9
    /// How many parts run at a time: three per core.
    static let concurrentParts = 3 * max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Runs each module's test target of the package built at `root` (named `name`), and returns
    /// each run by module: its parts' outputs one after the other, failed if any part failed.
    ///
    /// `inParts` (`ScaffoldMutationTests` in the long run) is for mutants whose runs are mostly
    /// waiting: a broken copy fails some tests only by waiting out the test support's patience,
    /// ten seconds a wait, on an idle processor (`CancelledIterationStaysRegistered` waits 32
    /// times, `OwnerHeldStrongly` 16 times twice). One process a module, two at a time, those
    /// waits took 539 of the 1,136 seconds of a run. In parts, each module's test classes are run
    /// in ``partsPerModule`` processes, which wait at the same time, ``concurrentParts`` at a time:
    /// more than cores, since a waiting part uses no processor (192 s of a 761 s run, on the same
    /// shared machine; the slowest passing test 0.4 s against 0.2 s, far from the ten seconds).
    /// They hold every process slot meanwhile, so no build runs beside them: a build beside the
    /// mutants once made a ten-second wait run out for a test the mutation does not touch. Otherwise one process a
    /// module, through the slots, as before, so other tests' builds go on beside them: the slice
    /// of `swift test` waits for nothing, and `DeclarationMutationTests` runs its mutants while
    /// `ScaffoldMutationTests` still builds its own (holding every slot, they waited for that
    /// build and then held up the scaffold mutants' runs by 51 s).
    ///
    /// A part is the test bundle run directly with some of the module's test classes, as `swift
    /// test --filter` would run them, without SwiftPM planning the package again for every part;
    /// where the bundle is not an executable (macOS runs it through `xctest`), `swift test
    /// --skip-build --filter` runs each module whole instead, one per core.
    static func runTests(
        of modules: [String], package name: String, at root: URL, inParts: Bool,
        environment: (String) -> [String: String]
    ) async throws -> [String: ModuleRun] {
        let bundle = root.appending(path: ".build/debug/\(name)PackageTests.xctest")
        let environments = Dictionary(uniqueKeysWithValues: modules.map { ($0, environment($0)) })
        guard FileManager.default.isExecutableFile(atPath: bundle.path) else {
            return try await withThrowingTaskGroup(of: (String, ModuleRun).self) { group in
                for module in modules {
                    let environment = environments[module] ?? [:]
                    group.addTask {
                        let started = ContinuousClock.now
                        let run = try await SwiftCommand.run(
                            ["test", "--skip-build", "--filter", "\(module)Tests\\."], in: root,
                            environment: environment)
                        return (module, ModuleRun(run, parts: [started.duration(to: .now)]))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
        }
        let listing = try await SwiftCommand.execute(bundle, ["--list-tests"])
        guard listing.status == 0 else {
            return Dictionary(uniqueKeysWithValues: modules.map { ($0, ModuleRun(listing, parts: [])) })
        }
        // `Module.Class/test` lines: each module's classes, each once.
        var listed: [String: [String]] = [:]
        for line in listing.output.split(separator: "\n") {
            guard let testClass = line.split(separator: "/").first, let dot = testClass.firstIndex(of: ".") else {
                continue
            }
            let module = String(testClass[..<dot])
            if !(listed[module] ?? []).contains(String(testClass)) {
                listed[module, default: []].append(String(testClass))
            }
        }
        // Every module's first part, then every module's second, and so on: a module's waits are
        // spread over its parts, and the parts of one module do not all wait behind one another.
        let partCount = inParts ? partsPerModule : 1
        let parts = (0..<partCount).flatMap { index in
            modules.compactMap { module -> (module: String, classes: [String])? in
                let classes = listed["\(module)Tests"] ?? []
                let part = stride(from: index, to: classes.count, by: partCount).map { classes[$0] }
                // An empty selection would run every module's tests.
                return part.isEmpty ? nil : (module, part)
            }
        }
        typealias Timed = (
            module: String, run: SwiftCommand.Run, start: ContinuousClock.Instant, end: ContinuousClock.Instant
        )
        let runParts = { @Sendable () async throws -> [Timed] in
            try await withThrowingTaskGroup(of: Timed.self) { group in
                var next = parts.makeIterator()
                func addPart() -> Bool {
                    guard let part = next.next() else { return false }
                    let environment = environments[part.module] ?? [:]
                    group.addTask {
                        let (run, start) = try await bounded(
                            bundle, [part.classes.joined(separator: ",")], in: root, environment: environment,
                            takingASlot: !inParts)
                        return (part.module, run, start, ContinuousClock.now)
                    }
                    return true
                }
                // Without parts, every module's run is started and the process slots hold all
                // but one per core.
                for _ in 0..<(inParts ? concurrentParts : parts.count) {
                    guard addPart() else { break }
                }
                var results: [Timed] = []
                while let result = try await group.next() {
                    results.append(result)
                    _ = addPart()
                }
                return results
            }
        }
        let timed = inParts ? try await ChildProcess.holdingEverySlot(runParts) : try await runParts()
        var runs: [String: ModuleRun] = [:]
        for module in modules {
            let mine = timed.filter { $0.module == module }
            guard !mine.isEmpty else {
                runs[module] = ModuleRun(
                    SwiftCommand.Run(status: 1, output: "no test classes of \(module)Tests listed"), parts: [])
                continue
            }
            runs[module] = ModuleRun(
                SwiftCommand.Run(
                    status: mine.first { $0.run.status != 0 }?.run.status ?? 0,
                    output: mine.map(\.run.output).joined(separator: "\n")),
                parts: mine.map { $0.start.duration(to: $0.end) })
        }
        return runs
    }

    /// One module's tests, run in parts: their outputs one after the other, the first failed
    /// part's status, and how long each part took.
    struct ModuleRun: Sendable {
        var status: Int32
        var output: String
        var parts: [Duration]

        init(_ run: SwiftCommand.Run, parts: [Duration]) {
            status = run.status
            output = run.output
            self.parts = parts
        }
    }

    /// Runs `executable`, stopped after `SwiftCommand.timeLimit` seconds where coreutils' timeout
    /// exists, as `SwiftCommand.run` bounds `swift`; `takingASlot: false` when the caller holds
    /// every process slot. Returns its run and when it started, once it had a slot.
    static func bounded(
        _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String],
        takingASlot: Bool
    ) async throws -> (SwiftCommand.Run, started: ContinuousClock.Instant) {
        let timeout = URL(fileURLWithPath: "/usr/bin/timeout")
        let command =
            FileManager.default.isExecutableFile(atPath: timeout.path)
            ? (timeout, ["--kill-after=30", "\(SwiftCommand.timeLimit)", executable.path] + arguments)
            : (executable, arguments)
        let child = try await ChildProcess.start(
            command.0, command.1, in: directory, mergingErrors: true, environment: environment,
            takingASlot: takingASlot)
        // Once it has its slot: the time it takes, not the time it waited for one.
        let started = ContinuousClock.now
        let outcome = await child.outcome()
        var run = SwiftCommand.Run(status: outcome.status, output: outcome.standardOutput)
        if command.0 == timeout, run.status == 124 || run.status == 137 {
            run.output += "\n\(executable.lastPathComponent) was stopped after \(SwiftCommand.timeLimit) seconds\n"
        }
        return (run, started)
    }

    /// Writes the manifest of a package whose `modules` depend on OpenCombine on Linux, each with
    /// its test target.
    static func writeManifest(named name: String, modules: [String], at root: URL) throws {
        let targets = modules.map { module in
            """
                    .target(name: "\(module)", dependencies: [openCombine]),
                    .testTarget(name: "\(module)Tests", dependencies: ["\(module)", openCombine]),
            """
        }
        try write(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let openCombine = Target.Dependency.product(
                name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))
            let package = Package(
                name: "\(name)",
                dependencies: [.package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """, to: root.appending(path: "Package.swift"))
    }
}
