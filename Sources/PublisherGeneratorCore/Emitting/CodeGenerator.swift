/// Renders validated schemas into Swift source files.
public struct CodeGenerator {
    /// One file to write: its name (no directory) and its full contents.
    public struct OutputFile: Equatable, Sendable {
        public var name: String
        public var contents: String
    }

    /// The shared bookkeeping file, emitted once per module.
    public static let supportFileName = "GeneratedPublisherSupport.swift"

    public init() {}

    /// The output file name for a schema path: `Player.publishers.yaml` → `Player.publishers.swift`.
    public static func outputFileName(forSchemaAt path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in SchemaLoader.schemaSuffixes where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count)) + ".publishers.swift"
        }
        return name + ".swift"
    }

    /// Every output for `files`: one per schema, plus the support file when `includeSupport`.
    ///
    /// - Throws: `EmittedFiles.Missing` when the support file is asked for and the tool's
    ///   resources cannot be found.
    public func generate(_ files: [SchemaFile], includeSupport: Bool = true) throws -> [OutputFile] {
        var outputs = files.map { file in
            OutputFile(name: Self.outputFileName(forSchemaAt: file.path), contents: render(file))
        }
        if includeSupport {
            outputs.append(try VerbatimFile.engine.output(from: EmittedFiles.located()))
        }
        return outputs
    }

    /// The publishers of one schema file.
    public func render(_ file: SchemaFile) -> String {
        PublishersFileEmitter(file: file).emit()
    }

    /// Internal is Swift's default, so it is left unsaid.
    static func accessPrefix(_ access: AccessLevel) -> String {
        access == .internal ? "" : "\(access.rawValue) "
    }
}
