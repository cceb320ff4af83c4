/// The words people write for a kind when they think of the API they are wrapping, not of the
/// kind's name: `kind: notification` is a callback source (`addObserver` / `removeObserver`),
/// `kind: timer` a periodic one. No edit distance finds those (`observable` is four edits from
/// `observation`), so they are listed, for the "did you mean" of an unknown kind.
///
/// Words are compared without case, `-`, `_` or spaces (`delegate-proxy`, `Delegate_Proxy`). A word
/// that names two kinds equally well (`stream`, `publisher`) is not listed: a hint that may be wrong
/// is worse than the list of kinds the message already gives.
enum KindSynonyms {
    /// The kind each word most likely means, by the word as ``normalized(_:)`` makes it.
    static let table: [String: String] = [
        // Registration APIs, which take a closure and give back something to remove.
        "notification": "callback", "notifications": "callback", "notificationcenter": "callback",
        "kvo": "callback", "keyvalueobserving": "callback", "keyvalueobservation": "callback",
        "keypath": "callback", "observer": "callback", "closure": "callback", "handler": "callback",
        "listener": "callback", "register": "callback", "callbacks": "callback",
        // Values pulled one at a time.
        "poll": "polling", "pull": "polling", "pulling": "polling", "iterator": "polling", "next": "polling",
        // Controls and gesture recognizers.
        "action": "targetAction", "control": "targetAction", "controlevent": "targetAction",
        "uicontrol": "targetAction", "target": "targetAction", "gesture": "targetAction",
        "gesturerecognizer": "targetAction",
        // Ticks on a scheduler or a clock.
        "timer": "periodic", "interval": "periodic", "tick": "periodic", "ticks": "periodic",
        "schedule": "periodic", "scheduled": "periodic", "repeating": "periodic",
        // Delegate methods, through the shared proxy.
        "delegateproxy": "delegate", "proxy": "delegate", "delegatemethod": "delegate",
        "delegates": "delegate",
        // `@Observable` models.
        "observable": "observation", "observed": "observation", "observedmodel": "observation",
        "observablemodel": "observation", "observationtracking": "observation",
        "withobservationtracking": "observation", "model": "observation",
    ]

    /// `word` lowered, without the separators people put between its parts.
    static func normalized(_ word: String) -> String {
        String(word.lowercased().filter { !"-_ ".contains($0) })
    }

    /// The hint's start for an unknown kind: "did you mean 'observation'? " for a listed word, a
    /// near miss (`poling`, `Target-Action`) or a word that shares a long part with one kind
    /// (`action`); nothing otherwise. A kind missing from `kinds` is never suggested.
    static func didYouMean(_ word: String, amongKinds kinds: [String]) -> String {
        let key = normalized(word)
        if let kind = table[key], kinds.contains(kind) { return "did you mean '\(kind)'? " }
        return NearestMatch.didYouMean(key, amongValues: kinds)
    }
}
