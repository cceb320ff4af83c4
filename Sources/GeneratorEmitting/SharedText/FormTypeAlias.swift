import GeneratorModel

/// The schema's `output` written once, in a typealias at the schema's line: each form's struct
/// takes its output as a generic parameter (`NotificationsPublisherOf<Output>`), and the form's
/// name is a typealias that gives it the schema's type (`NotificationsPublisher`). A type the
/// module lacks is then one compiler error, at the schema's line: a struct whose output is a
/// typealias of its own would fail its `Publisher` or `AsyncSequence` conformance too, and every
/// closure type made of the output with it. And the type is read where the schema's names are the
/// module's, outside the struct, so a type of the user's called `Output` or `Element` is theirs.
///
/// A form that sends the receiver's own type (``DeclarationText/receiverParameter``) keeps its
/// generic parameter and its name: its output is the owner's type, written in the owner's
/// extension.
extension DeclarationText {
    /// The longest line swift-format accepts (`.swift-format`).
    static let lineLength = 120

    /// Whether `form`'s struct takes the output as a generic parameter, under a typealias.
    var outputIsGenericParameter: Bool { receiverParameter == nil }

    /// The name of `form`'s struct: `NotificationsPublisherOf`, or the form's own name when the
    /// output is the receiver's type.
    package func structName(_ form: EmittedForm) -> String {
        outputIsGenericParameter ? typeName(form) + "Of" : typeName(form)
    }

    /// What the struct's declaration puts after its name: `<Output>`, `<Element>`, or the
    /// receiver's parameter (``genericParameters``).
    package func structGenericParameters(_ form: EmittedForm) -> String {
        outputIsGenericParameter ? "<\(elementName(form))>" : genericParameters
    }

    /// The struct body's first line: the output's typealias when it is not a generic parameter
    /// (the receiver's type), otherwise nothing.
    package func outputTypeAlias(_ form: EmittedForm) -> String {
        outputIsGenericParameter ? "" : "\(access)typealias \(elementName(form)) = \(output)\n"
    }

    /// The typealias that names `form` (`NotificationsPublisher = NotificationsPublisherOf<Notification>`),
    /// printed after its struct; nothing when the output is the receiver's type. The first form the
    /// file emits writes the schema's type, at its line; the other names the first's output, so the
    /// type is written once.
    package func printFormTypeAlias(
        _ form: EmittedForm, availability: String = GeneratedAttributes.availability, to printer: inout SwiftPrinter
    ) {
        guard outputIsGenericParameter else { return }
        let first = formsInFile.first ?? form
        let argument = first == form ? declaration.resolvedOutput : "\(typeName(first)).\(elementName(first))"
        printer.blankLine()
        let head = "\(access)typealias \(typeName(form)) ="
        let generic = "\(structName(form))<\(argument)>"
        // As swift-format wraps a line too long for it: after `=`, then inside the angle brackets,
        // so the type stays on a line of its own.
        let name = structName(form)
        let alias: [String] =
            if head.count + 1 + generic.count <= Self.lineLength {
                ["\(head) \(generic)"]
            } else if 4 + generic.count <= Self.lineLength {
                [head, "    \(generic)"]
            } else if head.count + 1 + name.count + 1 <= Self.lineLength {
                ["\(head) \(name)<", "    \(argument)", ">"]
            } else {
                [head, "    \(name)<", "        \(argument)", "    >"]
            }
        let lines = ["/// ``\(name)`` sending the schema's `output`.", availability] + alias
        // The line that writes the schema's type: the last but one of a wrapped generic argument.
        // The doc comment and the attribute come between the directive and it, as a directive
        // cannot go inside a declaration. A schema line too early for them gets no directive.
        let typeLine = 2 + (alias.count <= 2 ? alias.count - 1 : alias.count - 2)
        let schemaLine = declaration.output.location.line
        guard first == form, let sourceFile, schemaLine > typeLine else {
            for line in lines { printer.line(line) }
            return
        }
        printer.line(SwiftPrinter.sourceLocation(file: sourceFile, line: schemaLine - typeLine))
        for line in lines { printer.line(line) }
        printer.line("#sourceLocation()")
    }
}
