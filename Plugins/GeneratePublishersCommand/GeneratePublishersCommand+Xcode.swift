#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The command run on an Xcode project (right-click the project or a target in the navigator;
/// Xcode passes each selected target as `--target <name>`). The work is the SwiftPM path's
/// (``GeneratePublishersCommand/generate(_:tool:root:scratch:check:)``); only how the inputs are found
/// differs. An Xcode target has no source directory: its schemas are its input files, and the
/// generated files go into `Generated/` beside them (in the folder that holds all of the target's
/// schemas). A folder added as a synchronized (buildable) folder picks the files up by itself; in
/// an older-style group, add `Generated/` to the target once.
///
/// Only Xcode can compile this file (Linux has no `XcodeProjectPlugin`); the package's tests run
/// `swiftc -parse` on it (Tests/PluginEndToEndTests/XcodePluginParseTests.swift).
extension GeneratePublishersCommand: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let options = try Options(arguments)
        let targets =
            options.targetNames.isEmpty
            ? context.xcodeProject.targets
            : context.xcodeProject.targets.filter { options.targetNames.contains($0.displayName) }
        let jobs = targets.compactMap { target -> Job? in
            let schemas = SchemaFiles.schemas(among: target.inputFiles.map(\.url))
            guard let folder = Self.commonFolder(of: schemas) else { return nil }
            return Job(
                targetName: target.displayName, schemas: schemas,
                destination: folder.appending(path: Self.outputFolder))
        }
        guard !jobs.isEmpty else { throw PluginFailure(description: Self.nothingToDo(named: options.targetNames)) }
        try Self.generate(
            jobs, tool: try context.tool(named: "publisher-generator").url, root: context.xcodeProject.directoryURL,
            scratch: context.pluginWorkDirectoryURL, check: options.check)
    }

    /// The deepest folder that holds every file of `files`, or nil when there are none.
    static func commonFolder(of files: [URL]) -> URL? {
        guard let first = files.first else { return nil }
        var components = first.deletingLastPathComponent().standardizedFileURL.pathComponents
        for file in files.dropFirst() {
            let other = file.deletingLastPathComponent().standardizedFileURL.pathComponents
            components = Array(zip(components, other).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: NSString.path(withComponents: components), isDirectory: true)
    }
}
#endif
