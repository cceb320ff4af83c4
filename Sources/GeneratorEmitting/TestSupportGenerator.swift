import GeneratedFiles
import GeneratorDiagnostics
import GeneratorModel

/// Renders test support for validated schemas: a test case per publisher and per sequence, and once
/// per test module the drivers they share, the support of each form (the test subscriber and
/// virtual time for Combine, the scripted consumer and manual clock for async; a stub for a form no
/// schema emits) and the subscriber's assertions for the chosen test framework.
public struct TestSupportGenerator {

    /// The testing library the scaffolds are written for.
    public enum Framework: String, CaseIterable, Sendable {
        case xctest
        case swiftTesting = "swift-testing"
    }

    private let framework: Framework
    /// How the `#sourceLocation` directives around the schemas' `sample:` code name each schema.
    private let paths: SourceLocationPaths
    /// The kinds, whose units write each declaration's test cases.
    private let kinds: KindEmitters

    /// A generator of the kinds in `kinds` (the pipeline's registry makes them).
    package init(kinds: KindEmitters, framework: Framework = .xctest, paths: SourceLocationPaths = .currentDirectory) {
        self.kinds = kinds
        self.framework = framework
        self.paths = paths
    }

    /// Test files for `files`, whose publishers live in the module `module`. The support (the
    /// same for every test framework) and the assertions for the chosen one are separate files
    /// because imports may not follow declarations (swift-format's OrderedImports); every support
    /// file is written whichever forms the schemas emit, so that their names are fixed.
    ///
    /// `files` come from a ``SchemaLoader`` that required test samples, which reports an output
    /// without one; such a declaration gets no tests here.
    ///
    /// - Throws: The tool's own problem when its resources cannot be found.
    public func generate(
        _ files: [SchemaFile], module: String, includeSupport: Bool = true
    ) throws(DiagnosticError) -> [OutputFile] {
        let dialect = TestDialect(framework)
        var outputs = files.map { file in
            OutputFile(
                name: GeneratedFileNames.tests(forSchemaAt: file.path),
                contents: ScaffoldFileEmitter(file: file, module: module, dialect: dialect, paths: paths, kinds: kinds)
                    .emit())
        }
        if includeSupport {
            // Whole, unlike the engine: the build plugin writes one test support for a test target
            // that tests several modules, from the first one's command, so it must serve them all.
            let forms = EmittedForm.allCases.filter { form in files.contains { $0.emits(form) } }
            // The assertions extend the Combine form's test subscriber.
            let assertions = forms.contains(.combine) ? [RuntimeFile.testAssertions(dialect)] : []
            let support = [RuntimeFile.testSupport] + forms.map(RuntimeFile.testSupport(for:)) + assertions
            let chosen = try RuntimeFile.outputs(support, for: nil)
            outputs.append(chosen[RuntimeFile.testSupport.name]!)
            for form in EmittedForm.allCases {
                outputs.append(
                    chosen[RuntimeFile.testSupport(for: form).name] ?? RuntimeFile.absentTestSupport(for: form))
            }
            outputs.append(chosen[RuntimeFile.testAssertions(dialect).name] ?? RuntimeFile.absentTestAssertions())
        }
        return outputs
    }
}
