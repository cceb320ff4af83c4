import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorModel

/// How one kind is decoded and validated: the validate stage's part of a kind's unit. Every
/// requirement is a part a kind must have, so a new kind that lacks one does not compile; parts a
/// kind does not use say so (an empty list, `true`).
package protocol KindDecoding: KindLanguage {
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

    /// Rules across the module's declarations of this kind, each with its source, that no
    /// declaration breaks alone (the delegate declarations on one owner's property share a proxy,
    /// so they agree on it).
    static func checkAcrossDeclarations(
        _ declarations: [(PublisherDeclaration, Source)], diagnostics: inout DiagnosticCollector)
}

/// The parts of a declaration every kind has, decoded, for a kind's compile-safety rules.
package struct DeclarationDraft {
    var name: Located<String>?
    package var owner: Located<String>?
    package var output: Located<String>?
    var failure: Located<String>?
    package var parameters: [Parameter]
    /// What the diagnostics call the declaration: `publisher 'Name'`.
    package var what: String
    /// What the kind's decoding calls it: `publisher 'Name' (kind callback)`.
    var whatWithKind: String
}

extension KindDecoding {
    /// Decodes the kind's keys and checks the kind's compile rules on the result: the source, with
    /// whether the rules hold and the factory's arguments without a default; `nil` when the keys
    /// have a problem (reported).
    static func decodeChecked(
        _ fields: MappingReader, draft: DeclarationDraft, read: inout ScalarReader
    ) -> (source: any KindSource, compiles: Bool, argumentsWithoutDefault: [String])? {
        guard let source = decodeSource(fields, what: draft.whatWithKind, read: &read) else { return nil }
        let compiles = checkCompiles(draft, source: source, read: &read)
        return (source, compiles, argumentsWithoutDefault(of: source))
    }

    /// The labels of `source`'s leading factory parameters; `nil` when `source` is not this kind's
    /// model (the registry finds units by the model's type, so it always is).
    static func leadingFactoryLabels(ofAny source: any KindSource, form: EmittedForm) -> [String]? {
        (source as? Source).map { leadingFactoryLabels(of: $0, form: form) }
    }

    /// The rules across `declarations` for those whose source is this kind's model.
    static func checkAcrossDeclarations(
        ofAny declarations: [PublisherDeclaration], diagnostics: inout DiagnosticCollector
    ) {
        let ofKind = declarations.compactMap { declaration in
            (declaration.source as? Source).map { (declaration, $0) }
        }
        if !ofKind.isEmpty { checkAcrossDeclarations(ofKind, diagnostics: &diagnostics) }
    }
}

/// The kinds as the validate stage knows them: their decoding units, the language they make and the
/// vocabulary derived from it. The pipeline assembles it from its `KindRegistry` and passes it to
/// the validator, which passes it on; nothing looks a kind up anywhere else.
package struct KindDecoders: Sendable {
    /// The units, in the registry's order.
    let units: [any KindDecoding.Type]
    package let language: SchemaLanguage
    package let vocabulary: SchemaVocabulary

    /// The units by the spelling of their kind, for decoding `kind:`.
    private let unitsBySpelling: [String: any KindDecoding.Type]
    /// The units by their model's type, for a decoded declaration's source.
    private let unitsBySource: [ObjectIdentifier: any KindDecoding.Type]

    /// The decoders of `units`, with the language made from them, so every kind a unit decodes has
    /// the language's key sets. The registry has refused two units of one spelling or one model, so
    /// each key is one unit's.
    package init(_ units: [any KindDecoding.Type]) {
        self.units = units
        language = SchemaLanguage(kinds: units.map { $0 })
        vocabulary = SchemaVocabulary(language)
        unitsBySpelling = Dictionary(units.map { ($0.kind.rawValue, $0) }) { first, _ in first }
        unitsBySource = Dictionary(units.map { (ObjectIdentifier($0.sourceType), $0) }) { first, _ in first }
    }

    /// The unit of the kind spelled `spelling`, if one is registered.
    func unit(named spelling: String) -> (any KindDecoding.Type)? {
        unitsBySpelling[spelling]
    }

    /// The unit whose model `source` is; every source these units decoded has one.
    func unit(of source: any KindSource) -> (any KindDecoding.Type)? {
        unitsBySource[ObjectIdentifier(type(of: source))]
    }
}
