/// Renders validated schemas into Swift source files.
public struct CodeGenerator {
    /// One file to write: its name (no directory) and its full contents.
    public struct OutputFile: Equatable, Sendable {
        public var name: String
        public var contents: String
    }

    /// The shared bookkeeping file, emitted once per module.
    public static var supportFileName: String { GeneratedFileNames.publisherSupport }

    private let renderer: TemplateRenderer

    public init(renderer: TemplateRenderer = TemplateRenderer()) {
        self.renderer = renderer
    }

    /// The output file name for a schema path: `Player.publishers.yaml` → `Player.publishers.swift`.
    public static func outputFileName(forSchemaAt path: String) -> String {
        GeneratedFileNames.publishers(forSchemaAt: path)
    }

    /// Every output for `files`: one per schema, plus the support file when `includeSupport`.
    public func generate(_ files: [SchemaFile], includeSupport: Bool = true) throws -> [OutputFile] {
        var outputs = try files.map { file in
            OutputFile(name: Self.outputFileName(forSchemaAt: file.path), contents: try render(file))
        }
        if includeSupport {
            outputs.append(OutputFile(name: Self.supportFileName, contents: try renderSupport()))
        }
        return outputs
    }

    public func render(_ file: SchemaFile) throws -> String {
        let fileName = file.path.split(separator: "/").last.map(String.init) ?? file.path
        let imports = file.imports.map(\.value)
        // Selector-based target/action needs NSObject and #selector where the runtime exists.
        let needsObjectiveC = file.publishers.contains { $0.kind.value == .targetAction }
        let text = try renderer.render(
            "publishers.swift.stencil",
            context: [
                "header": GeneratedFileHeader.text(source: fileName),
                "access": Self.accessPrefix(file.access),
                "imports": imports,
                "needsObjectiveC": needsObjectiveC,
                "publishers": file.publishers.map {
                    TemplateValues(
                        PublisherRenderModel(declaration: $0, access: Self.accessPrefix(file.access)).context)
                },
            ])
        return SwiftCodeText.normalized(text)
    }

    public func renderSupport() throws -> String {
        let text = try renderer.render(
            "support.swift.stencil", context: ["header": GeneratedFileHeader.text(source: nil)])
        return SwiftCodeText.normalized(text)
    }

    /// Internal is Swift's default, so it is left unsaid.
    static func accessPrefix(_ access: AccessLevel) -> String {
        access == .internal ? "" : "\(access.rawValue) "
    }
}
