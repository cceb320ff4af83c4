public final class WordList {
    private var words: [String]
    /// How many times `popFirst` was called: the generated owner-driven tests count pulls with it.
    public private(set) var pullCount = 0

    public init(_ words: [String]) { self.words = words }

    public func popFirst() -> String? {
        pullCount += 1
        return words.isEmpty ? nil : words.removeFirst()
    }
}
