import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorModel
import SwiftTypeSyntax

/// The phrases and spellings of one declaration that every kind prints the same way: its types,
/// doc comment, factory parameters and policies.
package struct DeclarationText {
    package let declaration: PublisherDeclaration
    /// `public `, `package ` or nothing for internal.
    package let access: String
    /// The schema as the `#sourceLocation` directives around its code name it; `nil` when no
    /// directive can spell its path (``SourceLocationPaths/directivePath(for:)``).
    package let sourceFile: String?
    /// The forms the file emits, in order: the first writes the schema's output
    /// (``printFormType(_:conformance:availability:storage:members:to:)``).
    package var formsInFile: [EmittedForm] = EmittedForm.allCases

    package var name: String { declaration.name.value }
    package var typeName: String { declaration.typeName }
    /// The output as the generated types name it: the receiver's generic parameter when they send
    /// the receiver's own type (``receiverParameter``), the resolved output otherwise.
    package var output: String { receiverParameter ?? declaration.resolvedOutput }
    package var failure: String { declaration.failure?.value ?? "Never" }
    package var failureIsNever: Bool { failure == "Never" }
    package var owner: String? { declaration.owner?.value }

    /// What generated failure tests fail the publisher with: the schema's `failureSample`, or a
    /// failure of the tests' own when the failure type is `Error`; `nil` when there is neither.
    package var failureSample: String? {
        if let written = declaration.failureSample?.value { return written }
        return Sample.anyErrorSpellings.contains(failure) ? "GeneratedTestFailure()" : nil
    }

    /// The generic parameter of the generated types when they send the receiver's own type
    /// (`Sender`), or `nil`: ``PublisherDeclaration/receiverParameter``.
    package var receiverParameter: String? { declaration.receiverParameter }

    /// What the types' declarations put after their names: `<Sender: TestButton>` when they send the
    /// receiver's own type, then the declared type parameters (`<Model>`); nothing without either.
    package var genericParameters: String {
        var parameters: [String] = []
        if let receiverParameter, let owner { parameters.append("\(receiverParameter): \(owner)") }
        parameters += declaration.typeParameters.map(\.declared)
        return Self.angleBrackets(parameters)
    }

    /// The declared type parameters as the factories and the functions around the schema's code
    /// declare them: `<Model: Equatable>`, or nothing.
    package var typeParameterClause: String {
        Self.angleBrackets(declaration.typeParameters.map(\.declared))
    }

    /// A schema type that the generated types write inside them (a target/action sender's type, its
    /// event type) as they name it: as written, or, when it names one of the names the types
    /// declare (`Failure`, `Send`, `Element`, …), which inside would mean their own, a typealias
    /// of the file (``printOutsideAlias(of:role:to:)``) named after the publisher and `role`
    /// (`FailureTapsPublisherSender`), where the schema's names are the module's.
    package func insideName(of type: String, role: String) -> String {
        let names = SwiftType(parsing: type)?.unqualifiedNames ?? []
        guard names.contains(where: Self.namesTheTypesDeclare.contains) else { return type }
        return GeneratedNames.unclaimed(typeName + role, in: declaration.writtenTypes)
    }

    /// The typealias ``insideName(of:role:)`` names `type` by, when it needs one: printed before the
    /// types, outside them.
    package func printOutsideAlias(of type: String, role: String, to printer: inout SwiftPrinter) {
        let alias = insideName(of: type, role: role)
        guard alias != type else { return }
        printer.docComment("`\(type)`, named outside the generated types, where their own names would take its name.")
        printer.line(GeneratedAttributes.availability)
        printer.line("\(access)typealias \(alias) = \(type)")
        printer.blankLine()
    }

    /// `<A, B>`, or nothing for no parameters.
    static func angleBrackets(_ parameters: [String]) -> String {
        parameters.isEmpty ? "" : "<\(parameters.joined(separator: ", "))>"
    }

    /// The type of `form` as code outside it names it: `TapsPublisher<Self>` in the factories and
    /// `TapsPublisher<TestButton>` in the tests when it sends the receiver's own type (`receiver`),
    /// followed by the declared type parameters (`ModelSelectedPublisher<Model>`), or by `arguments`
    /// in their place; the plain name without either.
    package func typeName(_ form: EmittedForm, receiver: String, arguments: [String]? = nil) -> String {
        let receiverArgument = receiverParameter == nil ? [] : [receiver]
        return typeName(form)
            + Self.angleBrackets(receiverArgument + (arguments ?? declaration.typeParameters.map(\.name.value)))
    }

    /// The type of `form` as a test suite's `Subject`: for the declared owner when the types send
    /// the receiver's own type, and with each type parameter's `testType`.
    package func subjectTypeName(_ form: EmittedForm) -> String {
        typeName(
            form, receiver: declaration.resolvedOutput, arguments: declaration.typeParameters.map(\.testType.value))
    }

    /// The type of `form` as the factories and the functions around the schema's code name it:
    /// with the declared type parameters (`ModelSelectedPublisher<Model>`), the plain name without.
    package func genericTypeName(_ form: EmittedForm) -> String {
        typeName(form) + Self.angleBrackets(declaration.typeParameters.map(\.name.value))
    }

    /// The protocol whose extension has the factories when the types send the receiver's own type:
    /// the owner conforms, so `Self` in the factories is the type of the instance they are called on.
    package var receiverProtocol: String { name + "Sender" }

    /// `PlayheadProgress` → `playheadProgressPublisher`.
    package var factoryName: String { factoryName(.combine) }

    /// The type of `form`: `PlayheadProgressPublisher`, `PlayheadProgressSequence`.
    package func typeName(_ form: EmittedForm) -> String {
        switch form {
        case .combine: declaration.typeName
        case .async: name + "Sequence"
        }
    }

    /// The factory of `form` on the owner: `playheadProgressPublisher`, `playheadProgressSequence`
    /// (or `tapPublisher`, `tapSequence` with `factory: tap`).
    package func factoryName(_ form: EmittedForm) -> String {
        declaration.factoryName(form)
    }

    /// `test:`'s `publisher:` with the Combine factory's name replaced by the sequence factory's;
    /// `nil` when it does not call the Combine factory, so no sequence can be made from it.
    package func sequenceCall(renaming publisher: Located<String>) -> Located<String>? {
        let call = ".\(factoryName(.combine))("
        guard publisher.value.contains(call) else { return nil }
        // After a dot a keyword needs no backticks.
        let bare = factoryName(.async).filter { $0 != "`" }
        return Located(publisher.value.replacingOccurrences(of: call, with: ".\(bare)("), at: publisher.location)
    }

    /// What the type of `form` calls its values: Combine's `Output`, `AsyncSequence`'s `Element`.
    package func elementName(_ form: EmittedForm) -> String {
        switch form {
        case .combine: "Output"
        case .async: "Element"
        }
    }

    /// The first paragraph of the type's and the factory's doc comments.
    package var summary: String {
        if let description = declaration.description?.value { return description }
        let source = declaration.owner.map { " from `\($0.value)`" } ?? ""
        return "Publishes `\(declaration.resolvedOutput)` values\(source)."
    }

    /// The factory's parameters: `leading` ones the kind needs, then the declared ones. Default
    /// values are printed as written, without `#sourceLocation`: Swift accepts the directive only
    /// between statements and declarations, not inside a parameter list.
    func parameters(leading: [String] = []) -> [String] {
        leading
            + declaration.parameters.map { parameter in
                let defaultValue = parameter.defaultValue.map { " = \($0.value)" } ?? ""
                return spelled(parameter, type: parameter.type.value) + defaultValue
            }
    }

    /// `parameter` as a function declares it, with `type`.
    func spelled(_ parameter: Parameter, type: String) -> String {
        // A label equal to the name is the name (Swift warns about `name name: T`). A label may be a
        // keyword as it is (`for event:`); a name that is one needs backticks.
        let label = parameter.label.map { $0.value == parameter.name.value ? "" : "\($0.value) " } ?? ""
        return "\(label)\(SwiftNames.escaped(parameter.name.value)): \(type)"
    }

    package func startPhrase(_ behavior: PushBehavior) -> String {
        behavior.start == .onDemand ? "on the first demand" : "as soon as it is subscribed"
    }

    package func iterationStartPhrase(_ behavior: PushBehavior) -> String {
        behavior.start == .onDemand ? "on its first `next()`" : "as soon as its iterator is made"
    }

    /// What `initial:` adds to the documentation of a push source: the current value, sent right
    /// after attaching. In the same main-actor turn for a main-actor source, so nothing comes
    /// between; from the attaching thread otherwise, so something from another thread may come
    /// first. The kind says its own words: `after` (what attaching is: "adding"), `thread` (the
    /// attaching thread: "adding"), `value` ("the sender's current value") and what else it sends,
    /// `anyLater` ("any event") and `oneLater` ("an event sent").
    package func initialValuePhrase(
        isMainActor: Bool, after: String, thread: String, value: String, anyLater: String, oneLater: String
    ) -> String {
        isMainActor
            ? "Right after \(after), in the same main-actor turn, \(value) is sent, before \(anyLater). "
            : "Right after \(after), \(value) is sent from the \(thread) thread; \(oneLater) on another thread "
                + "meanwhile may come before it. "
    }

    package func noDemandPhrase(_ behavior: PushBehavior) -> String {
        switch behavior.whenNoDemand {
        case .drop: "Values that arrive without demand are dropped."
        case .latest: "Without demand, only the latest value is kept; a completion waits until it is delivered."
        case let .buffer(size, rule):
            "Without demand, up to \(size) values are kept; when full, the \(rule == .dropOldest ? "oldest" : "newest") "
                + "is dropped. A completion waits until the kept values are delivered."
        case .unbounded:
            "Without demand, every value is kept, in order; a completion waits until they are delivered."
        }
    }

    /// `noDemandPhrase` for a sequence, whose consumer asks for one value by awaiting `next()`.
    package func iterationNoDemandPhrase(_ behavior: PushBehavior) -> String {
        let notAwaiting = "while the consumer is not awaiting `next()`"
        switch behavior.whenNoDemand {
        case .drop: return "Values that arrive \(notAwaiting) are dropped."
        case .latest:
            return "Of the values that arrive \(notAwaiting), only the latest is kept; the end comes after it."
        case let .buffer(size, rule):
            return "Of the values that arrive \(notAwaiting), up to \(size) are kept; when full, the "
                + "\(rule == .dropOldest ? "oldest" : "newest") is dropped. The end comes after the kept values."
        case .unbounded:
            return "Every value that arrives \(notAwaiting) is kept, in order, however many, as an `AsyncStream` "
                + "keeps them by default (the declaration leaves `whenNoDemand` out). The end comes after them."
        }
    }

    /// The `next()` of a sequence's iterator, without its body: typed throws unless the failure is
    /// `Never`.
    /// `next(isolation:)` when `isolated`: the requirement a `for await` loop calls, which runs on
    /// the caller's actor.
    func iteratorNextHead(isolated: Bool) -> String {
        let throwing = failureIsNever ? "" : " throws(Failure)"
        let parameter = isolated ? "isolation actor: isolated (any Actor)?" : ""
        return "\(access)mutating func next(\(parameter)) async\(throwing) -> Element?"
    }

    /// The engine's spelling of the no-demand policy.
    package func policyLiteral(_ behavior: PushBehavior) -> String {
        switch behavior.whenNoDemand {
        case .drop: ".drop"
        case .latest: ".latest"
        case let .buffer(size, rule): ".buffer(capacity: \(size), dropOldest: \(rule == .dropOldest))"
        case .unbounded: ".unbounded"
        }
    }

    package func startLiteral(_ behavior: PushBehavior) -> String {
        behavior.start == .onDemand ? ".onDemand" : ".onSubscribe"
    }

    /// A Swift literal for a positive interval: `1.0`, `0.25`.
    package static func doubleLiteral(_ value: Double) -> String {
        "\(value)"
    }
}
