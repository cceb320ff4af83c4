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
    /// `workDirectory/GeneratedSources`; nothing for a target without schemas, and a failure for one
    /// that also compiles committed generated files.
    static func publishers(tool: URL, targetName: String, files: [URL], workDirectory: URL) throws -> [Command] {
        let schemas = SchemaFiles.schemas(among: files)
        guard !schemas.isEmpty else { return [] }
        try refuseCommittedCopies(of: schemas, among: files, target: targetName)
        let output = workDirectory.appending(path: "GeneratedSources")
        return [
            .buildCommand(
                displayName: "Generating publishers for \(targetName) from \(schemas.count) schema file(s)",
                executable: tool,
                arguments: ["generate"] + schemas.map(\.path) + ["--output", output.path] + absolutePaths,
                inputFiles: schemas + [tool],
                outputFiles: SchemaFiles.outputNames(for: schemas).map { output.appending(path: $0) })
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

    /// A target that compiles committed generated files and also runs the build plugin would define
    /// every type twice; say so once, naming the files, instead of a wall of redeclaration errors.
    private static func refuseCommittedCopies(of schemas: [URL], among files: [URL], target: String) throws {
        let generatedNames = Set(SchemaFiles.outputNames(for: schemas))
        let committed = files.filter { $0.pathExtension == "swift" && SchemaFiles.isGenerated($0) }
        guard !committed.isEmpty else { return }
        let clashing = committed.filter { generatedNames.contains($0.lastPathComponent) }
        let examples = (clashing.isEmpty ? committed : clashing).prefix(3).map(\.path).joined(separator: ", ")
        let message =
            "target '\(target)' compiles publisher-generator output that is committed (\(examples)) "
            + "and also applies PublisherGeneratorPlugin, which generates the same code during the build; "
            + "delete the committed files, or remove the plugin from the target and regenerate with "
            + "'swift package generate-publishers'"
        throw PluginFailure(description: message)
    }
}
