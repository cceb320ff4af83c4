import GeneratorLanguage

/// The words people write for a kind when they think of the API they are wrapping, not of the
/// kind's name: `kind: notification` is a callback source (`addObserver` / `removeObserver`),
/// `kind: timer` a periodic one. No edit distance finds those (`observable` is four edits from
/// `observation`), so each kind's unit lists its own (``KindDescription/synonyms``), for the "did
/// you mean" of an unknown kind.
///
/// Words are compared without case, `-`, `_` or spaces (`delegate-proxy`, `Delegate_Proxy`). A word
/// that names two kinds equally well (`stream`, `publisher`) is not listed: a hint that may be wrong
/// is worse than the list of kinds the message already gives.
enum KindSynonyms {
    /// `word` lowered, without the separators people put between its parts.
    static func normalized(_ word: String) -> String {
        String(word.lowercased().filter { !"-_ ".contains($0) })
    }

    /// The hint's start for an unknown kind: "did you mean 'observation'? " for a word one of
    /// `language`'s kinds lists among its synonyms (``KindDescription/synonyms``), a near miss
    /// (`poling`, `Target-Action`) or a word that shares a long part with one kind (`action`);
    /// nothing otherwise.
    static func didYouMean(_ word: String, in language: SchemaLanguage) -> String {
        let key = normalized(word)
        let kinds = language.kinds
        if let kind = kinds.first(where: { language.kind(of: $0)?.synonyms.contains(key) == true }) {
            return "did you mean '\(kind.rawValue)'? "
        }
        return NearestMatch.didYouMean(key, amongValues: kinds.map(\.rawValue))
    }
}
