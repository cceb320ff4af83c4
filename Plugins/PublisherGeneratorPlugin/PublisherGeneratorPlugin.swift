import Foundation
import PackagePlugin

/// Generates publishers while building: every `*.publishers.yaml` / `*.publishers.yml` in the
/// target becomes a Swift file, plus the module's shared bookkeeping file, all in the plugin's
/// work directory. The tool is built from source (works on Linux) and counts as an input, so a new
/// generator regenerates; a build with nothing changed runs nothing.
@main
struct PublisherGeneratorPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let files = module.sourceFiles.map(\.url)
        let schemas = SchemaFiles.schemas(among: files)
        guard !schemas.isEmpty else { return [] }
        try refuseCommittedCopies(of: schemas, among: files, target: target.name)

        let tool = try context.tool(named: "publisher-generator")
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        return [
            .buildCommand(
                displayName: "Generating publishers for \(target.name) from \(schemas.count) schema file(s)",
                executable: tool.url,
                arguments: ["generate"] + schemas.map(\.path) + ["--output", output.path],
                inputFiles: schemas + [tool.url],
                outputFiles: SchemaFiles.outputNames(for: schemas).map { output.appending(path: $0) })
        ]
    }

    /// A target that compiles committed generated files and also runs this plugin would define
    /// every type twice; say so once, naming the files, instead of a wall of redeclaration errors.
    private func refuseCommittedCopies(of schemas: [URL], among files: [URL], target: String) throws {
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
