public final class WordList {
    private var words: [String]

    public init(_ words: [String]) { self.words = words }

    public func popFirst() -> String? { words.isEmpty ? nil : words.removeFirst() }
}
