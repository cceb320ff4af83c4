import GeneratorEmitting
import GeneratorLanguage
import GeneratorModel
import GeneratorValidating

/// `kind: polling`: a pull source. `next` is asked for a value only while the subscriber has
/// demand; `nil` finishes, a thrown error fails.
package enum PollingKind: KindDecoding, KindEmitting {
    package typealias Source = PollingSource
    package static let namesInScope = ["publisherNext"]

    package static let language = KindDescription(
        summary: "a pull source asked by `next` only while there is demand",
        description:
            "kind polling: a pull source. `next` is asked for a value only while the subscriber has outstanding demand; `nil` finishes, a thrown error fails. Pulling needs no whenNoDemand or start policy.",
        synonyms: ["poll", "pull", "pulling", "iterator", "next"],
        snippet: LanguageSnippet(
            label: "polling publisher",
            description: "A pull source: next is asked only while the subscriber has demand; nil finishes.",
            body: .fields([
                "name": "${1:Lines}", "kind": .string(kind.rawValue), "on": "${2:Owner}",
                "output": "${3:String}", "next": "${4:readLine()}",
            ])))

    package static let keys = [
        SharedDeclarationKeys.failureSample.optional,
        SharedDeclarationKeys.test.optional,
        SharedDeclarationKeys.owner.optional,
        SharedDeclarationKeys.factoriesOn.optional,
        SharedDeclarationKeys.failure.optional,
        next.required,
    ]

    static let next = LanguageKey(
        "next", .swiftCode, .perKind,
        summary: "returns `Output?`: `nil` finishes, a thrown error fails",
        description:
            "A Swift expression evaluated on the owner that returns the next value as `Output?`, e.g. `provideNextImage()`. It is asked only while the subscriber has outstanding demand; `nil` finishes the publisher and a thrown error fails it (declare `failure`).",
        missingHint: "add 'next:' with a Swift expression returning the next value, or nil at the end",
        synonyms: ["pull"])

    package static let starterSchemaEntry: String? =
        """
          # A pull source: 'next' is asked only while the subscriber wants more; nil ends the stream.
          - name: Lines
            kind: polling
            on: LineReader
            output: String
            next: readLine()
        """
}

extension PublisherKind {
    public static let polling = PublisherKind(spelling: "polling")
}
