import Foundation
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

    /// `swiftc` beside the `swift` on the PATH, as the toolchain installs them.
    static func swiftc() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let swift = URL(fileURLWithPath: String(directory)).appending(path: "swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            let swiftc = swift.resolvingSymlinksInPath().deletingLastPathComponent().appending(path: "swiftc")
            if FileManager.default.isExecutableFile(atPath: swiftc.path) { return swiftc }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no swiftc beside swift on PATH"])
    }

    @Test func eachPluginHasAnXcodeEntryPoint() throws {
        let names = try Self.xcodeOnlyFiles().map(\.lastPathComponent)
        #expect(names.contains("PublisherGeneratorPlugin+Xcode.swift"), "\(names)")
        #expect(names.contains("GeneratePublishersCommand+Xcode.swift"), "\(names)")
    }

    @Test(arguments: try xcodeOnlyFiles())
    func xcodeOnlyFileParses(_ file: URL) throws {
        let process = Process()
        process.executableURL = try Self.swiftc()
        process.arguments = ["-parse", "-swift-version", "6", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(file.lastPathComponent):\n\(output)")
        #expect(output.isEmpty, "\(file.lastPathComponent):\n\(output)")
    }
}
