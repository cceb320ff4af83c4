import Foundation
import PackagePlugin

/// Generates publishers while building: every `*.publishers.yaml` / `*.publishers.yml` in the
/// target becomes a Swift file, plus the module's shared bookkeeping file, all in the plugin's
/// work directory. The tool is built from source (works on Linux) and counts as an input, so a new
/// generator regenerates; a build with nothing changed runs nothing.
///
/// The commands themselves are built by ``GenerationCommands`` from plain values; this file finds
/// those values in a SwiftPM package, `PublisherGeneratorPlugin+Xcode.swift` in an Xcode project.
@main
struct PublisherGeneratorPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "publisher-generator").url
        if module.kind == .test {
            // Applied to a test target, generates XCTest suites and test support for the
            // publishers of every module the target tests, reading those modules' schemas where
            // they are.
            return GenerationCommands.testSupport(
                tool: tool, targetName: target.name, tested: Self.testedModules(of: module),
                workDirectory: context.pluginWorkDirectoryURL)
        }
        return GenerationCommands.publishers(
            tool: tool, targetName: target.name, files: module.sourceFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The source modules a test target depends on directly, in a stable order, with their schemas.
    private static func testedModules(of target: SourceModuleTarget) -> [GenerationCommands.TestedModule] {
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
        return GenerationCommands.unique(modules.map(testedModule))
    }

    /// A package module as the test scaffolds see it; its schemas are searched on disk, since a
    /// target may exclude them from its sources.
    static func testedModule(_ module: SourceModuleTarget) -> GenerationCommands.TestedModule {
        .init(
            name: module.name, moduleName: module.moduleName, schemas: SchemaFiles.schemas(below: module.directoryURL))
    }
}
