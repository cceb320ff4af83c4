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
    static let mutantEnvironment = ["GENERATED_PUBLISHER_TEST_PATIENCE": "10"]

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

    /// What XCTest reported of `tests` (each `Suite.testName`): their `error:` lines, so that a
    /// failure where none was expected says what broke, not only where.
    static func failures(of tests: Set<String>, in output: String) -> String {
        output.split(separator: "\n")
            .filter { line in line.contains(" error: ") && tests.contains { line.contains(" error: \($0) : ") } }
            .joined(separator: "\n")
    }

    /// Runs each module's test target of the package built at `root` (named `name`), two at a time
    /// (one per core, through the test helpers' process slots), and returns each run by module.
    ///
    /// A mutant's run is mostly waiting: a broken copy fails some tests only by waiting out the
    /// test support's patience, each ten seconds, on an idle processor. One run after another,
    /// the twenty engine mutants took about twenty minutes; two at a time overlap those waits. The
    /// test bundle is run directly with the module's test classes, as `swift test --filter` would
    /// run it, without SwiftPM planning the package again for every module; where the bundle is not
    /// an executable (macOS runs it through `xctest`), `swift test --skip-build --filter` instead.
    static func runTests(
        of modules: [String], package name: String, at root: URL, environment: (String) -> [String: String]
    ) async throws -> [String: SwiftCommand.Run] {
        let bundle = root.appending(path: ".build/debug/\(name)PackageTests.xctest")
        let direct = FileManager.default.isExecutableFile(atPath: bundle.path)
        var listed: [String: [String]] = [:]
        if direct {
            let listing = try await SwiftCommand.execute(bundle, ["--list-tests"])
            guard listing.status == 0 else {
                return Dictionary(uniqueKeysWithValues: modules.map { ($0, listing) })
            }
            // `Module.Class/test` lines: each module's classes, each once.
            for line in listing.output.split(separator: "\n") {
                guard let testClass = line.split(separator: "/").first, let dot = testClass.firstIndex(of: ".") else {
                    continue
                }
                let module = String(testClass[..<dot])
                if !(listed[module] ?? []).contains(String(testClass)) {
                    listed[module, default: []].append(String(testClass))
                }
            }
        }
        let classes = listed
        let environments = Dictionary(uniqueKeysWithValues: modules.map { ($0, environment($0)) })
        return try await withThrowingTaskGroup(of: (String, SwiftCommand.Run).self) { group in
            for module in modules {
                let environment = environments[module] ?? [:]
                group.addTask {
                    let tests = "\(module)Tests"
                    guard direct else {
                        return (
                            module,
                            try await SwiftCommand.run(
                                ["test", "--skip-build", "--filter", "\(tests)\\."], in: root,
                                environment: environment)
                        )
                    }
                    // An empty selection would run every module's tests.
                    guard let selected = classes[tests]?.joined(separator: ","), !selected.isEmpty else {
                        return (module, SwiftCommand.Run(status: 1, output: "no test classes of \(tests) listed"))
                    }
                    return (module, try await bounded(bundle, [selected], in: root, environment: environment))
                }
            }
            var runs: [String: SwiftCommand.Run] = [:]
            for try await (module, run) in group { runs[module] = run }
            return runs
        }
    }

    /// Runs `executable`, stopped after `SwiftCommand.timeLimit` seconds where coreutils' timeout
    /// exists, as `SwiftCommand.run` bounds `swift`.
    static func bounded(
        _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String]
    ) async throws -> SwiftCommand.Run {
        let timeout = URL(fileURLWithPath: "/usr/bin/timeout")
        guard FileManager.default.isExecutableFile(atPath: timeout.path) else {
            return try await SwiftCommand.execute(executable, arguments, in: directory, environment: environment)
        }
        var run = try await SwiftCommand.execute(
            timeout, ["--kill-after=30", "\(SwiftCommand.timeLimit)", executable.path] + arguments, in: directory,
            environment: environment)
        if run.status == 124 || run.status == 137 {
            run.output += "\n\(executable.lastPathComponent) was stopped after \(SwiftCommand.timeLimit) seconds\n"
        }
        return run
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
