import Foundation

/// How generated code names a schema in its `#sourceLocation` directives, which make the compiler
/// report an error in embedded schema code at the schema's line.
///
/// Files people commit (the command plugin's, the CLI's) must read the same on every machine, so
/// they name the schema relative to a directory; the build plugin's files live in the build folder
/// and are never committed, so they name it by its absolute path, as SwiftPM names every source.
public enum SourceLocationPaths: Sendable, Equatable {
    /// Relative to `directory` (itself absolute, or relative to the current directory), with `..`
    /// for a schema outside it.
    case relative(to: String)
    case absolute

    /// `relative(to: ".")`: the CLI's default.
    public static let currentDirectory = SourceLocationPaths.relative(to: ".")

    /// The path a directive writes for the schema at `schemaPath` (as the user gave it), or `nil`
    /// when the directive cannot spell it: its file name is a string literal read without escapes,
    /// so `"`, `\` and line breaks have no spelling.
    public func directivePath(for schemaPath: String) -> String? {
        let written: String
        switch self {
        case .absolute:
            written = "/" + Self.absoluteComponents(schemaPath).joined(separator: "/")
        case let .relative(directory):
            written = Self.relativePath(from: directory, to: schemaPath)
        }
        let unspellable = written.contains { $0 == "\"" || $0 == "\\" || $0.isNewline }
        return unspellable ? nil : written
    }

    /// `path` made absolute against the current directory, without `.`, `..` or empty components.
    /// Symbolic links are left alone: the path stays the one the user and the build system use.
    static func absoluteComponents(_ path: String) -> [Substring] {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components: [Substring] = []
        for component in full.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return components
    }

    /// `file` relative to `directory`. When that climbs out of `directory`, the two may name one
    /// folder through different symbolic links (macOS's `/tmp` and `/private/tmp`, a current
    /// directory the system resolved): the path between their resolved forms wins if it climbs less.
    static func relativePath(from directory: String, to file: String) -> String {
        let asGiven = relativePath(from: absoluteComponents(directory), to: absoluteComponents(file))
        guard asGiven.hasPrefix("../") else { return asGiven }
        let resolved = relativePath(
            from: absoluteComponents(resolvingSymbolicLinks(directory)),
            to: absoluteComponents(resolvingSymbolicLinks(file)))
        return climbs(resolved) < climbs(asGiven) ? resolved : asGiven
    }

    private static func resolvingSymbolicLinks(_ path: String) -> String {
        URL(fileURLWithPath: "/" + absoluteComponents(path).joined(separator: "/")).resolvingSymlinksInPath().path
    }

    private static func climbs(_ relativePath: String) -> Int {
        relativePath.split(separator: "/").prefix { $0 == ".." }.count
    }

    static func relativePath(from directory: [Substring], to file: [Substring]) -> String {
        var shared = 0
        while shared < directory.count, shared < file.count - 1, directory[shared] == file[shared] { shared += 1 }
        let up = Array(repeating: Substring(".."), count: directory.count - shared)
        return (up + file[shared...]).joined(separator: "/")
    }
}
