import GeneratorModel
import SwiftTypeSyntax

/// The schema's `output` written once, in a typealias at the schema's line: each form's struct
/// takes its output as a generic parameter and holds only its stored properties
/// (`NotificationsPublisherOf<Output>`), the form's name is a typealias that gives it the schema's
/// type (`NotificationsPublisher`), and everything else is in an extension of that name: the
/// conformance, the initializers, `receive` or the iterator.
///
/// The failure is the struct's `typealias Failure`, unless it names one of the names the types
/// declare (`Output`, `Failure`, `Send`, `Element`, …), which inside would mean the types' own
/// (`typealias Failure = Failure` names itself): then it is a generic parameter too
/// (`NotificationsPublisherOf<Output, Failure>`), given in each form's typealias. Only then: code
/// outside the types names the failure as `NotificationsPublisher.Failure`, which a typealias
/// inside resolves even when the output is misspelt, and a generic argument beside that output
/// does not.
///
/// - A type the module lacks is then one compiler error, at the schema's line: the compiler skips
///   an extension of an invalid typealias without a word, where a struct whose own typealias held
///   the type would fail its `Publisher` or `AsyncSequence` conformance too, and every closure type
///   made of the output with it.
/// - The type is read where the schema's names are the module's, outside the struct, so a type of
///   the user's called `Output` or `Element` is theirs.
/// - The code is not generic: in the extension the output is bound to the schema's type, so a
///   value costs what it costs in a struct of that type. Code in a struct generic over its output
///   runs unspecialized when called from another module (Benchmarks/callgrind.sh: 4.6 times the
///   instructions per polled value).
///
/// A form that sends the receiver's own type (``DeclarationText/receiverParameter``) keeps one
/// struct, generic over the receiver, with the output and failure in it: the output is the owner's
/// type. So does a declaration with type parameters: its output and failure may name them, and a
/// generic typealias that bound them while passing the parameters on could not be extended. There
/// an output or failure that names one of the types' own names is named through a typealias before
/// the struct, outside it (`aliasedOutside`).
extension DeclarationText {
    /// The longest line swift-format accepts (`.swift-format`).
    static let lineLength = 120

    /// Whether `form`'s struct takes the output as a generic parameter, under a typealias.
    var outputIsGenericParameter: Bool { receiverParameter == nil && declaration.typeParameters.isEmpty }

    /// The names the generated types declare, which a failure written inside them could not mean
    /// the module's types by.
    static let namesTheTypesDeclare = GeneratedNames.publisherTypeNames.union(GeneratedNames.sequenceTypeNames)

    /// Whether the struct takes the failure as a generic parameter too: the output is one, and the
    /// failure names one of ``namesTheTypesDeclare``.
    var failureIsGenericParameter: Bool {
        guard outputIsGenericParameter, let failure = declaration.failure?.value else { return false }
        return SwiftType(parsing: failure)?.unqualifiedNames.contains(where: Self.namesTheTypesDeclare.contains) == true
    }

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
            let outputInside =
                receiverParameter == nil
                ? aliasedOutside(output, as: elementName(form), of: form, availability: availability, to: &printer)
                : output
            let failureInside = aliasedOutside(
                failure, as: "Failure", of: form, availability: availability, to: &printer)
            printer.topLevel(
                "\(access)nonisolated struct \(typeName(form))\(genericParameters): \(conformance)",
                availability: availability
            ) { printer in
                printer.line("\(access)typealias \(elementName(form)) = \(outputInside)")
                printer.line("\(access)typealias Failure = \(failureInside)")
                printer.blankLine()
                storage(&printer)
                printer.blankLine()
                members(&printer)
            }
            return
        }
        let failureParameter = failureIsGenericParameter ? ", Failure: Error" : ""
        printer.topLevel(
            "\(access)nonisolated struct \(structName(form))<\(elementName(form))\(failureParameter)>",
            availability: availability
        ) { printer in
            if !failureIsGenericParameter {
                printer.line("\(access)typealias Failure = \(failure)")
                printer.blankLine()
            }
            storage(&printer)
        }
        printFormTypeAlias(form, availability: availability, to: &printer)
        printer.blankLine()
        printer.topLevel("nonisolated extension \(typeName(form)): \(conformance)", availability: availability, members)
    }

    /// `type` (the schema's output or failure) as the typealias `member` of a struct that keeps its
    /// types inside names it: as written, or, when it names one of the names the types declare
    /// (``namesTheTypesDeclare``), where inside it would mean their own (`typealias Failure =
    /// Failure` names itself), through a typealias printed before the struct, outside it, where
    /// the schema's names are the module's: `ModelSelectedPublisherFailure<Model>`, generic over the
    /// declared type parameters, which the type may name.
    private func aliasedOutside(
        _ type: String, as member: String, of form: EmittedForm, availability: String, to printer: inout SwiftPrinter
    ) -> String {
        guard SwiftType(parsing: type)?.unqualifiedNames.contains(where: Self.namesTheTypesDeclare.contains) == true
        else { return type }
        let alias = GeneratedNames.unclaimed(typeName(form) + member, in: declaration.writtenTypes)
        let key = member == "Failure" ? "failure" : "output"
        printer.docComment(
            "The schema's `\(key)`, named outside ``\(typeName(form))``, where the type's own `\(member)` would "
                + "take its name.")
        printer.line(availability)
        printer.line("\(access)typealias \(alias)\(typeParameterClause) = \(type)")
        printer.blankLine()
        return alias + Self.angleBrackets(declaration.typeParameters.map(\.name.value))
    }

    /// The typealias that names `form` (`NotificationsPublisher = NotificationsPublisherOf<Notification>`),
    /// printed after its struct. The first form the file emits writes the schema's types, at the
    /// output's line; the other names the first's, so each type is written once.
    private func printFormTypeAlias(
        _ form: EmittedForm, availability: String = GeneratedAttributes.availability, to printer: inout SwiftPrinter
    ) {
        printer.blankLine()
        printAlias(
            form, of: structName(form), arguments: failureIsGenericParameter ? [failure] : [],
            doc: { $0.line("/// ``\(structName(form))`` sending the schema's `output`.") }, availability: availability,
            to: &printer)
    }

    /// Prints `form`'s name as a typealias of `generic`, the engine's type of the kind
    /// (`ImageFeedPublisher = PullPublisher<Image, Error, ImageFeedSource>`): the output, the
    /// failure (unless `passesFailure` is `false`: a type that never fails, such as
    /// `PeriodicTicks<Date, HeartbeatSource>`) and the declaration's tag (``printSourceTag(to:)``),
    /// after `doc`, the type's doc comment. The first form the file emits writes the schema's
    /// output at its line.
    package func printFormAlias(
        _ form: EmittedForm, of generic: String, passesFailure: Bool = true,
        availability: String = GeneratedAttributes.availability, doc: (inout SwiftPrinter) -> Void,
        to printer: inout SwiftPrinter
    ) {
        printAlias(
            form, of: generic, arguments: (passesFailure ? [failure] : []) + [sourceTagName], doc: doc,
            availability: availability, to: &printer)
    }

    /// The caseless enum that makes a declaration's publisher and sequence types of their own
    /// (`ImageFeedSource`), given to the engine's generic types as their last argument.
    package var sourceTagName: String { name + "Source" }

    /// Prints the declaration's tag, ``sourceTagName``, with its name for descriptions.
    package func printSourceTag(to printer: inout SwiftPrinter) {
        printer.docComment(
            "The declaration `\(name)`: the tag that makes the engine's types it names its own; its name is what "
                + "a subscription's description shows.")
        printer.topLevel("\(access)nonisolated enum \(sourceTagName): DeclaredSource") { printer in
            printer.line("\(access)static var name: String { \"\(name)\" }")
        }
        printer.blankLine()
    }

    /// Prints what a push form's typealias needs of the declaration's tag: the tag itself, when
    /// `form` is the first form the file emits, then its conformance to the form's engine protocol
    /// (`PushPublisherSource`, `PushSequenceSource`), which gives `behavior`.
    package func printPushSourceTag(_ form: EmittedForm, behavior: PushBehavior, to printer: inout SwiftPrinter) {
        if form == formsInFile.first { printSourceTag(to: &printer) }
        let (conformance, requirement) =
            switch form {
            case .combine: ("PushPublisherSource", "publisherBehavior")
            case .async: ("PushSequenceSource", "sequenceBehavior")
            }
        printer.topLevel("nonisolated extension \(sourceTagName): \(conformance)") { printer in
            printer.block("\(access)static var \(requirement): PushBehavior") { printer in
                printer.line(
                    "PushBehavior(whenNoDemand: \(policyLiteral(behavior)), start: \(startLiteral(behavior)))")
            }
        }
        printer.blankLine()
    }

    /// Prints `form`'s typealias of `generic`, whose first argument is the output, and then
    /// `arguments`, after `doc` and `availability`. The first form the file emits writes the
    /// schema's types, at the output's line; the other names the first's output, so each type is
    /// written once (the failure is written in each: `First.Failure` would not resolve with a
    /// misspelt output).
    private func printAlias(
        _ form: EmittedForm, of generic: String, arguments extra: [String], doc: (inout SwiftPrinter) -> Void,
        availability: String, to printer: inout SwiftPrinter
    ) {
        let first = formsInFile.first ?? form
        let arguments =
            (first == form ? [declaration.resolvedOutput] : ["\(typeName(first)).\(elementName(first))"]) + extra
        let argument = arguments.joined(separator: ", ")
        let head = "\(access)typealias \(typeName(form)) ="
        let bound = "\(generic)<\(argument)>"
        // As swift-format wraps a line too long for it: after `=`, then inside the angle brackets,
        // so the type stays on a line of its own, then between the arguments.
        func argumentLines(indent: String) -> [String] {
            guard indent.count + argument.count > Self.lineLength, arguments.count > 1 else {
                return [indent + argument]
            }
            return arguments.indices.map { indent + arguments[$0] + ($0 < arguments.count - 1 ? "," : "") }
        }
        let alias: [String] =
            if head.count + 1 + bound.count <= Self.lineLength {
                ["\(head) \(bound)"]
            } else if 4 + bound.count <= Self.lineLength {
                [head, "    \(bound)"]
            } else if head.count + 1 + generic.count + 1 <= Self.lineLength {
                ["\(head) \(generic)<"] + argumentLines(indent: "    ") + [">"]
            } else {
                [head, "    \(generic)<"] + argumentLines(indent: "        ") + ["    >"]
            }
        let lines = [availability] + alias
        // The line that writes the schema's output: the first of a wrapped generic argument list.
        // The doc comment and the attribute come between the directive and it, as a directive
        // cannot go inside a declaration. A schema line too early for them gets no directive.
        let aliasLine =
            1 + (alias.count <= 2 ? alias.count - 1 : alias.firstIndex { $0.hasSuffix("<") }.map { $0 + 1 } ?? 0)
        let schemaLine = declaration.output.location.line
        var directed = false
        printer.lines(doc) { docLines in
            let typeLine = docLines + aliasLine
            guard first == form, let sourceFile, schemaLine > typeLine else { return nil }
            directed = true
            return SwiftPrinter.sourceLocation(file: sourceFile, line: schemaLine - typeLine)
        }
        for line in lines { printer.line(line) }
        guard directed else { return }
        printer.line("#sourceLocation()")
    }
}
