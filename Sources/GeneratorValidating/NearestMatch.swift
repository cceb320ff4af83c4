/// Finds the candidate a misspelt word most likely meant, for "did you mean" hints.
enum NearestMatch {
    /// The closest candidate within a small edit distance, or `nil` when nothing is close enough
    /// to be a plausible typo. Case differences alone always match.
    static func find(_ word: String, in candidates: [String], synonyms: [String: String] = [:]) -> String? {
        if let synonym = synonyms[word], candidates.contains(synonym) { return synonym }
        let lowered = word.lowercased()
        if let sameLetters = candidates.first(where: { $0.lowercased() == lowered }) { return sameLetters }
        let allowance = max(1, min(3, word.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= allowance, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// For a word that should be one of a key's few enumerated values (`kind`, `whenNoDemand`,
    /// `start`, `isolation`, ...): the edit-distance match, or else the one value that contains the
    /// word or that the word contains, ignoring case (`keepLatest` → `latest`, `main` → `mainActor`).
    /// A value list is short and its words differ, so a shared part is a plausible intent; keys are
    /// not matched this way, as many contain short words such as `on`.
    static func findValue(_ word: String, in values: [String]) -> String? {
        if let near = find(word, in: values) { return near }
        let lowered = word.lowercased()
        let overlapping = values.filter { value in
            let candidate = value.lowercased()
            let shorter = min(candidate.count, lowered.count)
            return shorter >= minimumSharedLength && (candidate.contains(lowered) || lowered.contains(candidate))
        }
        // `dropLatest` holds both `drop` and `latest`: two readings, so neither is suggested.
        return overlapping.count == 1 ? overlapping[0] : nil
    }

    /// The start of an unknown value's hint: "did you mean 'latest'? ", or nothing.
    static func didYouMean(_ word: String, amongValues values: [String]) -> String {
        findValue(word, in: values).map { "did you mean '\($0)'? " } ?? ""
    }

    /// Shorter shared text (`on`, `a`) says nothing about which value was meant.
    private static let minimumSharedLength = 3

    /// Levenshtein distance, with a transposition counted as one edit (`ouptut` → `output`).
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
