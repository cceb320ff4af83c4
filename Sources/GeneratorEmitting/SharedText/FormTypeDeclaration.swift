import GeneratorModel

/// The schema's `output` and `failure` written once, in a typealias at the schema's line: each
/// form's struct takes its output and failure as generic parameters and holds only its stored
/// properties (`NotificationsPublisherOf<Output, Failure>`), the form's name is a typealias that
/// gives it the schema's types (`NotificationsPublisher`), and everything else is in an extension
/// of that name: the conformance, the initializers, `receive` or the iterator.
///
/// - A type the module lacks is then one compiler error, at the schema's line: the compiler skips
///   an extension of an invalid typealias without a word, where a struct whose own typealias held
///   the type would fail its `Publisher` or `AsyncSequence` conformance too, and every closure type
///   made of the output with it.
/// - The types are read where the schema's names are the module's, outside the struct, so a type
///   of the user's called `Output`, `Failure`, `Element`, `Iterator` or `Send` is theirs (inside,
///   `typealias Failure = Failure` would name itself).
/// - The code is not generic: in the extension the output is bound to the schema's type, so a
///   value costs what it costs in a struct of that type. Code in a struct generic over its output
///   runs unspecialized when called from another module (Benchmarks/callgrind.sh: 4.6 times the
///   instructions per polled value).
///
/// A form that sends the receiver's own type (``DeclarationText/receiverParameter``) keeps one
/// struct, generic over the receiver, with the output and failure in it: the output is the owner's
/// type. So does a declaration with type parameters: its output and failure may name them, and a
/// generic typealias that bound them while passing the parameters on could not be extended.
extension DeclarationText {
    /// The longest line swift-format accepts (`.swift-format`).
    static let lineLength = 120

    /// Whether `form`'s struct takes the output as a generic parameter, under a typealias.
    var outputIsGenericParameter: Bool { receiverParameter == nil && declaration.typeParameters.isEmpty }

    /// The name of `form`'s struct: `NotificationsPublisherOf`, or the form's own name when the
    /// output is the receiver's type.
    func structName(_ form: EmittedForm) -> String {
        outputIsGenericParameter ? typeName(form) + "Of" : typeName(form)
    }

    /// Prints `form`'s type after its doc comment: `storage` (its typealiases and stored
    /// properties) in the struct, then its name's typealias, then `members` in an extension of that
    /// name that conforms to `conformance`; or, when the output is the receiver's type, one struct
    /// with both, and the output's and failure's typealiases.
    package func printFormType(
        _ form: EmittedForm, conformance: String, availability: String = GeneratedAttributes.availability,
        storage: (inout SwiftPrinter) -> Void, members: (inout SwiftPrinter) -> Void, to printer: inout SwiftPrinter
    ) {
        guard outputIsGenericParameter else {
            printer.topLevel(
                "\(access)nonisolated struct \(typeName(form))\(genericParameters): \(conformance)",
                availability: availability
            ) { printer in
                printer.line("\(access)typealias \(elementName(form)) = \(output)")
                printer.line("\(access)typealias Failure = \(failure)")
                printer.blankLine()
                storage(&printer)
                printer.blankLine()
                members(&printer)
            }
            return
        }
        printer.topLevel(
            "\(access)nonisolated struct \(structName(form))<\(elementName(form)), Failure: Error>",
            availability: availability, storage
        )
        printFormTypeAlias(form, availability: availability, to: &printer)
        printer.blankLine()
        printer.topLevel("nonisolated extension \(typeName(form)): \(conformance)", availability: availability, members)
    }

    /// The typealias that names `form` (`NotificationsPublisher = NotificationsPublisherOf<Notification, Never>`),
    /// printed after its struct. The first form the file emits writes the schema's types, at the
    /// output's line; the other names the first's, so each type is written once.
    private func printFormTypeAlias(
        _ form: EmittedForm, availability: String = GeneratedAttributes.availability, to printer: inout SwiftPrinter
    ) {
        let first = formsInFile.first ?? form
        let arguments =
            first == form
            ? [declaration.resolvedOutput, failure]
            : ["\(typeName(first)).\(elementName(first))", "\(typeName(first)).Failure"]
        let argument = arguments.joined(separator: ", ")
        printer.blankLine()
        let head = "\(access)typealias \(typeName(form)) ="
        let generic = "\(structName(form))<\(argument)>"
        // As swift-format wraps a line too long for it: after `=`, then inside the angle brackets,
        // so the type stays on a line of its own, then between the arguments.
        let name = structName(form)
        func argumentLines(indent: String) -> [String] {
            guard indent.count + argument.count > Self.lineLength else { return [indent + argument] }
            return [indent + arguments[0] + ",", indent + arguments[1]]
        }
        let alias: [String] =
            if head.count + 1 + generic.count <= Self.lineLength {
                ["\(head) \(generic)"]
            } else if 4 + generic.count <= Self.lineLength {
                [head, "    \(generic)"]
            } else if head.count + 1 + name.count + 1 <= Self.lineLength {
                ["\(head) \(name)<"] + argumentLines(indent: "    ") + [">"]
            } else {
                [head, "    \(name)<"] + argumentLines(indent: "        ") + ["    >"]
            }
        let lines = ["/// ``\(name)`` sending the schema's `output`.", availability] + alias
        // The line that writes the schema's output: the first of a wrapped generic argument list.
        // The doc comment and the attribute come between the directive and it, as a directive
        // cannot go inside a declaration. A schema line too early for them gets no directive.
        let typeLine =
            2 + (alias.count <= 2 ? alias.count - 1 : alias.firstIndex { $0.hasSuffix("<") }.map { $0 + 1 } ?? 0)
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
