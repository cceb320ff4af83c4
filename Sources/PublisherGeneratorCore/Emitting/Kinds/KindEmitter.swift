/// The owner of one kind's generated text: its publisher and sequence, their factories and its
/// test scaffold.
protocol KindEmitter {
    /// The types of `forms` (the publisher, the sequence), then their factories.
    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter)

    /// The test case of the scaffold file for `form` (the publisher's or the sequence's), in the
    /// dialect of the chosen test framework.
    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample)
}

/// Finds the owner of a declaration's text: its kind's unit makes it.
enum KindEmitters {
    static func emitter(for declaration: PublisherDeclaration, access: String, sourceFile: String?) -> any KindEmitter {
        let text = DeclarationText(declaration: declaration, access: access, sourceFile: sourceFile)
        return declaration.kind.value.unit.emitter(forAny: declaration.source, text: text)
    }
}
