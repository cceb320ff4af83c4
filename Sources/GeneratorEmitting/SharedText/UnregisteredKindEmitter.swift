import GeneratorDiagnostics
import GeneratorModel

/// The text of a declaration whose kind the generator was not given: a compile error at the
/// schema's `kind:`, where a trap would end the tool. The pipeline never makes one, as it decodes
/// and renders with the same kinds; a caller that builds declarations itself can.
struct UnregisteredKindEmitter: KindEmitter {
    let text: DeclarationText

    private var error: Located<String> {
        DeclarationText.errorDirective(
            "publisher '\(text.name)' is of kind '\(text.declaration.kind)', which this generator was not given",
            at: text.declaration.kindLocation)
    }

    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter) {
        printer.embedded(error, in: text.sourceFile)
    }

    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        printer.embedded(error, in: text.sourceFile)
    }
}
