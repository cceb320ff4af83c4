import Foundation
import TestHelpers
import Testing

/// The plugins' Xcode entry points (`XcodeBuildToolPlugin`, `XcodeCommandPlugin`) compile only
/// where `XcodeProjectPlugin` exists, which is Xcode, never Linux. Here every such file must at
/// least parse (`swiftc -parse` reads inactive `#if` branches too), and each plugin must have one.
@Suite struct XcodePluginParseTests {
    static let pluginsDirectory = PluginEndToEndTests.packageRoot.appending(path: "Plugins")

    /// Every Swift file below `Plugins/` that is guarded by `#if canImport(XcodeProjectPlugin)`,
    /// each once (the shared folder is linked into each plugin).
    static func xcodeOnlyFiles() throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: pluginsDirectory, includingPropertiesForKeys: nil)
        var files: [String: URL] = [:]
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.contains("#if canImport(XcodeProjectPlugin)") {
                files[url.resolvingSymlinksInPath().path] = url
            }
        }
        return files.keys.sorted().map { URL(fileURLWithPath: $0) }
    }

    @Test func eachPluginHasAnXcodeEntryPoint() throws {
        let names = try Self.xcodeOnlyFiles().map(\.lastPathComponent)
        #expect(names.contains("PublisherGeneratorPlugin+Xcode.swift"), "\(names)")
        #expect(names.contains("GeneratePublishersCommand+Xcode.swift"), "\(names)")
    }

    @Test(arguments: try xcodeOnlyFiles())
    func xcodeOnlyFileParses(_ file: URL) async throws {
        let run = try await SwiftCommand.parse([file])
        #expect(run.status == 0, "\(file.lastPathComponent):\n\(run.output)")
        #expect(run.output.isEmpty, "\(file.lastPathComponent):\n\(run.output)")
    }
}
