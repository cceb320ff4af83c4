import GeneratorEmitting
import PublisherGeneratorCore

/// One random schema run through the generator as the CLI runs it: validated, then rendered into
/// its publishers file and, for each mode's module, both scaffold files.
struct RenderedSchema {
    let publishers: CodeGenerator.OutputFile
    /// The scaffolds file for a module and framework.
    let scaffolds: [String: CodeGenerator.OutputFile]

    static func key(_ module: String, _ framework: ScaffoldFramework) -> String { "\(module)/\(framework)" }
}

/// The outcome of one schema before compiling.
enum SchemaVerdict {
    /// It does not validate: the errors, one a line.
    case rejected(String)
    case rendered(RenderedSchema)
}

enum SchemaRendering {
    static func render(_ yaml: String, fileName: String, modules: [String]) throws -> SchemaVerdict {
        let input = GenerationPipeline.Input.source(bytes: Array(yaml.utf8), path: fileName)
        let publisherFiles: [CodeGenerator.OutputFile]
        switch try run(.publishers, input) {
        case let .success(files): publisherFiles = files
        case let .failure(message): return .rejected(message)
        }
        var scaffolds: [String: CodeGenerator.OutputFile] = [:]
        for module in modules {
            for framework in ScaffoldFramework.allCases {
                let product = GenerationPipeline.Product.tests(module: module, framework: framework.generatorFramework)
                switch try run(product, input) {
                case let .success(files): scaffolds[RenderedSchema.key(module, framework)] = files[0]
                case let .failure(message): return .rejected(message)
                }
            }
        }
        return .rendered(RenderedSchema(publishers: publisherFiles[0], scaffolds: scaffolds))
    }

    /// The files shared by every schema of a module, emitted verbatim: the engine, the test support
    /// and each framework's assertions, by file name, each whole (a module gets the parts its code
    /// names; a batch of random schemas is compiled with all of them).
    static func supportFiles() throws -> (
        engine: [CodeGenerator.OutputFile], tests: [ScaffoldFramework: [CodeGenerator.OutputFile]]
    ) {
        let runtime = try RuntimeFiles.located()
        let engine = try [RuntimeFile.engine, .combineEngine, .asyncEngine].map { try $0.output(from: runtime) }
        var tests: [ScaffoldFramework: [CodeGenerator.OutputFile]] = [:]
        for framework in ScaffoldFramework.allCases {
            let dialect = TestDialect(framework.generatorFramework)
            tests[framework] = try [
                RuntimeFile.testSupport, .combineTestSupport, .asyncTestSupport, .testAssertions(dialect),
            ]
            .map { try $0.output(from: runtime) }
        }
        return (engine, tests)
    }

    private enum Outcome {
        case success([CodeGenerator.OutputFile])
        case failure(String)
    }

    private static func run(_ product: GenerationPipeline.Product, _ input: GenerationPipeline.Input) throws -> Outcome
    {
        let diagnostics = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline(product: product, includeSupport: false).run(
            input, through: .render, diagnostics: diagnostics)
        guard outcome.succeeded else {
            let errors = diagnostics.diagnostics.filter { $0.severity == .error }.map(\.description)
            return .failure(errors.joined(separator: "\n"))
        }
        return .success(outcome.outputs)
    }
}

extension ScaffoldFramework {
    var generatorFramework: TestSupportGenerator.Framework {
        switch self {
        case .xctest: .xctest
        case .swiftTesting: .swiftTesting
        }
    }
}
