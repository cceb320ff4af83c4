// MARK: - Pull sequences

/// The sequence of a polling declaration (its `<Name>Sequence` is a typealias of this type, with
/// the declaration's tag as `Source`): asks its source for the next value once per `next()` of an
/// iterator, on the consumer's task, never ahead of time and never concurrently; `nil` ends the
/// iteration and a failure is thrown. A cancelled task's `next()` returns `nil` without asking
/// (`PullIteration`).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public nonisolated struct PullSequence<Element, Failure: Error, Source: DeclaredSource>: AsyncSequence {
    /// `next`, writing a `Result`, as in a publisher.
    private let next: PullIteration<Element, Failure>.Next

    /// Creates the sequence from a plain closure, e.g. to drive it by hand in tests.
    ///
    /// - Parameter next: Returns the next value, or `nil` at the end; an error it throws is thrown
    ///   by the iterator's `next()`.
    public init(next: @escaping () throws(Failure) -> Element?) {
        self.init(pulling: { (result: inout Result<Element?, Failure>) in
            do throws(Failure) {
                result = .success(try next())
            } catch {
                result = .failure(error)
            }
        })
    }

    /// Creates the sequence from a function that writes the next value or the failure.
    init(pulling next: @escaping (inout Result<Element?, Failure>) -> Void) {
        self.next = next
    }

    /// A new iteration, from the source's next value.
    public func makeAsyncIterator() -> Iterator {
        Iterator(PullIteration(next: next))
    }

    /// One consumer's iteration. Not `Sendable`: one task awaits its `next()`; to consume the
    /// sequence in several tasks, give each its own iterator.
    public nonisolated struct Iterator: AsyncIteratorProtocol {
        private var pulling: PullIteration<Element, Failure>

        fileprivate init(_ pulling: PullIteration<Element, Failure>) {
            self.pulling = pulling
        }

        /// The source's next value; `nil` at its end, once the task is cancelled, and after a
        /// failure.
        public mutating func next() async throws(Failure) -> Element? {
            try pulling.next()
        }

        /// `next()` on the caller's actor: what a `for await` loop calls (Swift 6 runtimes), so a
        /// loop on the main actor stays there.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            try pulling.next()
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@available(*, unavailable)
nonisolated extension PullSequence.Iterator: Sendable {}
