import GeneratedFiles
import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel
import GeneratorReading
import GeneratorWriting

/// The generator's stages in order: read the schemas, validate them, render Swift, write files.
///
/// The one way schemas become files: the CLI, the plugins (through the CLI), the golden-file tests
/// and the fuzz target all call ``run(_:through:diagnostics:)``. Every problem of every stage,
/// from a YAML syntax error to a refused overwrite, reaches the caller's ``DiagnosticSink`` as an
/// ordinary ``Diagnostic``; a stage runs only when the stages before it found no error.
public struct GenerationPipeline: Sendable {
    /// What the render stage produces.
    public enum Product: Sendable, Equatable {
        /// The publishers, one file per schema, and the module's shared bookkeeping.
        case publishers
        /// Test scaffolds for the publishers of `module`, and the test module's shared support.
        case tests(module: String, framework: TestSupportGenerator.Framework)
    }

    /// Where the schemas come from.
    public enum Input: Sendable {
        /// Files; a directory stands for every schema file below it.
        case paths([String])
        /// Schema text already in memory; `path` is used in diagnostics only.
        case source(bytes: [UInt8], path: String)
    }

    /// The last stage to run.
    public enum Stage: Sendable, Equatable {
        case validate
        case render
        /// Render, then write into the directory.
        case write(to: String)
    }

    /// What a run produced, as far as it got.
    public struct Outcome: Sendable {
        /// Every schema path read, directories expanded, in order.
        public var schemaPaths: [String] = []
        /// The validated schemas; empty when validation found errors.
        public var schemas: [SchemaFile] = []
        /// The rendered files; empty when a stage before rendering failed or it was not asked for.
        public var outputs: [OutputFile] = []
        /// What the write stage did to each file, by file name.
        public var written: [String: GeneratedFileWriter.Outcome] = [:]
        /// Whether every stage asked for ran without an error.
        public var succeeded = false
    }

    public var product: Product
    /// Whether to emit the once-per-module support file(s) too.
    public var includeSupport: Bool
    /// Whether a warning stops the run as an error does.
    public var warningsAsErrors: Bool
    public var limits: YAMLLimits
    /// How generated code names each schema in the `#sourceLocation` directives around its code.
    public var sourceLocationPaths: SourceLocationPaths
    /// The kinds the schemas may declare; each stage is given its part of the registry.
    public var kinds: KindRegistry

    public init(
        product: Product = .publishers, includeSupport: Bool = true, warningsAsErrors: Bool = false,
        limits: YAMLLimits = .standard, sourceLocationPaths: SourceLocationPaths = .currentDirectory,
        kinds: KindRegistry = .standard
    ) {
        self.product = product
        self.includeSupport = includeSupport
        self.warningsAsErrors = warningsAsErrors
        self.limits = limits
        self.sourceLocationPaths = sourceLocationPaths
        self.kinds = kinds
    }

    /// Runs the stages up to `last`, reporting every problem to `diagnostics`. Throws only what the
    /// sink throws (see ``ThrowingDiagnosticSink``).
    public func run(_ input: Input, through last: Stage, diagnostics: any DiagnosticSink) throws -> Outcome {
        var outcome = Outcome()
        // Every stage reports the same way: a warning fails a stage, and so the run, exactly when
        // `warningsAsErrors` says so.
        func stageFailed(_ found: [Diagnostic]) throws -> Bool {
            var failed = false
            for diagnostic in found {
                try diagnostics.emit(diagnostic)
                if diagnostic.severity == .error || (warningsAsErrors && diagnostic.severity == .warning) {
                    failed = true
                }
            }
            return failed
        }

        let loaded = load(input)
        outcome.schemaPaths = loaded.paths
        guard try !stageFailed(loaded.sortedDiagnostics) else { return outcome }
        outcome.schemas = loaded.files
        guard last != .validate else {
            outcome.succeeded = true
            return outcome
        }

        let rendered = render(loaded.files)
        guard try !stageFailed(rendered.diagnostics), rendered.diagnostics.isEmpty else { return outcome }
        outcome.outputs = rendered.outputs
        guard case let .write(directory) = last else {
            outcome.succeeded = true
            return outcome
        }

        do {
            outcome.written = try GeneratedFileWriter().write(rendered.outputs, to: directory)
        } catch {
            _ = try stageFailed([error.diagnostic])
            return outcome
        }
        outcome.succeeded = true
        return outcome
    }

    // MARK: Stages

    private func load(_ input: Input) -> SchemaLoader.Result {
        let loader = SchemaLoader(limits: limits, requiresTestSamples: product != .publishers, kinds: kinds)
        switch input {
        case let .paths(paths): return loader.load(paths: paths)
        case let .source(bytes, path): return loader.load(sources: [(path: path, bytes: bytes)])
        }
    }

    private func render(_ schemas: [SchemaFile]) -> (outputs: [OutputFile], diagnostics: [Diagnostic]) {
        do throws(DiagnosticError) {
            switch product {
            case .publishers:
                let generator = CodeGenerator(kinds: kinds.emitters, paths: sourceLocationPaths)
                return (try generator.generate(schemas, includeSupport: includeSupport), [])
            case let .tests(module, framework):
                let generator = TestSupportGenerator(
                    kinds: kinds.emitters, framework: framework, paths: sourceLocationPaths)
                return (try generator.generate(schemas, module: module, includeSupport: includeSupport), [])
            }
        } catch {
            return ([], error.diagnostics)
        }
    }
}
