/// Renders test support for validated schemas: a test case per publisher, and once per test module
/// the subscriber, drivers and virtual-time scheduler they use, plus the subscriber's assertions
/// for the chosen test framework.
public struct TestSupportGenerator {
    /// The shared test-support file, emitted once per test module; it imports no test framework.
    public static let supportFileName = "GeneratedPublisherTestSupport.swift"
    /// The test subscriber's assertions, emitted beside the support file. A file of its own
    /// because imports may not follow declarations (swift-format's OrderedImports).
    public static let assertionsFileName = "GeneratedPublisherTestAssertions.swift"

    /// Problems that stop test generation, such as an output type with no sample value.
    public struct Failure: Error, Sendable {
        public var diagnostics: [Diagnostic]
    }

    /// The testing library the scaffolds are written for.
    public enum Framework: String, CaseIterable, Sendable {
        case xctest
        case swiftTesting = "swift-testing"
    }

    private let framework: Framework

    public init(framework: Framework = .xctest) {
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
    ) throws -> [CodeGenerator.OutputFile] {
        let missing = files.flatMap(\.publishers).filter { Sample(for: $0) == nil }
        guard missing.isEmpty else {
            throw Failure(
                diagnostics: missing.map { declaration in
                    .error(
                        "generated tests need sample values of '\(declaration.output.value)', the output of publisher '\(declaration.name.value)'",
                        hint: "add 'sample:' with a Swift expression of that type, with 'index' (an Int) in scope",
                        at: declaration.output.location)
                })
        }
        let dialect = TestDialect(framework)
        var outputs = files.map { file in
            CodeGenerator.OutputFile(
                name: Self.outputFileName(forSchemaAt: file.path),
                contents: ScaffoldFileEmitter(file: file, module: module, dialect: dialect).emit())
        }
        if includeSupport {
            let emitted = try EmittedFiles.located()
            outputs.append(try VerbatimFile.testSupport.output(from: emitted))
            outputs.append(try VerbatimFile.testAssertions(dialect).output(from: emitted))
        }
        return outputs
    }
}
