import Foundation

/// Builds the work package and sorts the compiler's errors by the schema whose file they are in.
struct BatchBuild {
    let package: WorkPackage

    struct Result {
        var succeeded: Bool
        /// Error lines (with the notes that follow them) by schema file stem, e.g. `S00042`; errors
        /// in shared files (declarations, engine, test support) under `shared`.
        var errorsBySchema: [String: [String]]
        var seconds: Double
        var output: String
    }

    func run() throws -> Result {
        let start = Date()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", package.root.path, "--build-tests"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        return Result(
            succeeded: process.terminationStatus == 0, errorsBySchema: Self.errorsBySchema(in: output),
            seconds: Date().timeIntervalSince(start), output: output)
    }

    /// `path:line:column: error: message` lines, once each (SwiftPM repeats them per job).
    static func errorsBySchema(in output: String) -> [String: [String]] {
        var seen = Set<String>()
        var errors: [String: [String]] = [:]
        for line in output.split(separator: "\n").map(String.init) where line.contains(": error: ") {
            guard seen.insert(line).inserted, let path = line.split(separator: ":").first else { continue }
            let file = path.split(separator: "/").last.map(String.init) ?? ""
            let stem = file.hasPrefix("S") && file.contains(".publisher") ? String(file.prefix { $0 != "." }) : "shared"
            errors[stem, default: []].append(line)
        }
        return errors
    }
}
