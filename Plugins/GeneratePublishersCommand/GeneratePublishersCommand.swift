import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-publishers [--target T…] [--check]`
///
/// Writes each target's generated publishers into `Sources/<T>/Generated/`, to be committed.
/// `--check` writes nothing and fails, listing the files, when any is missing or stale.
@main
struct GeneratePublishersCommand: CommandPlugin {
    /// Where the generated files go, inside each target's directory.
    static let outputFolder = "Generated"

    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw failure(
                "unexpected arguments: \(extractor.remainingArguments.joined(separator: " ")); "
                    + "usage: swift package generate-publishers [--target <name>]... [--check]")
        }
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        var skipped: [String] = []
        let work = targets.compactMap { target -> (module: SourceModuleTarget, schemas: [URL])? in
            guard let module = target as? SourceModuleTarget else { return nil }
            // Searched on disk: schemas a target excludes (to keep SwiftPM from asking what they
            // are) are not among its source files.
            let schemas = SchemaFiles.schemas(below: module.directoryURL)
            guard !schemas.isEmpty else { return nil }
            if targetNames.isEmpty, !usesThisCommand(module, schemas: schemas) {
                skipped.append(module.name)
                return nil
            }
            return (module, schemas)
        }
        guard !work.isEmpty else {
            let scope = targetNames.isEmpty ? "no target" : "none of the targets \(targetNames.joined(separator: ", "))"
            var message = "\(scope) has a *.publishers.yaml or *.publishers.yml schema file to generate from"
            if !skipped.isEmpty {
                message +=
                    "; \(skipped.joined(separator: ", ")) compile their schemas as sources (the build plugin's way); "
                    + "pass --target to generate for them anyway"
            }
            throw failure(message)
        }
        let tool = try context.tool(named: "publisher-generator")
        var stale: [String] = []
        for (module, schemas) in work {
            let destination = module.directoryURL.appending(path: Self.outputFolder)
            if check {
                let scratch = context.pluginWorkDirectoryURL.appending(path: "check/\(module.name)")
                try? FileManager.default.removeItem(at: scratch)
                try run(tool, ["generate"] + schemas.map(\.path) + ["--output", scratch.path], quiet: true)
                stale += differences(
                    expected: scratch, committed: destination, names: SchemaFiles.outputNames(for: schemas))
            } else {
                try run(tool, ["generate"] + schemas.map(\.path) + ["--output", destination.path])
            }
        }
        if check {
            guard stale.isEmpty else {
                throw failure(
                    "generated publishers are out of date; run 'swift package --allow-writing-to-package-directory "
                        + "generate-publishers' and commit the result:\n" + stale.joined(separator: "\n"))
            }
            print("Generated publishers are up to date in \(work.count) target(s).")
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
    private func differences(expected: URL, committed: URL, names: [String]) -> [String] {
        names.compactMap { name in
            let path = committed.appending(path: name).path
            guard let current = FileManager.default.contents(atPath: path) else { return "  missing: \(path)" }
            let fresh = FileManager.default.contents(atPath: expected.appending(path: name).path)
            return current == fresh ? nil : "  stale:   \(path)"
        }
    }

    /// Runs the tool, passing its output through, and fails with its exit status.
    private func run(_ tool: PluginContext.Tool, _ arguments: [String], quiet: Bool = false) throws {
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        if quiet { process.standardOutput = FileHandle.nullDevice }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw failure("publisher-generator failed (exit status \(process.terminationStatus)); see the errors above")
        }
    }

    private func failure(_ message: String) -> PluginFailure {
        PluginFailure(description: message)
    }
}
