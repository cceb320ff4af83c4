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
        if module.kind == .test { return try testSupportCommands(context: context, target: module) }
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

    /// Applied to a test target, generates XCTest scaffolds and test support for the publishers
    /// of every module the target tests, reading those modules' schemas where they are.
    private func testSupportCommands(context: PluginContext, target: SourceModuleTarget) throws -> [Command] {
        let tool = try context.tool(named: "publisher-generator")
        var commands: [Command] = []
        for tested in Self.testedModules(of: target) {
            let schemas = SchemaFiles.schemas(below: tested.directoryURL)
            guard !schemas.isEmpty else { continue }
            let output = context.pluginWorkDirectoryURL.appending(path: "TestSupport/\(tested.name)")
            let includeSupport = commands.isEmpty
            var names = schemas.map(SchemaFiles.testOutputName(for:))
            if includeSupport { names += SchemaFiles.testSupportFileNames }
            commands.append(
                .buildCommand(
                    displayName: "Generating publisher tests for \(tested.name) into \(target.name)",
                    executable: tool.url,
                    arguments: ["generate"] + schemas.map(\.path)
                        + ["--output", output.path, "--test-support", tested.moduleName]
                        + (includeSupport ? [] : ["--no-support-file"]),
                    inputFiles: schemas + [tool.url],
                    outputFiles: names.map { output.appending(path: $0) }))
        }
        return commands
    }

    /// The source modules a test target depends on directly, in a stable order.
    private static func testedModules(of target: SourceModuleTarget) -> [SourceModuleTarget] {
        var modules: [SourceModuleTarget] = []
        for dependency in target.dependencies {
            switch dependency {
            case let .target(dependencyTarget):
                if let module = dependencyTarget as? SourceModuleTarget, module.kind != .test { modules.append(module) }
            case let .product(product):
                modules += product.sourceModules.filter { $0.kind != .test }
            @unknown default:
                break
            }
        }
        var seen = Set<String>()
        return modules.filter { seen.insert($0.name).inserted }
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
