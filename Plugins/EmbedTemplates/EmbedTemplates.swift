import Foundation
import PackagePlugin

/// Embeds `Templates/*.stencil` into the target that applies this plugin (the generator library),
/// so the tool needs no template files at run time.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templatesDirectory = context.package.directoryURL.appending(path: "Templates")
        let templates = try FileManager.default
            .contentsOfDirectory(at: templatesDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "stencil" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        let tool = try context.tool(named: "embed-templates")
        return [
            .buildCommand(
                displayName: "Embedding \(templates.count) generator templates",
                executable: tool.url,
                arguments: [output.path] + templates.map(\.path),
                inputFiles: templates + [tool.url],
                outputFiles: [output])
        ]
    }
}
