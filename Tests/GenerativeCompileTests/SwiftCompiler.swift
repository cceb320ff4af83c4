import Foundation
import TestHelpers

/// Runs `swiftc` jobs, one per core at a time (`ChildProcess` waits for a slot), and sorts their
/// errors by file.
///
/// Each module is compiled whole (`-wmo`) to SIL only: that runs every diagnostic the compiler
/// has, including the SIL passes `-typecheck` skips (escaping captures, initialization, Swift 6
/// region isolation), without generating machine code nobody runs. Measured on 30 schemas: a
/// SwiftPM package of the same targets took 290 s a batch, SIL-only swiftc 2 to 4 s a module
/// but for Swift Testing scaffolds (45 s: their macros).
enum SwiftCompiler {
    struct Job: Sendable {
        let module: String
        let arguments: [String]
    }

    struct Outcome: Sendable {
        let module: String
        let succeeded: Bool
        let output: String
    }

    /// The outcomes in the order of `jobs`.
    static func run(_ jobs: [Job]) async throws -> [Outcome] {
        let swiftc = URL(fileURLWithPath: "/usr/bin/env")
        return try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            for (index, job) in jobs.enumerated() {
                group.addTask {
                    let run = try await ChildProcess.run(swiftc, ["swiftc"] + job.arguments, mergingErrors: true)
                    return (index, Outcome(module: job.module, succeeded: run.status == 0, output: run.standardOutput))
                }
            }
            var outcomes: [Outcome?] = Array(repeating: nil, count: jobs.count)
            for try await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes.map { $0! }
        }
    }

    /// `path:line:column: error: message` lines by the stem of the schema whose generated file they
    /// are in (`S00042`); errors in shared files (declarations, engine, test support) under `shared`.
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
