/// One `<name>.publisherTests.swift`: the header, the imports of the test framework and of the
/// module under test, then each declaration's test case as its kind writes it.
struct ScaffoldFileEmitter {
    let file: SchemaFile
    /// The module the publishers live in.
    let module: String
    let dialect: TestDialect
    let paths: SourceLocationPaths

    func emit() -> String {
        var printer = SwiftPrinter(capacity: 6_000 * max(1, file.publishers.count))
        printer.lines(
            """
            \(GeneratedFileHeader.text(source: file.fileName))
            //
            // Tests of the generated publishers' demand bookkeeping. They pass as generated; extend them in
            // your own files (an extension of each test case, or new test cases using the same drivers).

            """)
        // Sorted, as swift-format's OrderedImports wants them.
        let imports = Set(["Foundation", dialect.module] + file.imports.map(\.value)).subtracting([module])
        for imported in imports.sorted() { printer.line("import \(imported)") }
        printer.lines(
            """
            @testable import \(module)

            #if canImport(Combine)
            import Combine
            #else
            import OpenCombine
            #endif
            """)
        let access = CodeGenerator.accessPrefix(file.access)
        let sourceFile = paths.directivePath(for: file.path)
        for declaration in file.publishers {
            // The generator checked every sample before emitting any file.
            guard let sample = Sample(for: declaration) else { continue }
            printer.blankLine()
            printer.line("// MARK: - \(declaration.typeName)")
            printer.blankLine()
            KindEmitters.emitter(for: declaration, access: access, sourceFile: sourceFile)
                .printScaffold(to: &printer, dialect: dialect, sample: sample)
        }
        return printer.text
    }
}
