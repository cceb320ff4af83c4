import Foundation

/// Runs `swiftc` jobs two at a time (the machine has two cores) and sorts their errors by file.
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

    static func run(_ jobs: [Job], at directory: URL) throws -> [Outcome] {
        let slots = DispatchSemaphore(value: 2)
        let group = DispatchGroup()
        var processes: [(Job, Process, URL)] = []
        for (index, job) in jobs.enumerated() {
            slots.wait()
            let log = directory.appendingPathComponent("compile-\(index).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swiftc"] + job.arguments
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            group.enter()
            process.terminationHandler = { _ in
                try? handle.close()
                slots.signal()
                group.leave()
            }
            try process.run()
            processes.append((job, process, log))
        }
        group.wait()
        return processes.map { job, process, log in
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return Outcome(module: job.module, succeeded: process.terminationStatus == 0, output: output)
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
