import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-publishers [--target T…] [--check]`
///
/// Writes each target's generated publishers into `Sources/<T>/Generated/`, to be committed.
/// `--check` writes nothing and fails, listing the files, when any is missing or stale.
///
/// The work itself (``generate(_:tool:root:scratch:check:)``) takes plain values; this file finds them
/// in a SwiftPM package, `GeneratePublishersCommand+Xcode.swift` in an Xcode project.
@main
struct GeneratePublishersCommand: CommandPlugin {
    /// Where the generated files go, inside each target's directory.
    static let outputFolder = "Generated"

    /// The command's options, read the same way in a package and in an Xcode project.
    struct Options {
        var targetNames: [String]
        var check: Bool

        init(_ arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            targetNames = extractor.extractOption(named: "target")
            check = extractor.extractFlag(named: "check") > 0
            guard extractor.remainingArguments.isEmpty else {
                throw PluginFailure(
                    description: "unexpected arguments: \(extractor.remainingArguments.joined(separator: " ")); "
                        + "usage: swift package generate-publishers [--target <name>]... [--check]")
            }
        }
    }

    /// One target's work: its schemas and the directory its generated files belong in.
    struct Job {
        var targetName: String
        var schemas: [URL]
        var destination: URL
    }

    func performCommand(context: PluginContext, arguments: [String]) throws {
        let options = try Options(arguments)
        let targets =
            options.targetNames.isEmpty
            ? context.package.targets : try context.package.targets(named: options.targetNames)
        var skipped: [String] = []
        let jobs = targets.compactMap { target -> Job? in
            guard let module = target as? SourceModuleTarget else { return nil }
            // Searched on disk: schemas a target excludes (to keep SwiftPM from asking what they
            // are) are not among its source files.
            let schemas = SchemaFiles.schemas(below: module.directoryURL)
            guard !schemas.isEmpty else { return nil }
            if options.targetNames.isEmpty, !usesThisCommand(module, schemas: schemas) {
                skipped.append(module.name)
                return nil
            }
            return Job(
                targetName: module.name, schemas: schemas,
                destination: module.directoryURL.appending(path: Self.outputFolder))
        }
        guard !jobs.isEmpty else {
            var message = Self.nothingToDo(named: options.targetNames)
            if !skipped.isEmpty {
                message +=
                    "; \(skipped.joined(separator: ", ")) compile their schemas as sources (the build plugin's way); "
                    + "pass --target to generate for them anyway"
            }
            throw PluginFailure(description: message)
        }
        try Self.generate(
            jobs, tool: try context.tool(named: "publisher-generator").url, root: context.package.directoryURL,
            scratch: context.pluginWorkDirectoryURL, check: options.check)
    }

    /// The message when no target named (or, with none named, no target) has schemas.
    static func nothingToDo(named targetNames: [String]) -> String {
        let scope = targetNames.isEmpty ? "no target" : "none of the targets \(targetNames.joined(separator: ", "))"
        return "\(scope) has a *.publishers.yaml or *.publishers.yml schema file to generate from"
    }

    /// Writes each job's files into its destination, or with `check` generates them into `scratch`
    /// and fails, listing them, when any committed file is missing or stale. The files name their
    /// schemas relative to `root` (the package's or project's directory), so that they are the
    /// same on every machine.
    static func generate(_ jobs: [Job], tool: URL, root: URL, scratch: URL, check: Bool) throws {
        var stale: [String] = []
        for job in jobs {
            let inputs = job.schemas.map(\.path) + ["--schema-paths-relative-to", root.path]
            if check {
                let expected = scratch.appending(path: "check/\(job.targetName)")
                try? FileManager.default.removeItem(at: expected)
                try run(tool, ["generate"] + inputs + ["--output", expected.path], quiet: true)
                stale += differences(
                    expected: expected, committed: job.destination, names: SchemaFiles.outputNames(for: job.schemas))
            } else {
                try run(tool, ["generate"] + inputs + ["--output", job.destination.path])
            }
        }
        if check {
            guard stale.isEmpty else {
                throw PluginFailure(
                    description: "generated publishers are out of date; run 'swift package "
                        + "--allow-writing-to-package-directory generate-publishers' and commit the result:\n"
                        + stale.joined(separator: "\n"))
            }
            print("Generated publishers are up to date in \(jobs.count) target(s).")
        }
    }

    /// Whether a target, when none is named, is one this command generates for: it excludes its
    /// schemas from its sources (as such a target must, or SwiftPM warns about them), or it already
    /// has generated files. A target whose schemas are sources is left to the build plugin.
    private func usesThisCommand(_ module: SourceModuleTarget, schemas: [URL]) -> Bool {
        let sources = Set(module.sourceFiles.map(\.url.path))
        let excludesSchemas = schemas.contains { !sources.contains($0.path) }
        let generated = module.directoryURL.appending(path: Self.outputFolder)
        return excludesSchemas || FileManager.default.fileExists(atPath: generated.path)
    }

    /// Files of `names` that are missing from `committed` or differ from `expected`.
    private static func differences(expected: URL, committed: URL, names: [String]) -> [String] {
        names.compactMap { name in
            let path = committed.appending(path: name).path
            guard let current = FileManager.default.contents(atPath: path) else { return "  missing: \(path)" }
            let fresh = FileManager.default.contents(atPath: expected.appending(path: name).path)
            return current == fresh ? nil : "  stale:   \(path)"
        }
    }

    /// Runs the tool, passing its output through and its diagnostics on as the plugin's own
    /// (``ToolDiagnostics``), and fails with its exit status after them.
    private static func run(_ tool: URL, _ arguments: [String], quiet: Bool = false) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if quiet { process.standardOutput = FileHandle.nullDevice }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Read to the end before waiting, so a tool with much to say never blocks on a full pipe.
        let written = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let others = ToolDiagnostics.emit(String(decoding: written, as: UTF8.self))
        guard process.terminationStatus == 0 else {
            let count = others.isEmpty ? "" : " (\(others.joined(separator: " ")))"
            throw PluginFailure(
                description:
                    "publisher-generator failed (exit status \(process.terminationStatus))\(count); see the errors above"
            )
        }
    }
}
