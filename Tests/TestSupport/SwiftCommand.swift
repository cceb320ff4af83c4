import Foundation

/// Runs the `swift` driver in a directory, as a developer would, for tests that build packages.
public enum SwiftCommand {
    /// The exit status and the combined standard output and error of one run.
    public struct Run: Sendable {
        public var status: Int32
        public var output: String
    }

    public static func run(_ arguments: [String], in directory: URL) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
