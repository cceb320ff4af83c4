import GeneratorDiagnostics
import GeneratorModel
import GeneratorReading
import GeneratorValidating

/// The read and validate stages together: every problem of every file, and the files that have
/// none.
public struct SchemaLoader: Sendable {
    public struct Result: Sendable {
        /// The files that have no errors, in the order given. Render only when `diagnostics`
        /// has no errors at all: a name clash spans files.
        public var files: [SchemaFile]
        public var diagnostics: DiagnosticCollector
        /// Every schema path read, in order, directories expanded.
        public var paths: [String]

        /// Diagnostics in file order, then by position.
        public var sortedDiagnostics: [Diagnostic] { diagnostics.sorted(fileOrder: paths) }
    }

    public var limits: YAMLLimits
    /// Whether the schemas are validated for test scaffolds, which need a sample of every output.
    public var requiresTestSamples: Bool
    /// The kinds the schemas may declare.
    public var kinds: KindRegistry

    public init(limits: YAMLLimits = .standard, requiresTestSamples: Bool = false, kinds: KindRegistry = .standard) {
        self.limits = limits
        self.requiresTestSamples = requiresTestSamples
        self.kinds = kinds
    }

    /// Loads the given files; a directory stands for every schema file below it.
    public func load(paths: [String]) -> Result {
        validate(reader.read(paths: paths))
    }

    /// Validates schema text already in memory, each file on its own and then against the
    /// others. A `path` is used for diagnostics only.
    public func load(sources: [(path: String, bytes: [UInt8])]) -> Result {
        validate(reader.compose(sources))
    }

    /// One file's text, validated on its own; `path` is used for diagnostics only.
    public func load(bytes: [UInt8], path: String) -> Result {
        load(sources: [(path: path, bytes: bytes)])
    }

    /// The read stage, whose hints know which keys take Swift code.
    private var reader: SchemaReader {
        SchemaReader(limits: limits, codeKeys: kinds.language.swiftCodeKeys)
    }

    private func validate(_ read: SchemaReader.Result) -> Result {
        let validator = SchemaValidator(kinds: kinds.decoders, requiresTestSamples: requiresTestSamples)
        let validated = validator.validate(read.documents)
        return Result(
            files: validated.files, diagnostics: read.diagnostics.merging(validated.diagnostics), paths: read.paths)
    }
}
