import GeneratorModel

/// How one factory of a declaration is spelled, besides the declared parameters.
package struct FactorySignature {
    /// Generic parameters, with their angle brackets: `<Context: Scheduler>`.
    var generics = ""
    /// Parameters the kind puts before the declared ones.
    var leading: [String] = []
    var constraints: String?
    /// The availability when it is later than every generated declaration's.
    var availability: String?

    package init(generics: String = "", leading: [String] = [], constraints: String? = nil, availability: String? = nil)
    {
        self.generics = generics
        self.leading = leading
        self.constraints = constraints
        self.availability = availability
    }

}

/// One factory being printed: the form it makes and how its body makes the value.
package struct Factory {
    package let form: EmittedForm
    /// The type it returns (or initializes).
    package let typeName: String
    /// How the body hands over the value: `return PlayheadProgressPublisher` in a method on the
    /// owner, `self.init` in an initializer of the type.
    package let make: String
}

extension DeclarationText {
    /// The factory of each of `forms`: methods in one extension of the owner, or, without an owner,
    /// an initializer in an extension of each type. `body` prints what is inside. `availability`
    /// is the owner's extension's when the owner itself is later than every generated declaration.
    /// `schemaCode`, the functions around the schema's code that the factories call, comes first,
    /// printed once: in the owner's extension, or at the top level without an owner; it may use
    /// the type of the first form, so it takes that form's availability.
    package func printFactories(
        forms: [EmittedForm], to printer: inout SwiftPrinter, availability: String? = nil,
        schemaCode: [SchemaCodeFunction] = [],
        signature: (EmittedForm) -> FactorySignature = { _ in FactorySignature() },
        body: (Factory, inout SwiftPrinter) -> Void
    ) {
        let schemaCodeAvailability = forms.first.flatMap { signature($0).availability }
        func printSchemaCode(_ printer: inout SwiftPrinter) {
            for function in schemaCode {
                print(function, availability: schemaCodeAvailability, to: &printer)
                printer.blankLine()
            }
        }
        if let owner {
            let availability = availability ?? GeneratedAttributes.availability
            let extended = receiverParameter == nil ? owner : receiverProtocol
            if receiverParameter != nil {
                printReceiverProtocol(forms: forms, availability: availability, to: &printer)
            }
            printer.topLevel("nonisolated extension \(extended)", availability: availability) { printer in
                printSchemaCode(&printer)
                for (index, form) in forms.enumerated() {
                    if index > 0 { printer.blankLine() }
                    let spelled = signature(form)
                    let typeName = typeName(form, receiver: "Self")
                    printFactoryDoc(form, to: &printer)
                    if let availability = spelled.availability { printer.line(availability) }
                    let generics = Self.mergedGenerics(typeParameterClause, spelled.generics)
                    printer.signature(
                        "\(access)\(staticModifier)func \(factoryName(form))\(generics)",
                        parameters(leading: spelled.leading),
                        returning: typeName, where: spelled.constraints
                    ) { printer in
                        body(Factory(form: form, typeName: typeName, make: "return \(self.typeName(form))"), &printer)
                    }
                }
            }
        } else {
            printSchemaCode(&printer)
            for (index, form) in forms.enumerated() {
                if index > 0 { printer.blankLine() }
                let spelled = signature(form)
                let typeName = typeName(form)
                printer.topLevel(
                    "nonisolated extension \(typeName)",
                    availability: spelled.availability ?? GeneratedAttributes.availability
                ) { printer in
                    printFactoryDoc(form, to: &printer)
                    printer.signature(
                        "\(access)init\(spelled.generics)", parameters(leading: spelled.leading),
                        where: spelled.constraints
                    ) { printer in
                        body(Factory(form: form, typeName: typeName, make: "self.init"), &printer)
                    }
                }
            }
        }
    }

    /// The protocol the factories extend when the types send the receiver's own type, and the
    /// owner's conformance: in a protocol extension, `Self` is the static type of the instance the
    /// factory is called on, which a class's own extension cannot put in a generic argument.
    private func printReceiverProtocol(forms: [EmittedForm], availability: String, to printer: inout SwiftPrinter) {
        guard let owner else { return }
        let factories = forms.map { "`\(factoryName($0))`" }.joined(separator: " and ")
        printer.docComment(
            "The senders that have \(factories): `\(owner)` and its subclasses. Each sends itself, as its own type: "
                + "the factories of a subclass instance send that subclass.")
        printer.line(availability)
        printer.line("\(access)nonisolated protocol \(receiverProtocol): \(owner) {}")
        printer.blankLine()
        printer.line(availability)
        printer.line("nonisolated extension \(owner): \(receiverProtocol) {}")
        printer.blankLine()
    }

    /// One generic parameter clause of two: the declared type parameters, then the kind's own
    /// (`<Model, Context: Scheduler>`).
    static func mergedGenerics(_ first: String, _ second: String) -> String {
        guard !first.isEmpty else { return second }
        guard !second.isEmpty else { return first }
        return "\(first.dropLast()), \(second.dropFirst())"
    }

    /// `static ` before the factories and the functions around the schema's code when they are the
    /// owner type's (`factoriesOn: type`), nothing otherwise.
    package var staticModifier: String { declaration.hasStaticFactories ? "static " : "" }

    /// What the generated tests call the factory on: the owner type for static factories, `owner`
    /// (the instance `test:` makes) otherwise.
    package var factoryReceiverInTests: String {
        guard declaration.hasStaticFactories, let owner else { return "owner" }
        return owner
    }

    /// `: Subject` after the constant a test makes by calling the factory bare when the factory is
    /// generic over declared type parameters, which only the type can infer; nothing otherwise.
    package var subjectAnnotation: String { declaration.typeParameters.isEmpty ? "" : ": Subject" }

    private func printFactoryDoc(_ form: EmittedForm, to printer: inout SwiftPrinter) {
        printer.docComment(summary)
        guard form == .async else { return }
        printer.line("///")
        printer.docComment("Each `for await` loop over it is a consumer of its own, independent of any other.")
    }
}
