import Foundation

/// The files emitted verbatim (the engine and the test support), read from the resource bundle
/// SwiftPM copies next to the tool: `Runtime/Engine` and `Runtime/TestSupport` of the package.
///
/// `Bundle.module` would stop the process when that folder is missing (a tool copied without its
/// resources); looking for the folder here lets the tool say what is missing instead.
public struct RuntimeFiles: Sendable {
    /// The folder that holds `Engine/` and `TestSupport/`: the resource bundle, or `Runtime/`.
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The folder of the running tool, found once.
    public static func located() throws(Missing) -> RuntimeFiles {
        try locatedOnce.get()
    }

    private static let locatedOnce: Result<RuntimeFiles, Missing> = locate(near: candidateDirectories())

    /// Where SwiftPM puts resource bundles: beside the executable (the tool, the plugin's copy of
    /// it, the test runner), or beside the loaded test bundle on macOS.
    static func candidateDirectories() -> [URL] {
        var directories = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL {
            directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        let library = Bundle(for: BundleToken.self).bundleURL
        directories += [library, library.deletingLastPathComponent()]
        var seen = Set<String>()
        return directories.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The first resource bundle of this library in `directories` that has the emitted files.
    static func locate(near directories: [URL]) -> Result<RuntimeFiles, Missing> {
        let manager = FileManager.default
        for directory in directories {
            guard let entries = try? manager.contentsOfDirectory(atPath: directory.path) else { continue }
            // The plugins' copy of the tool is built as `…-tool`, with its own `…-tool` bundle.
            let rank = { (name: String) in (name.contains("-tool.") ? 1 : 0, name) }
            let bundles = entries.filter(isResourceBundle).sorted { rank($0) < rank($1) }
            for entry in bundles {
                let bundle = directory.appending(path: entry)
                for root in [bundle, bundle.appending(path: "Contents/Resources")]
                where manager.fileExists(atPath: root.appending(path: "Engine").path) {
                    return .success(RuntimeFiles(directory: root))
                }
            }
        }
        return .failure(Missing(searched: directories.map(\.path)))
    }

    private static func isResourceBundle(_ name: String) -> Bool {
        ["_PublisherGeneratorCore", "_PublisherGeneratorCore-tool"].contains { stem in
            name.hasSuffix(stem + ".resources") || name.hasSuffix(stem + ".bundle")
        }
    }

    /// The text of the file at `path` inside the folder.
    public func text(at path: String) throws(Missing) -> String {
        let url = directory.appending(path: path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Missing(file: url.path)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The tool's resources are not where SwiftPM put them.
    public struct Missing: Error, CustomStringConvertible, Sendable {
        public let description: String

        init(searched: [String]) {
            description =
                "cannot find the files publisher-generator emits verbatim (the folder "
                + "'swift-publisher-generator_PublisherGeneratorCore.resources' that SwiftPM builds next to the tool); "
                + "looked in \(searched.map { "'\($0)'" }.joined(separator: ", ")). Copy that folder along "
                + "with the executable, or run the tool from its build directory"
        }

        init(file: String) {
            description = "cannot read '\(file)', one of the files publisher-generator emits verbatim; rebuild the tool"
        }
    }
}

private final class BundleToken {}
