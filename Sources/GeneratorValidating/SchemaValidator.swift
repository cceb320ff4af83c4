import GeneratorDiagnostics
import GeneratorModel
import GeneratorReading

/// The validate stage: each document decoded on its own, then the files checked against each other
/// and against what the product to render needs.
package struct SchemaValidator {
    /// The registered kinds, which decode and check their declarations.
    var kinds: KindDecoders
    /// Whether the run renders test scaffolds, which need a sample value of every output.
    var requiresTestSamples = false

    package init(kinds: KindDecoders, requiresTestSamples: Bool = false) {
        self.kinds = kinds
        self.requiresTestSamples = requiresTestSamples
    }

    package func validate(
        _ documents: [SchemaReader.Document]
    ) -> (files: [SchemaFile], diagnostics: DiagnosticCollector) {
        var diagnostics = DiagnosticCollector()
        var files: [SchemaFile] = []
        var names: [Located<String>] = []
        for document in documents {
            let decoded = SchemaDecoder(path: document.path, kinds: kinds).decodeFile(document.root)
            diagnostics.append(contentsOf: decoded.diagnostics)
            // A tree with YAML errors is decoded for further diagnostics but never rendered.
            if let file = decoded.file, !document.hasYAMLErrors { files.append(file) }
            names.append(contentsOf: decoded.declaredNames)
        }
        checkNamesAcrossFiles(names, diagnostics: &diagnostics)
        // A file with a factory another declaration already has yields no model to render.
        let clashes = FactoryClashes.clashes(in: files, kinds: kinds)
        for clash in clashes { diagnostics.emit(clash) }
        let clashing = Set(clashes.compactMap(\.location?.path))
        files = files.filter { !clashing.contains($0.path) }
        files = checkKindsAcrossDeclarations(files, diagnostics: &diagnostics)
        if requiresTestSamples { checkTestSamples(files, diagnostics: &diagnostics) }
        return (files, diagnostics)
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

    /// Each kind's rules across declarations (delegates on one owner share a proxy); a file with a
    /// declaration that breaks one yields no model to render.
    private func checkKindsAcrossDeclarations(
        _ files: [SchemaFile], diagnostics: inout DiagnosticCollector
    ) -> [SchemaFile] {
        var found = DiagnosticCollector()
        let byModel = DeclarationsByModel(files.flatMap(\.publishers))
        for unit in kinds.units {
            let ofKind = byModel.declarations(of: unit.sourceType)
            guard !ofKind.isEmpty else { continue }
            unit.checkAcrossDeclarations(ofAny: ofKind, diagnostics: &found)
        }
        diagnostics.append(contentsOf: found)
        let broken = Set(found.diagnostics.filter { $0.severity == .error }.compactMap(\.location?.path))
        return files.filter { !broken.contains($0.path) }
    }

    /// Generated tests send sample values: an output without a built-in one needs `sample:`.
    private func checkTestSamples(_ files: [SchemaFile], diagnostics: inout DiagnosticCollector) {
        for declaration in files.flatMap(\.publishers) where !declaration.hasTestSample {
            diagnostics.error(
                "generated tests need sample values of '\(declaration.output.value)', the output of publisher '\(declaration.name.value)'",
                hint: "add 'sample:' with a Swift expression of that type, with 'index' (an Int) in scope",
                at: declaration.output.location)
        }
    }
}
