// MARK: - Push sequences

/// The tag of a push declaration whose sequence is a ``PushSequence``: how an iteration treats
/// values that come while its consumer does not await one, and when it attaches.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public nonisolated protocol PushSequenceSource: DeclaredSource {
    /// The iterations' no-demand policy and start.
    static var sequenceBehavior: PushBehavior { get }
}

/// The sequence of a push declaration (its `<Name>Sequence` is a typealias of this type, with the
/// declaration's tag as `Source`): it only holds how to attach to the source; each iterator hands
/// that to a `PushIteration`, its own registration, with the tag's
/// ``PushSequenceSource/sequenceBehavior``.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public nonisolated struct PushSequence<Element, Failure: Error, Source: PushSequenceSource>: AsyncSequence {
    /// Sends a value to the iteration; callable from any thread.
    public typealias Send = @Sendable (Element) -> Void
    /// Ends the iteration after the kept values; callable from any thread.
    public typealias Finish = @Sendable () -> Void
    /// Ends the iteration with a failure after the kept values; callable from any thread.
    public typealias Fail = @Sendable (Failure) -> Void
    /// Starts observing, reporting through `send`, `finish` and `fail`, and returns what stops observing.
    public typealias Attach = (@escaping Send, @escaping Finish, @escaping Fail) -> () -> Void

    private let attach: IterationAttachment<Element, Failure>

    /// Creates the sequence from plain closures that start and stop its source, e.g. to drive it
    /// by hand in tests.
    ///
    /// - Parameters:
    ///   - register: Starts observing and reports through `send`, `finish` and `fail`; returns a
    ///     token that identifies the registration. Called once per iteration.
    ///   - unregister: Stops observing; called exactly once per iteration with its token.
    public init<Token>(
        register: @escaping (_ send: @escaping Send, _ finish: @escaping Finish, _ fail: @escaping Fail) -> Token,
        unregister: @escaping (_ token: Token) -> Void = { _ in }
    ) {
        self.init(attaching: { events in
            let token = register({ events.send($0) }, { events.finish() }, { events.fail($0) })
            return { unregister(token) }
        })
    }

    /// Creates the sequence from the engine's attachment, made by the declaration's factory where
    /// the output is known (``PushPublisher`` says why).
    init(attaching attach: @escaping IterationAttachment<Element, Failure>) {
        self.attach = attach
    }

    /// A new iteration, with its own registration with the source.
    public func makeAsyncIterator() -> Iterator {
        let behavior = Source.sequenceBehavior
        return Iterator(
            PushIterationHandle(
                name: Source.name, whenNoDemand: behavior.whenNoDemand, start: behavior.start, attach: attach))
    }

    /// One consumer's iteration. Not `Sendable`: one task awaits its `next()`; to consume the
    /// sequence in several tasks, give each its own iterator.
    public nonisolated struct Iterator: AsyncIteratorProtocol {
        private let handle: PushIterationHandle<Element, Failure>

        fileprivate init(_ handle: PushIterationHandle<Element, Failure>) {
            self.handle = handle
        }

        /// The next value, kept values first; `nil` once the source has finished, once the task
        /// awaiting it is cancelled (the source is then unregistered and kept values are
        /// discarded), and after a failure.
        public mutating func next() async throws(Failure) -> Element? {
            try await handle.iteration.next()
        }

        /// `next()` on the caller's actor: what a `for await` loop calls (Swift 6 runtimes), so a
        /// loop on the main actor stays there.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            try await handle.iteration.next(isolation: actor)
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@available(*, unavailable)
nonisolated extension PushSequence.Iterator: Sendable {}
