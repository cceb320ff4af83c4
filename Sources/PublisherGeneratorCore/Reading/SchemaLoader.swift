import Foundation

/// Reads schema files, validates each, and checks them against each other, collecting every
/// problem of every file.
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

    public init(limits: YAMLLimits = .standard) {
        self.limits = limits
    }

    /// Loads the given files; a directory stands for every schema file below it.
    public func load(paths: [String]) -> Result {
        var diagnostics = DiagnosticCollector()
        let expanded = paths.flatMap { expand($0, diagnostics: &diagnostics) }
        let sources = expanded.compactMap { path in read(path, diagnostics: &diagnostics).map { (path, $0) } }
        var result = load(sources: sources)
        result.paths = expanded
        result.diagnostics = diagnostics.merging(result.diagnostics)
        return result
    }

    /// Validates schema text already in memory, each file on its own and then against the
    /// others. A `path` is used for diagnostics only.
    public func load(sources: [(path: String, bytes: [UInt8])]) -> Result {
        var diagnostics = DiagnosticCollector()
        var files: [SchemaFile] = []
        var names: [Located<String>] = []
        for source in sources {
            let decoded = decode(bytes: source.bytes, path: source.path)
            diagnostics.append(contentsOf: decoded.diagnostics)
            if let file = decoded.file { files.append(file) }
            names.append(contentsOf: decoded.declaredNames)
        }
        checkNamesAcrossFiles(names, diagnostics: &diagnostics)
        return Result(files: files, diagnostics: diagnostics, paths: sources.map(\.path))
    }

    /// One file's text, validated on its own; `path` is used for diagnostics only.
    public func load(bytes: [UInt8], path: String) -> Result {
        load(sources: [(path: path, bytes: bytes)])
    }

    /// One file's bytes, composed and decoded.
    private func decode(bytes: [UInt8], path: String) -> SchemaDecoder.Decoded {
        let composed = YAMLComposer(path: path, limits: limits).compose(bytes)
        var diagnostics = DiagnosticCollector()
        composed.diagnostics.forEach { diagnostics.emit($0) }
        if composed.root == nil, diagnostics.hasErrors {
            return SchemaDecoder.Decoded(file: nil, declaredNames: [], diagnostics: diagnostics)
        }
        var decoded = SchemaDecoder(path: path).decodeFile(composed.root)
        // YAML-level errors (a duplicate key, say) leave a usable tree, which is decoded for
        // further diagnostics but never rendered.
        if diagnostics.hasErrors { decoded.file = nil }
        decoded.diagnostics = diagnostics.merging(decoded.diagnostics)
        return decoded
    }

    /// Generated type names share one module, so a name may be declared once across all files. A
    /// clash inside one file is reported where that file is decoded; only a name's first
    /// declaration in each file takes part here.
    private func checkNamesAcrossFiles(_ names: [Located<String>], diagnostics: inout DiagnosticCollector) {
        var seenInFile: Set<[String]> = []
        let firstInEachFile = names.filter { seenInFile.insert([$0.location.path, $0.value]).inserted }
        for clash in DuplicateNames.clashes(in: firstInEachFile, what: "publisher name") {
            diagnostics.emit(clash)
        }
    }

    private func expand(_ path: String, diagnostics: inout DiagnosticCollector) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let found = GeneratedFileNames.schemaFiles(under: path)
        if found.isEmpty {
            diagnostics.emit(
                Diagnostic(
                    .error, "no schema files found in this directory",
                    hint: "schema file names end in \(GeneratedFileNames.schemaSuffixes.joined(separator: " or "))",
                    file: path))
        }
        return found
    }

    private func read(_ path: String, diagnostics: inout DiagnosticCollector) -> [UInt8]? {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, let tooLarge = limits.fileSizeProblem(size: size, path: path) {
                diagnostics.emit(tooLarge)
                return nil
            }
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file"
            diagnostics.emit(Diagnostic(.error, "cannot read schema file: \(reason)", file: path))
            return nil
        }
    }
}
