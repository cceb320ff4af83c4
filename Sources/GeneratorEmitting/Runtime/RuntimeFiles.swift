import Foundation

/// The files emitted verbatim (the engine and the test support), read from the resource bundle
/// SwiftPM copies next to the tool: `Templates/Engine` and `Templates/TestSupport` of the package.
///
/// `Bundle.module` would stop the process when that folder is missing (a tool copied without its
/// resources); looking for the folder here lets the tool say what is missing instead.
public struct RuntimeFiles: Sendable {
    /// The folder that holds `Engine/` and `TestSupport/`: the resource bundle, or `Templates/`.
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

    /// The parts of `file` (their paths inside its folder, without `.swift`), in the order they are
    /// emitted: first its head, the one part that opens with the file's own comment (a line `//`
    /// alone, then what the file holds) and brings every import the file needs; then the others,
    /// by path, each after a blank line without its imports (``RuntimeParts``).
    package func parts(of file: RuntimeFile) throws(Missing) -> [String] {
        try partTexts(of: file).map(\.name)
    }

    /// The parts of `file` in the order ``parts(of:)`` gives, each with its text, read once.
    package func partTexts(of file: RuntimeFile) throws(Missing) -> [(name: String, path: String, text: String)] {
        let folder = directory.appending(path: file.folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue,
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        else { throw Missing(file: folder.path) }
        var names: [String] = []
        let prefix = folder.resolvingSymlinksInPath().path + "/"
        while let url = enumerator.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = url.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix) else { continue }
            names.append(String(path.dropFirst(prefix.count).dropLast(".swift".count)))
        }
        var parts: [(name: String, path: String, text: String)] = []
        for name in names.sorted() {
            let path = "\(file.folder)/\(name).swift"
            parts.append((name, path, try text(at: path)))
        }
        guard let head = parts.firstIndex(where: { $0.text.hasPrefix("//\n") }) else { return parts }
        return [parts[head]] + parts.enumerated().filter { $0.offset != head }.map(\.element)
    }

    /// The paths inside this folder of the parts of `file`, in the order they are emitted.
    package func partPaths(of file: RuntimeFile) throws(Missing) -> [String] {
        paths(of: file, parts: try parts(of: file))
    }

    /// The paths inside this folder of `parts`, parts of `file`.
    package func paths(of file: RuntimeFile, parts: [String]) -> [String] {
        parts.map { "\(file.folder)/\($0).swift" }
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
