import GeneratedFiles
import GeneratorModel

/// One `<name>.publisherTests.swift`: the header, the imports of the test framework and of the
/// module under test, then each declaration's test cases as its kind writes them, one per form the
/// file emits: the publisher's, then the sequence's.
struct ScaffoldFileEmitter {
    let file: SchemaFile
    /// The module the publishers live in.
    let module: String
    let dialect: TestDialect
    let paths: SourceLocationPaths
    let kinds: KindEmitters

    func emit() -> String {
        let forms = EmittedForm.allCases.filter(file.emits)
        var printer = SwiftPrinter(capacity: 6_000 * forms.count * max(1, file.publishers.count))
        printer.line(GeneratedFileHeader.text(source: file.fileName))
        printer.line("//")
        for line in SwiftPrinter.wrapped(Substring(about(forms)), to: SwiftPrinter.docCommentWidth - 3) {
            printer.line("// " + line)
        }
        printer.blankLine()
        // Sorted, as swift-format's OrderedImports wants them.
        let imports = Set(["Foundation", dialect.module] + file.imports.map(\.value)).subtracting([module])
        for imported in imports.sorted() { printer.line("import \(imported)") }
        printer.line("@testable import \(module)")
        // Only the Combine form's tests use Combine: a file that emits only sequences imports none.
        if file.emits(.combine) {
            printer.blankLine()
            printer.lines(GeneratedAttributes.combineImport)
        }
        printer.blankLine()
        printer.lines(dialect.reportFunctionDeclaration)
        let access = CodeGenerator.accessPrefix(file.access)
        let sourceFile = paths.directivePath(for: file.path)
        for declaration in file.publishers {
            // Validation reported every output without a sample before anything was rendered.
            guard let sample = Sample(for: declaration) else { continue }
            let emitter = kinds.emitter(for: declaration, access: access, sourceFile: sourceFile)
            for form in forms {
                printer.blankLine()
                emitter.printScaffold(form, to: &printer, dialect: dialect, sample: sample)
            }
        }
        return printer.text
    }

    /// The header's comment: what the tests check, for the forms emitted.
    private func about(_ forms: [EmittedForm]) -> String {
        let checks =
            switch (forms.contains(.combine), forms.contains(.async)) {
            case (true, false): "the generated publishers' demand bookkeeping"
            case (false, true): "the generated sequences' iterations"
            default: "the generated publishers' demand bookkeeping and the sequences' iterations"
            }
        return "Tests of \(checks). Each suite drives one generated type by hand, through a driver in place of "
            + "its source (or a `ManualClock`): its `checks` describe the type to the test support's conformance "
            + "checks, and \(dialect.runsEachCheck). A declaration with `test:` "
            + "adds the same guarantees through its real owner (`makeOwnerDrive`, checked by `ownerChecks`). They "
            + "pass as generated; extend them in your own files (an extension of each test case, or new test cases "
            + "using the same drivers)."
    }
}
