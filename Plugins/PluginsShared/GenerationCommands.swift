import Foundation
import PackagePlugin

/// What the build plugin asks of the tool, from plain values, so that the SwiftPM entry point and
/// the Xcode one (`PublisherGeneratorPlugin+Xcode.swift`) build the same commands.
enum GenerationCommands {
    /// A module whose publishers a test target tests: its name as shown to the user, the name it is
    /// imported by, and its schema files.
    struct TestedModule {
        var name: String
        var moduleName: String
        var schemas: [URL]
    }

    /// Generates the publishers of the schemas among a target's `files` into
    /// `workDirectory/GeneratedSources`; nothing for a target without schemas. For a target that
    /// also compiles committed generated files, the command fails instead, naming them, rather than
    /// let every type be defined twice.
    static func publishers(tool: URL, targetName: String, files: [URL], workDirectory: URL) -> [Command] {
        let schemas = SchemaFiles.schemas(among: files)
        guard !schemas.isEmpty else { return [] }
        let output = workDirectory.appending(path: "GeneratedSources")
        let refusing = refusal(of: schemas, among: files, target: targetName)
        // A refusing command declares no outputs: outputs named like the committed files would give
        // SwiftPM two producers of each object file, an error before any command runs. A command
        // without outputs runs on every build, so the error stays until the target is fixed.
        let outputs = refusing.isEmpty ? SchemaFiles.outputNames(for: schemas).map { output.appending(path: $0) } : []
        return [
            .buildCommand(
                displayName: "Generating publishers for \(targetName) from \(schemas.count) schema file(s)",
                executable: tool,
                arguments: ["generate"] + schemas.map(\.path) + ["--output", output.path] + absolutePaths + refusing,
                inputFiles: schemas + [tool],
                outputFiles: outputs)
        ]
    }

    /// Generates test scaffolds and test support for each of `tested` that has schemas, into
    /// `workDirectory/TestSupport/<module>`; the shared support file is written once.
    static func testSupport(tool: URL, targetName: String, tested: [TestedModule], workDirectory: URL) -> [Command] {
        var commands: [Command] = []
        for module in tested where !module.schemas.isEmpty {
            let output = workDirectory.appending(path: "TestSupport/\(module.name)")
            let includeSupport = commands.isEmpty
            let names = SchemaFiles.testOutputNames(for: module.schemas, includeSupport: includeSupport)
            commands.append(
                .buildCommand(
                    displayName: "Generating publisher tests for \(module.name) into \(targetName)",
                    executable: tool,
                    arguments: ["generate"] + module.schemas.map(\.path) + absolutePaths
                        + ["--output", output.path, "--test-support", module.moduleName]
                        + (includeSupport ? [] : ["--no-support-file"]),
                    inputFiles: module.schemas + [tool],
                    outputFiles: names.map { output.appending(path: $0) }))
        }
        return commands
    }

    /// The build plugin's files live in the build folder and are never committed: they name their
    /// schemas by absolute path, as SwiftPM and Xcode name every source they compile, so both
    /// find the schema from an error in its code.
    private static let absolutePaths = ["--absolute-schema-paths"]

    /// Each module once, by name, in the order first seen.
    static func unique(_ modules: [TestedModule]) -> [TestedModule] {
        var seen = Set<String>()
        return modules.filter { seen.insert($0.name).inserted }
    }

    /// The tool's arguments that make it fail, naming the committed generated files among `files`
    /// (those of `schemas` first); none when there are none. The tool reports it, not the plugin:
    /// an error thrown while SwiftPM plans is printed once per planning pass, and SwiftPM plans
    /// twice when its cached plan is stale, as it is once files were added; a failed build command
    /// is printed once.
    private static func refusal(of schemas: [URL], among files: [URL], target: String) -> [String] {
        let generatedNames = Set(SchemaFiles.outputNames(for: schemas))
        let committed = files.filter { $0.pathExtension == "swift" && SchemaFiles.isGenerated($0) }
        guard !committed.isEmpty else { return [] }
        let clashingFirst =
            committed.filter { generatedNames.contains($0.lastPathComponent) }
            + committed.filter { !generatedNames.contains($0.lastPathComponent) }
        return ["--target", target] + clashingFirst.flatMap { ["--committed-output", $0.path] }
    }
}
