import Foundation

/// The plugins' view of schema files, as URLs. Every rule comes from ``GeneratedFileNames``, the
/// generator's own file (linked beside this one), so the plugins and the tool cannot disagree.
enum SchemaFiles {
    /// The schema files among `files`, sorted by path so the tool's arguments are stable.
    static func schemas(among files: [URL]) -> [URL] {
        files.filter { GeneratedFileNames.isSchema($0.lastPathComponent) }.sorted { $0.path < $1.path }
    }

    /// The schema files below `directory`, found the way the tool finds them.
    static func schemas(below directory: URL) -> [URL] {
        GeneratedFileNames.schemaFiles(under: directory.path).map { URL(fileURLWithPath: $0) }
    }

    /// Every file the tool writes for `schemas`: one per schema and the shared bookkeeping.
    static func outputNames(for schemas: [URL]) -> [String] {
        schemas.map { GeneratedFileNames.publishers(forSchemaAt: $0.path) } + GeneratedFileNames.supportFiles
    }

    /// Every file the tool writes for the tests of `schemas`: one per schema, and the shared test
    /// support when `includeSupport`.
    static func testOutputNames(for schemas: [URL], includeSupport: Bool) -> [String] {
        schemas.map { GeneratedFileNames.tests(forSchemaAt: $0.path) }
            + (includeSupport ? GeneratedFileNames.testSupportFiles : [])
    }

    /// Whether the file at `url` starts with the generated-file header.
    static func isGenerated(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let marker = Data(GeneratedFileNames.headerMarker.utf8)
        return handle.readData(ofLength: marker.count) == marker
    }
}

/// A plugin failure whose message is already written for the user.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
}
