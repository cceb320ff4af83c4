import PublisherGeneratorCore
import Testing

@testable import GeneratorValidating

/// The words each kind's unit lists for the "did you mean" of an unknown kind
/// (`KindDescription.synonyms`): written as they are compared, and none claimed by two kinds, so
/// that a hint never depends on the order the kinds are registered in.
@Suite struct KindSynonymsTests {
    static let language = KindRegistry.standard.language

    @Test func everySynonymIsWrittenAsItIsCompared() {
        for kind in Self.language.kinds {
            for word in Self.language.kind(of: kind)?.synonyms ?? [] {
                #expect(KindSynonyms.normalized(word) == word, "\(kind.rawValue): '\(word)'")
            }
        }
    }

    @Test func noWordNamesTwoKinds() {
        let words = Self.language.kinds.flatMap { Self.language.kind(of: $0)?.synonyms ?? [] }
        #expect(Set(words).count == words.count)
    }

    @Test func aSynonymSuggestsItsKind() {
        #expect(KindSynonyms.didYouMean("Notification-Center", in: Self.language) == "did you mean 'callback'? ")
        #expect(KindSynonyms.didYouMean("timer", in: Self.language) == "did you mean 'periodic'? ")
    }
}
