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

    public init(limits: YAMLLimits = .standard, requiresTestSamples: Bool = false) {
        self.limits = limits
        self.requiresTestSamples = requiresTestSamples
    }

    /// Loads the given files; a directory stands for every schema file below it.
    public func load(paths: [String]) -> Result {
        validate(SchemaReader(limits: limits).read(paths: paths))
    }

    /// Validates schema text already in memory, each file on its own and then against the
    /// others. A `path` is used for diagnostics only.
    public func load(sources: [(path: String, bytes: [UInt8])]) -> Result {
        validate(SchemaReader(limits: limits).compose(sources))
    }

    /// One file's text, validated on its own; `path` is used for diagnostics only.
    public func load(bytes: [UInt8], path: String) -> Result {
        load(sources: [(path: path, bytes: bytes)])
    }

    private func validate(_ read: SchemaReader.Result) -> Result {
        let validated = SchemaValidator(requiresTestSamples: requiresTestSamples).validate(read.documents)
        return Result(
            files: validated.files, diagnostics: read.diagnostics.merging(validated.diagnostics), paths: read.paths)
    }
}
