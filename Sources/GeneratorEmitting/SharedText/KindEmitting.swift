import GeneratorLanguage
import GeneratorModel

/// How one kind is emitted: the render stage's part of a kind's unit. Every requirement is a part a
/// kind must have, so a new kind that lacks one does not compile; parts a kind does not use say so
/// (an empty list, `nil`).
package protocol KindEmitting: KindLanguage {
    /// The kind's declaration in the starter schema `publisher-generator init` writes, as YAML
    /// lines indented for the `publishers:` list with a comment above; `nil` when it needs an SDK a
    /// new user may not have.
    static var starterSchemaEntry: String? { get }

    /// Modules the generated file must import for this source, besides the schema's `imports`.
    static func imports(for source: Source) -> [String]

    /// The owner of the declaration's generated text.
    static func emitter(for source: Source, text: DeclarationText) -> any KindEmitter

    /// Text the file's declarations of this kind share, printed after them all (the delegate
    /// proxies); nothing for kinds whose declarations share nothing. Each text comes with its
    /// declaration's source.
    static func printShared(_ texts: [(text: DeclarationText, source: Source)], to printer: inout SwiftPrinter)
}

/// The unit's parts for a source of any kind: `nil` when `source` is not this kind's model. The
/// registry finds units by the model's type, so through it the source always is.
extension KindEmitting {
    static func imports(forAny source: any KindSource) -> [String]? {
        (source as? Source).map(imports(for:))
    }

    static func emitter(forAny source: any KindSource, text: DeclarationText) -> (any KindEmitter)? {
        (source as? Source).map { emitter(for: $0, text: text) }
    }

    /// The shared text of those of `texts` whose source is this kind's model.
    static func printShared(ofAny texts: [DeclarationText], to printer: inout SwiftPrinter) {
        let ofKind = texts.compactMap { text in
            (text.declaration.source as? Source).map { (text: text, source: $0) }
        }
        if !ofKind.isEmpty { printShared(ofKind, to: &printer) }
    }
}
