import Foundation

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
