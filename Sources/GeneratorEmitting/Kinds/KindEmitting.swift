import GeneratorLanguage
import GeneratorModel

/// How one kind is emitted: the render stage's part of a kind's unit. Every requirement is a part a
/// kind must have, so a new kind that lacks one does not compile; parts a kind does not use say so
/// (an empty list, `nil`).
package protocol KindEmitting: KindLanguage {
    /// The kind's model, as its decoding made it.
    associatedtype Source: KindSource

    /// The kind's declaration in the starter schema `publisher-generator init` writes, as YAML
    /// lines indented for the `publishers:` list with a comment above; `nil` when it needs an SDK a
    /// new user may not have.
    static var starterSchemaEntry: String? { get }

    /// Modules the generated file must import for this source, besides the schema's `imports`.
    static func imports(for source: Source) -> [String]

    /// The owner of the declaration's generated text.
    static func emitter(for source: Source, text: DeclarationText) -> any KindEmitter

    /// Text the file's declarations of this kind share, printed after them all (the delegate
    /// proxies); nothing for kinds whose declarations share nothing.
    static func printShared(_ texts: [DeclarationText], to printer: inout SwiftPrinter)
}

extension KindEmitting {
    /// The unit's parts for a source of any kind; the declaration's kind decoded it, so it is this
    /// unit's model.
    package static func emittedSource(_ source: any KindSource) -> Source {
        guard let source = source as? Source else {
            preconditionFailure("a \(kind) declaration holds a \(type(of: source))")
        }
        return source
    }

    static func imports(forAny source: any KindSource) -> [String] {
        imports(for: emittedSource(source))
    }

    static func emitter(forAny source: any KindSource, text: DeclarationText) -> any KindEmitter {
        emitter(for: emittedSource(source), text: text)
    }
}
