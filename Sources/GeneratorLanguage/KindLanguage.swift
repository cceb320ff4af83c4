import GeneratorModel

/// What the language says of one kind: the part of a kind's unit that the language description,
/// and every stage after it, reads. Each kind's unit conforms (through ``KindDecoding`` and
/// ``KindEmitting``, which refine it); ``SchemaLanguage/init(kinds:)`` derives the declaration's
/// keys, the parameter names the kinds reserve and the scopes of the kinds' keys from the units it
/// is given.
///
/// A unit is generic over its model, ``Source``: the model's type says the kind and whether it is
/// pushed or pulled, and the unit's ``kind`` and ``delivery`` are read from it, never restated.
package protocol KindLanguage: Sendable {
    /// The kind's model: what its keys decode to. Its type is the kind.
    associatedtype Source: KindSource
    /// What the language says about the kind: its summary, hover text and editor snippet.
    static var language: KindDescription { get }
    /// The declaration keys the kind takes beyond those every declaration and every kind of its
    /// delivery takes, in the order the documentation lists them. Keys other kinds take too are
    /// defined in ``SharedDeclarationKeys``; keys of its own, in the unit.
    static var keys: [KindKey] { get }
    /// Names the generated code declares where the schema's expressions and factory parameters
    /// live; a parameter with one of these names would hide it or clash with it.
    static var namesInScope: [String] { get }
    /// The keys of `test:` a declaration of the kind must give, and those it may not; its
    /// delivery's by default.
    static var testDriveKeys: (required: [String], refused: [String]) { get }
    /// Why a refused `test:` key does not fit a declaration of the kind; its delivery's by default.
    static var refusedTestDriveHint: String { get }
}

extension KindLanguage {
    /// The kind's identity and spelling: its model's.
    package static var kind: PublisherKind { Source.kind }

    /// Whether values are pushed by the source or pulled by demand, as the model's conformance to
    /// `PushSource` or `PullSource` says; decides the keys every kind of that delivery takes
    /// (``KindDelivery/keys``) and what `test:` must say.
    package static var delivery: KindDelivery { Source.delivery }

    /// The model's type, by which the stages find the unit of a declaration's source.
    package static var sourceType: any KindSource.Type { Source.self }

    /// The keys of `test:` of the kind's delivery.
    package static var testDriveKeys: (required: [String], refused: [String]) { delivery.testDriveKeys }

    /// The hint of the kind's delivery for a refused `test:` key.
    package static var refusedTestDriveHint: String { delivery.refusedTestDriveHint(kind: kind) }
}

/// A declaration key a kind takes, and whether it must be present.
package struct KindKey {
    var definition: LanguageKey
    var requirement: Requirement
    /// What the decoder's hint asks for when a declaration of the kind lacks the key, if the
    /// key's own ``LanguageKey/missingHint`` does not fit the kind.
    var missingHint: String? = nil
    /// What the key means for the kind, when a key several kinds share means something of its own
    /// in each: the key's description ends with each kind's, so no description lists kinds by hand.
    var meaning: String? = nil
}

extension LanguageKey {
    /// This key, taken by a kind that requires it.
    package var required: KindKey { KindKey(definition: self, requirement: .required) }
    /// This key, taken by a kind that requires it and says what to add when it is missing, in
    /// its own words: a key several kinds share means something else in each.
    package func required(missingHint: String, meaning: String? = nil) -> KindKey {
        KindKey(definition: self, requirement: .required, missingHint: missingHint, meaning: meaning)
    }
    /// This key, taken by a kind that may leave it out.
    package var optional: KindKey { KindKey(definition: self, requirement: .optional) }
    /// This key, taken by a kind that may leave it out, with what it means for the kind.
    package func optional(meaning: String) -> KindKey {
        KindKey(definition: self, requirement: .optional, meaning: meaning)
    }
}

extension KindDelivery {
    /// The declaration keys every kind of this delivery takes, after the kind's own.
    var keys: [KindKey] {
        switch self {
        case .push: [SharedDeclarationKeys.whenNoDemand.optional, SharedDeclarationKeys.start.optional]
        case .pull: []
        }
    }
}
