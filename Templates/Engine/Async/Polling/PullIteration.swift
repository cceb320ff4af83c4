// MARK: - Pull iterations

/// One iteration of a polling sequence: `next` runs once per `next()` of the iterator, on the
/// consumer's task, never ahead of time and never concurrently (the iterator is not `Sendable`).
/// `.success(nil)` finishes, `.failure` fails; both, and a cancelled task, end the iteration, and
/// `next` is let go of and never called again.
///
/// `next` writes a `Result` into its argument for the reasons given in `PullSubscription` (no
/// typed-throws function type is stored, and none is converted on its way).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PullIteration<Output, Failure: Error> {
    typealias Next = (inout Result<Output?, Failure>) -> Void

    private var pull: Next?

    init(next: @escaping Next) {
        pull = next
    }

    mutating func next() throws(Failure) -> Output? {
        guard let pull else { return nil }
        guard !Task.isCancelled else {
            self.pull = nil
            return nil
        }
        var result = Result<Output?, Failure>.success(nil)
        pull(&result)
        switch result {
        case let .success(value?):
            return value
        case .success(nil):
            self.pull = nil
            return nil
        case let .failure(error):
            self.pull = nil
            throw error
        }
    }
}
