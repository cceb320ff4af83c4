/// One `<name>.publishers.swift`: the header, the imports, then each declaration as its kind
/// writes it.
struct PublishersFileEmitter {
    let file: SchemaFile
    let paths: SourceLocationPaths

    func emit() -> String {
        let access = CodeGenerator.accessPrefix(file.access)
        let sourceFile = paths.directivePath(for: file.path)
        var printer = SwiftPrinter(capacity: 4_000 * max(1, file.publishers.count))
        printer.line(GeneratedFileHeader.text(source: file.fileName))
        printer.blankLine()
        for module in file.imports { printer.line("import \(module.value)") }
        printer.blankLine()
        printer.lines(
            """
            #if canImport(Combine)
            import Combine
            #else
            import OpenCombine
            #endif
            """)
        // Selector-based target/action needs NSObject and #selector where the runtime exists.
        if file.publishers.contains(where: { $0.kind.value == .targetAction }) {
            printer.lines(
                """
                #if canImport(ObjectiveC)
                import ObjectiveC
                #endif
                """)
        }
        for declaration in file.publishers {
            printer.blankLine()
            printer.line("// MARK: - \(declaration.name.value)")
            printer.blankLine()
            KindEmitters.emitter(for: declaration, access: access, sourceFile: sourceFile).printPublisher(to: &printer)
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
