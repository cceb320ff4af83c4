import GeneratorModel

/// The owner of one kind's generated text: its publisher and sequence, their factories and its
/// test scaffold.
package protocol KindEmitter {
    /// The types of `forms` (the publisher, the sequence), then their factories.
    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter)

    /// The test case of the scaffold file for `form` (the publisher's or the sequence's), in the
    /// dialect of the chosen test framework.
    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample)
}

/// The kinds as the render stage knows them: their emitting units, in the registry's order. The
/// pipeline assembles it from its `KindRegistry` and passes it to the generators; nothing looks a
/// kind up anywhere else.
package struct KindEmitters: Sendable {
    /// The units, in the registry's order.
    let units: [any KindEmitting.Type]

    /// The units by their model's type: a declaration's source finds its kind's unit by its type.
    private let unitsBySource: [ObjectIdentifier: any KindEmitting.Type]

    /// The emitters of `units`; the registry has refused two units of one model.
    package init(_ units: [any KindEmitting.Type]) {
        self.units = units
        unitsBySource = Dictionary(units.map { (ObjectIdentifier($0.sourceType), $0) }) { first, _ in first }
    }

    /// The unit whose model `source` is, if its kind is one of these.
    private func unit(of source: any KindSource) -> (any KindEmitting.Type)? {
        unitsBySource[ObjectIdentifier(type(of: source))]
    }

    /// The modules a declaration's source needs imported.
    func imports(for declaration: PublisherDeclaration) -> [String] {
        unit(of: declaration.source)?.imports(forAny: declaration.source) ?? []
    }

    /// The owner of a declaration's text: its kind's unit makes it. A declaration of a kind these
    /// units lack (made by a caller, never by the pipeline, which decodes with the same kinds) gets
    /// one whose text is a compile error saying so.
    func emitter(
        for declaration: PublisherDeclaration, access: String, sourceFile: String?,
        forms: [EmittedForm] = EmittedForm.allCases
    ) -> any KindEmitter {
        let text = DeclarationText(declaration: declaration, access: access, sourceFile: sourceFile, formsInFile: forms)
        return unit(of: declaration.source)?.emitter(forAny: declaration.source, text: text)
            ?? UnregisteredKindEmitter(text: text)
    }
}
