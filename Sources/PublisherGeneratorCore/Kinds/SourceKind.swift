/// One kind of event source, as one unit: everything the generator knows about the kind, from its
/// keys in the language to the text it emits. Each kind has a folder under `Kinds/` with a type
/// conforming to this protocol, and one line in ``KindRegistry``.
///
/// Every requirement is a part a kind must have, so a new kind that lacks one does not compile.
/// Parts a kind does not use say so (an empty list, `nil`, `true`).
protocol SourceKind: Sendable {
    /// The kind's model: what its keys decode to.
    associatedtype Source: KindSource

    /// The kind's identity and spelling.
    static var kind: PublisherKind { get }
    /// Whether values are pushed by the source or pulled by demand; decides the keys every kind of
    /// that delivery takes (``KindDelivery/keys``) and what `test:` must say.
    static var delivery: KindDelivery { get }
    /// What the language says about the kind: its summary, hover text and editor snippet.
    static var language: KindDescription { get }
    /// The declaration keys the kind takes beyond those every declaration and every kind of its
    /// delivery takes, in the order the documentation lists them. Keys other kinds take too are
    /// defined in ``SharedDeclarationKeys``; keys of its own, in the unit.
    static var keys: [KindKey] { get }
    /// Names the generated code declares where the schema's expressions and factory parameters
    /// live; a parameter with one of these names would hide it or clash with it.
    static var namesInScope: [String] { get }
    /// The kind's declaration in the starter schema `publisher-generator init` writes, as YAML
    /// lines indented for the `publishers:` list with a comment above; `nil` when it needs an SDK a
    /// new user may not have.
    static var starterSchemaEntry: String? { get }

    /// Decodes the kind's own keys, reporting every problem; `nil` when any has one.
    static func decodeSource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> Source?

    /// Rules that keep the generated code compiling which only this kind's text makes necessary
    /// (names its generated types declare, say). Returns `false` after reporting.
    static func checkCompiles(_ draft: DeclarationDraft, source: Source, read: inout ScalarReader) -> Bool

    /// Arguments of the factory, beyond the declared parameters, that have no default; generated
    /// tests that call the factory without arguments need there to be none.
    static func argumentsWithoutDefault(of source: Source) -> [String]

    /// The labels of the parameters the factory of `form` takes before the declared ones
    /// (`FactorySignature.leading`), for telling two factories of one name on one owner apart.
    static func leadingFactoryLabels(of source: Source, form: EmittedForm) -> [String]

    /// Modules the generated file must import for this source, besides the schema's `imports`.
    static func imports(for source: Source) -> [String]

    /// The owner of the declaration's generated text.
    static func emitter(for source: Source, text: DeclarationText) -> any KindEmitter

    /// Rules across the module's declarations of this kind that no declaration breaks alone (the
    /// delegate declarations on one owner's property share a proxy, so they agree on it).
    static func checkAcrossDeclarations(_ declarations: [PublisherDeclaration], diagnostics: inout DiagnosticCollector)

    /// Text the file's declarations of this kind share, printed after them all (the delegate
    /// proxies); nothing for kinds whose declarations share nothing.
    static func printShared(_ texts: [DeclarationText], to printer: inout SwiftPrinter)
}

/// Whether a kind's values are pushed by its source or pulled by demand.
enum KindDelivery: Sendable {
    case push
    case pull

    /// The declaration keys every kind of this delivery takes, after the kind's own.
    var keys: [KindKey] {
        switch self {
        case .push: [SharedDeclarationKeys.whenNoDemand.optional, SharedDeclarationKeys.start.optional]
        case .pull: []
        }
    }

    /// The keys of `test:` a declaration of this delivery must give, and those it may not.
    var testDriveKeys: (required: [String], refused: [String]) {
        switch self {
        case .push: (["fire", "registrations"], ["pulls"])
        case .pull: (["pulls"], ["fire", "registrations", "finish"])
        }
    }

    /// Why a refused `test:` key does not fit a declaration of `kind`, said in the hint.
    func refusedTestDriveHint(kind: PublisherKind) -> String {
        switch self {
        case .push: "count registrations with 'registrations:' instead"
        case .pull: "a \(kind) publisher has no source to fire; count pulls with 'pulls:'"
        }
    }
}

/// A declaration key a kind takes, and whether it must be present.
struct KindKey {
    var definition: LanguageKey
    var requirement: Requirement
}

extension LanguageKey {
    /// This key, taken by a kind that requires it.
    var required: KindKey { KindKey(definition: self, requirement: .required) }
    /// This key, taken by a kind that may leave it out.
    var optional: KindKey { KindKey(definition: self, requirement: .optional) }
}

/// The parts of a declaration every kind has, decoded, for a kind's compile-safety rules.
struct DeclarationDraft {
    var name: Located<String>?
    var owner: Located<String>?
    var output: Located<String>?
    var failure: Located<String>?
    var parameters: [Parameter]
    /// What the diagnostics call the declaration: `publisher 'Name'`.
    var what: String
}

extension SourceKind {
    /// The unit's parts for a source of any kind; the declaration's kind decoded it, so it is this
    /// unit's model.
    static func source(_ source: any KindSource) -> Source {
        guard let source = source as? Source else {
            preconditionFailure("a \(kind) declaration holds a \(type(of: source))")
        }
        return source
    }

    static func checkCompiles(_ draft: DeclarationDraft, anySource: any KindSource, read: inout ScalarReader) -> Bool {
        checkCompiles(draft, source: source(anySource), read: &read)
    }

    static func argumentsWithoutDefault(ofAny source: any KindSource) -> [String] {
        argumentsWithoutDefault(of: self.source(source))
    }

    static func leadingFactoryLabels(ofAny source: any KindSource, form: EmittedForm) -> [String] {
        leadingFactoryLabels(of: self.source(source), form: form)
    }

    static func imports(forAny source: any KindSource) -> [String] {
        imports(for: self.source(source))
    }

    static func emitter(forAny source: any KindSource, text: DeclarationText) -> any KindEmitter {
        emitter(for: self.source(source), text: text)
    }

    /// The unit's model of each of `declarations`, which are all of this kind.
    static func sources(of declarations: [PublisherDeclaration]) -> [(PublisherDeclaration, Source)] {
        declarations.map { ($0, source($0.source)) }
    }

    static func decodeAnySource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> (any KindSource)? {
        decodeSource(fields, what: what, read: &read)
    }
}
