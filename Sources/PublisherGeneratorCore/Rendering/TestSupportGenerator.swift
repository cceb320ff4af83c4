/// Renders test support for validated schemas: XCTest scaffolds per publisher, and once per test
/// module the subscriber, drivers and virtual-time scheduler they use.
public struct TestSupportGenerator {
    /// The shared test-support file, emitted once per test module.
    public static let supportFileName = "GeneratedPublisherTestSupport.swift"

    /// Problems that stop test generation, such as an output type with no sample value.
    public struct Failure: Error, Sendable {
        public var diagnostics: [Diagnostic]
    }

    /// The testing library the scaffolds are written for.
    public enum Framework: String, CaseIterable, Sendable {
        case xctest
        case swiftTesting = "swift-testing"

        var scaffoldTemplate: String {
            self == .xctest ? "publisherTests.swift.stencil" : "publisherTests.swift-testing.stencil"
        }
    }

    private let renderer: TemplateRenderer
    private let framework: Framework

    public init(renderer: TemplateRenderer = TemplateRenderer(), framework: Framework = .xctest) {
        self.renderer = renderer
        self.framework = framework
    }

    /// `Player.publishers.yaml` → `Player.publisherTests.swift`.
    public static func outputFileName(forSchemaAt path: String) -> String {
        CodeGenerator.outputFileName(forSchemaAt: path).replacingOccurrences(
            of: ".publishers.swift", with: ".publisherTests.swift")
    }

    /// Test files for `files`, whose publishers live in the module `module`.
    public func generate(
        _ files: [SchemaFile], module: String, includeSupport: Bool = true
    ) throws -> [CodeGenerator
        .OutputFile]
    {
        let missing = files.flatMap(\.publishers).filter { PublisherTestRenderModel(declaration: $0).sample == nil }
        guard missing.isEmpty else {
            throw Failure(
                diagnostics: missing.map { declaration in
                    .error(
                        "generated tests need sample values of '\(declaration.output.value)', the output of publisher '\(declaration.name.value)'",
                        hint: "add 'sample:' with a Swift expression of that type, with 'index' (an Int) in scope",
                        at: declaration.output.location)
                })
        }
        var outputs = try files.map { file in
            CodeGenerator.OutputFile(
                name: Self.outputFileName(forSchemaAt: file.path), contents: try render(file, module: module))
        }
        if includeSupport {
            let text = try renderer.render(
                "testSupport.swift.stencil",
                context: ["header": GeneratedFileHeader.text(source: nil), "xctest": framework == .xctest])
            outputs.append(
                CodeGenerator.OutputFile(name: Self.supportFileName, contents: SwiftCodeText.normalized(text)))
        }
        return outputs
    }

    private func render(_ file: SchemaFile, module: String) throws -> String {
        let fileName = file.path.split(separator: "/").last.map(String.init) ?? file.path
        let text = try renderer.render(
            framework.scaffoldTemplate,
            context: [
                "header": GeneratedFileHeader.text(source: fileName),
                "module": module,
                "imports": file.imports.map(\.value).filter { $0 != "Foundation" && $0 != module },
                "publishers": file.publishers.map { TemplateValues(PublisherTestRenderModel(declaration: $0).context) },
            ])
        return SwiftCodeText.normalized(text)
    }
}
