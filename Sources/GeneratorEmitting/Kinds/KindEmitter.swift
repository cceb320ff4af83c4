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

    private let unitsByKind: [PublisherKind: any KindEmitting.Type]

    package init(_ units: [any KindEmitting.Type]) {
        self.units = units
        unitsByKind = Dictionary(uniqueKeysWithValues: units.map { ($0.kind, $0) })
    }

    /// The unit of `kind`, which validation found among the registered kinds.
    func unit(of kind: PublisherKind) -> any KindEmitting.Type {
        guard let unit = unitsByKind[kind] else { preconditionFailure("kind '\(kind)' is not registered") }
        return unit
    }

    /// The owner of a declaration's text: its kind's unit makes it.
    func emitter(for declaration: PublisherDeclaration, access: String, sourceFile: String?) -> any KindEmitter {
        let text = DeclarationText(declaration: declaration, access: access, sourceFile: sourceFile)
        return unit(of: declaration.kind.value).emitter(forAny: declaration.source, text: text)
    }
}
