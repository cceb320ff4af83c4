import GeneratedFiles
import GeneratorModel

/// One `<name>.publishers.swift`: the header, the imports, then each declaration as its kind
/// writes it.
struct PublishersFileEmitter {
    let file: SchemaFile
    let paths: SourceLocationPaths
    let kinds: KindEmitters

    func emit() -> String {
        let access = CodeGenerator.accessPrefix(file.access)
        let sourceFile = paths.directivePath(for: file.path)
        var printer = SwiftPrinter(capacity: 4_000 * max(1, file.publishers.count))
        printer.line(GeneratedFileHeader.text(source: file.fileName))
        printer.blankLine()
        // What the sources need besides the schema's imports (a UIKit sender's @objc target needs
        // ObjectiveC), only where it exists: a declaration that needs it says so itself elsewhere.
        // Sorted, as swift-format's OrderedImports wants them.
        let schemaImports = Set(file.imports.map(\.value))
        let sourceImports = Set(file.publishers.flatMap(kinds.imports(for:)))
        for module in schemaImports.sorted() { printer.line("import \(module)") }
        for module in sourceImports.subtracting(schemaImports).sorted() {
            printer.lines("#if canImport(\(module))\nimport \(module)\n#endif")
        }
        if file.emits(.combine) {
            printer.blankLine()
            printer.lines(GeneratedAttributes.combineImport)
        }
        let forms = EmittedForm.allCases.filter(file.emits)
        for declaration in file.publishers {
            printer.blankLine()
            printer.line("// MARK: - \(declaration.name.value)")
            printer.blankLine()
            kinds.emitter(for: declaration, access: access, sourceFile: sourceFile, forms: forms)
                .printDeclaration(forms: forms, to: &printer)
        }
        let byModel = DeclarationsByModel(file.publishers)
        for unit in kinds.units {
            let positions = byModel.positions(of: unit.sourceType)
            guard !positions.isEmpty else { continue }
            let texts = positions.map {
                DeclarationText(declaration: byModel.all[$0], access: access, sourceFile: sourceFile)
            }
            unit.printShared(ofAny: texts, to: &printer)
        }
        return printer.text
    }
}

extension SchemaFile {
    /// The schema's file name without its directory, as the generated header names it.
    var fileName: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
