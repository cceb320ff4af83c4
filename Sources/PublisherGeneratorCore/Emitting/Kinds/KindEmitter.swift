/// The owner of one kind's generated text: its publisher and sequence, their factories and its
/// test scaffold.
protocol KindEmitter {
    /// Names the generated code declares where the schema's expressions and factory parameters
    /// live; a parameter with one of these names would hide it or clash with it.
    static var namesInScope: [String] { get }

    /// The types of `forms` (the publisher, the sequence), then their factories.
    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter)

    /// The test case of the scaffold file for `form` (the publisher's or the sequence's), in the
    /// dialect of the chosen test framework.
    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample)
}

/// Chooses the owner of each kind. The switches are exhaustive, so a new kind does not compile
/// until it has an owner.
enum KindEmitters {
    static func emitter(for declaration: PublisherDeclaration, access: String, sourceFile: String?) -> any KindEmitter {
        let text = DeclarationText(declaration: declaration, access: access, sourceFile: sourceFile)
        switch declaration.source {
        case let .callback(source): return CallbackEmitter(text: text, source: source)
        case let .polling(source): return PollingEmitter(text: text, source: source)
        case let .targetAction(source): return TargetActionEmitter(text: text, source: source)
        case let .periodic(source): return PeriodicEmitter(text: text, source: source)
        }
    }

    /// The names a parameter of a `kind` declaration may not take.
    static func namesInScope(of kind: PublisherKind) -> [String] {
        switch kind {
        case .callback: CallbackEmitter.namesInScope
        case .polling: PollingEmitter.namesInScope
        case .targetAction: TargetActionEmitter.namesInScope
        case .periodic: PeriodicEmitter.namesInScope
        }
    }
}
