import GeneratedFiles
import GeneratorDiagnostics
import GeneratorModel

/// Renders validated schemas into Swift source files.
public struct CodeGenerator {
    /// One file to write; the type lives with the file names, which the write stage shares.
    public typealias OutputFile = GeneratedFiles.OutputFile

    /// How the `#sourceLocation` directives around the schemas' code name each schema.
    public var paths: SourceLocationPaths
    /// The kinds, whose units write each declaration's text.
    let kinds: KindEmitters

    /// A generator of the kinds in `kinds` (the pipeline's registry makes them).
    package init(kinds: KindEmitters, paths: SourceLocationPaths = .currentDirectory) {
        self.kinds = kinds
        self.paths = paths
    }

    /// Every output for `files`: one per schema, plus the support files when `includeSupport`: the
    /// shared core, and the engine of each form (a stub for a form no file emits), each with only
    /// the parts the schemas' code needs.
    ///
    /// - Throws: The tool's own problem, when the support file is asked for and the tool's
    ///   resources cannot be found.
    public func generate(_ files: [SchemaFile], includeSupport: Bool = true) throws(DiagnosticError) -> [OutputFile] {
        var outputs = files.map { file in
            OutputFile(name: GeneratedFileNames.publishers(forSchemaAt: file.path), contents: render(file))
        }
        if includeSupport {
            // Only the parts of the runtime the module's code names (`RuntimeSelection`).
            let forms = EmittedForm.allCases.filter { form in files.contains { $0.emits(form) } }
            let engines = [RuntimeFile.engine] + forms.map(RuntimeFile.engine(for:))
            // The engine's types as visible as the widest file's declarations that name them.
            let widest = AccessLevel.allCases.first { access in files.contains { $0.access == access } } ?? .internal
            let chosen = try RuntimeFile.outputs(
                engines, for: outputs.map(\.contents), access: Self.accessPrefix(widest))
            outputs.append(chosen[RuntimeFile.engine.name]!)
            for form in EmittedForm.allCases {
                outputs.append(chosen[RuntimeFile.engine(for: form).name] ?? RuntimeFile.absentEngine(for: form))
            }
        }
        return outputs
    }

    /// The publishers of one schema file.
    public func render(_ file: SchemaFile) -> String {
        PublishersFileEmitter(file: file, paths: paths, kinds: kinds).emit()
    }

    /// Internal is Swift's default, so it is left unsaid.
    static func accessPrefix(_ access: AccessLevel) -> String {
        access == .internal ? "" : "\(access.rawValue) "
    }
}
