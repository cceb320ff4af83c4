import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorModel

/// How one kind is decoded and validated: the validate stage's part of a kind's unit. Every
/// requirement is a part a kind must have, so a new kind that lacks one does not compile; parts a
/// kind does not use say so (an empty list, `true`).
package protocol KindDecoding: KindLanguage {
    /// The kind's model: what its keys decode to.
    associatedtype Source: KindSource

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

    /// Rules across the module's declarations of this kind that no declaration breaks alone (the
    /// delegate declarations on one owner's property share a proxy, so they agree on it).
    static func checkAcrossDeclarations(_ declarations: [PublisherDeclaration], diagnostics: inout DiagnosticCollector)
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
}

extension KindDecoding {
    /// The unit's parts for a source of any kind; the declaration's kind decoded it, so it is this
    /// unit's model.
    package static func source(_ source: any KindSource) -> Source {
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

    /// The unit's model of each of `declarations`, which are all of this kind.
    package static func sources(of declarations: [PublisherDeclaration]) -> [(PublisherDeclaration, Source)] {
        declarations.map { ($0, source($0.source)) }
    }

    static func decodeAnySource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> (any KindSource)? {
        decodeSource(fields, what: what, read: &read)
    }
}

/// The kinds as the validate stage knows them: their decoding units, the language they make and the
/// vocabulary derived from it. The pipeline assembles it from its `KindRegistry` and passes it to
/// the validator, which passes it on; nothing looks a kind up anywhere else.
package struct KindDecoders: Sendable {
    /// The units, in the registry's order.
    let units: [any KindDecoding.Type]
    let language: SchemaLanguage
    package let vocabulary: SchemaVocabulary

    private let unitsByKind: [PublisherKind: any KindDecoding.Type]

    /// The decoders of `units`, whose language is `language` (made from the same units).
    package init(_ units: [any KindDecoding.Type], language: SchemaLanguage) {
        self.units = units
        self.language = language
        vocabulary = SchemaVocabulary(language)
        unitsByKind = Dictionary(uniqueKeysWithValues: units.map { ($0.kind, $0) })
    }

    /// The unit of `kind`, which the language's decoding found among the registered kinds.
    func unit(of kind: PublisherKind) -> any KindDecoding.Type {
        guard let unit = unitsByKind[kind] else { preconditionFailure("kind '\(kind)' is not registered") }
        return unit
    }
}
