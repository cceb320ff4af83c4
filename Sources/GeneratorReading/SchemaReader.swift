import Foundation
import GeneratedFiles
import GeneratorDiagnostics

/// The read stage: schema files found (a directory stands for every schema file below it), read
/// within the size limit, and composed into YAML trees. It judges nothing but YAML.
package struct SchemaReader {
    /// One schema's text as a tree.
    package struct Document {
        package var path: String
        /// `nil` when the text is no YAML at all.
        package var root: YAMLNode?
        /// Whether the YAML had an error that still left a tree (a duplicate key, say): such a
        /// tree is validated for further diagnostics but never rendered.
        package var hasYAMLErrors: Bool
    }

    package struct Result {
        package var documents: [Document] = []
        package var diagnostics = DiagnosticCollector()
        /// Every schema path read, in order, directories expanded.
        package var paths: [String] = []
    }

    var limits: YAMLLimits
    /// The keys whose values are Swift code, for the YAML composer's hints.
    var codeKeys: Set<String> = []

    package init(limits: YAMLLimits, codeKeys: Set<String> = []) {
        self.limits = limits
        self.codeKeys = codeKeys
    }

    /// Reads the given files and directories.
    package func read(paths: [String]) -> Result {
        var diagnostics = DiagnosticCollector()
        let expanded = paths.flatMap { expand($0, diagnostics: &diagnostics) }
        let sources = expanded.compactMap { path in read(path, diagnostics: &diagnostics).map { (path, $0) } }
        var result = compose(sources)
        result.paths = expanded
        result.diagnostics = diagnostics.merging(result.diagnostics)
        return result
    }

    /// Composes text already in memory; a `path` is used for diagnostics only.
    package func compose(_ sources: [(path: String, bytes: [UInt8])]) -> Result {
        var result = Result(paths: sources.map(\.path))
        for source in sources {
            let composed = YAMLComposer(path: source.path, limits: limits, codeKeys: codeKeys).compose(source.bytes)
            var diagnostics = DiagnosticCollector()
            composed.diagnostics.forEach { diagnostics.emit($0) }
            result.diagnostics.append(contentsOf: diagnostics)
            // Nothing to validate when the YAML is broken beyond a tree.
            if composed.root == nil, diagnostics.hasErrors { continue }
            result.documents.append(
                Document(path: source.path, root: composed.root, hasYAMLErrors: diagnostics.hasErrors))
        }
        return result
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
