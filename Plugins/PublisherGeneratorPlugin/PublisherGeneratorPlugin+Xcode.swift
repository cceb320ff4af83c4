#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The build plugin applied to a target of an Xcode project (Build Phases > Run Build Tool
/// Plug-ins). Xcode has no source directories, so the schemas are the target's input files: add
/// each `*.publishers.yaml` to the target. The commands are the SwiftPM path's
/// (``GenerationCommands``); only how the inputs are found differs.
///
/// Only Xcode can compile this file (Linux has no `XcodeProjectPlugin`); the package's tests run
/// `swiftc -parse` on it (Tests/PluginEndToEndTests/XcodePluginParseTests.swift).
extension PublisherGeneratorPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let tool = try context.tool(named: "publisher-generator").url
        if Self.isUnitTestBundle(target) {
            return GenerationCommands.testSupport(
                tool: tool, targetName: target.displayName,
                tested: Self.testedModules(of: target, in: context.xcodeProject),
                workDirectory: context.pluginWorkDirectoryURL)
        }
        return GenerationCommands.publishers(
            tool: tool, targetName: target.displayName, files: target.inputFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// Whether the target builds a unit-test bundle (`@testable import` works there; UI-test
    /// bundles cannot import the app, so they are treated as any other target).
    static func isUnitTestBundle(_ target: XcodeTarget) -> Bool {
        guard let kind = target.product?.kind else { return false }
        if case .other("com.apple.product-type.bundle.unit-test") = kind { return true }
        return false
    }

    /// The modules a unit-test target tests: the project targets and package products it depends
    /// on directly, in order. Some projects report no dependencies to plugins at all; then every
    /// other target of the project that has schema files counts as tested, since a unit-test
    /// bundle tests the app or frameworks of its own project.
    static func testedModules(of target: XcodeTarget, in project: XcodeProject) -> [GenerationCommands.TestedModule] {
        var modules: [GenerationCommands.TestedModule] = []
        for dependency in target.dependencies {
            switch dependency {
            case let .target(dependencyTarget):
                if !isUnitTestBundle(dependencyTarget) { modules.append(testedModule(dependencyTarget)) }
            case let .product(product):
                modules += product.sourceModules.filter { $0.kind != .test }.map(testedModule)
            @unknown default:
                break
            }
        }
        if modules.allSatisfy({ $0.schemas.isEmpty }) {
            modules = project.targets
                .filter { $0.id != target.id && !isUnitTestBundle($0) }
                .map(testedModule)
        }
        return GenerationCommands.unique(modules)
    }

    /// An Xcode target as the test scaffolds see it: its schemas are among its input files, and its
    /// module name is Xcode's default `PRODUCT_MODULE_NAME`, the product name as a C99 identifier.
    static func testedModule(_ target: XcodeTarget) -> GenerationCommands.TestedModule {
        .init(
            name: target.displayName,
            moduleName: XcodeModuleName.from(productName: target.product?.name ?? target.displayName),
            schemas: SchemaFiles.schemas(among: target.inputFiles.map(\.url)))
    }
}
#endif
