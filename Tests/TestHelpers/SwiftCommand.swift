import Foundation

/// Runs the `swift` driver in a directory, as a developer would, for tests that build packages.
public enum SwiftCommand {
    /// The exit status and the combined standard output and error of one run.
    public struct Run: Sendable {
        public var status: Int32
        public var output: String

        public init(status: Int32, output: String) {
            self.status = status
            self.output = output
        }
    }

    /// How long one `swift` run may take before it is stopped, with everything it started: far
    /// more than a build or test run of a test's package takes, so that a run that hangs fails its
    /// test, with its output so far, instead of holding up the whole suite (and CI) until it ends.
    public static let timeLimit = 1_200

    /// `environment` adds to (or replaces) this process's variables.
    public static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:]
    ) async throws -> Run {
        // coreutils' timeout leads a process group of its own and signals all of it, so the test
        // runner that `swift test` starts is stopped too. Where it is missing (macOS), no limit.
        let timeout = URL(fileURLWithPath: "/usr/bin/timeout")
        guard FileManager.default.isExecutableFile(atPath: timeout.path) else {
            return try await execute(
                URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, in: directory, environment: environment)
        }
        var run = try await execute(
            timeout, ["--kill-after=30", "\(timeLimit)", "swift"] + arguments, in: directory, environment: environment)
        if run.status == 124 || run.status == 137 {
            run.output += "\nswift \(arguments.joined(separator: " ")) was stopped after \(timeLimit) seconds\n"
        }
        return run
    }

    /// Runs any executable, in `directory` when given, and returns its status and combined output.
    public static func execute(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) async throws -> Run {
        let outcome = try await ChildProcess.run(
            executable, arguments, in: directory, mergingErrors: true, environment: environment)
        return Run(status: outcome.status, output: outcome.standardOutput)
    }

    /// Parses `files` with `swiftc -parse` in Swift 6 mode: the syntax of code that compiles only
    /// elsewhere (Xcode, Apple SDKs). Inactive `#if` branches are parsed too.
    public static func parse(_ files: [URL]) async throws -> Run {
        try await execute(try swiftc(), ["-parse", "-swift-version", "6"] + files.map(\.path))
    }

    /// `swiftc` beside the `swift` on the PATH, as the toolchain installs them.
    static func swiftc() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let swift = URL(fileURLWithPath: String(directory)).appending(path: "swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            let swiftc = swift.resolvingSymlinksInPath().deletingLastPathComponent().appending(path: "swiftc")
            if FileManager.default.isExecutableFile(atPath: swiftc.path) { return swiftc }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no swiftc beside swift on PATH"])
    }
}
