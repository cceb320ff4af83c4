// MARK: - Tick sequences

/// The sequence of a periodic declaration (its `<Name>Sequence` is a typealias of this type, with
/// the declaration's tag as `Source`): each iteration ticks on a clock (``TickIteration``), and
/// `value` is evaluated as each tick is returned. The declaration's initializer, in an extension of
/// its typealias, gives the clock, the interval, the no-demand policy and when it starts.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public nonisolated struct PeriodicTicks<Element, Source: DeclaredSource>: AsyncSequence {
    public typealias Failure = Never

    private let makeTicks: () -> TickIteration
    private let value: () -> Element

    /// Creates the sequence whose iterations tick every `interval` on `clock`, each tick's value
    /// made by `value` as it is returned.
    init<C: Clock>(
        clock: C, interval: Duration, whenNoDemand policy: NoDemandPolicy, start: SourceStart,
        value: @escaping () -> Element
    ) where C.Duration == Duration {
        makeTicks = { TickIteration(clock: clock, interval: interval, whenNoDemand: policy, start: start) }
        self.value = value
    }

    /// A new iteration, with its own ticks.
    public func makeAsyncIterator() -> Iterator {
        Iterator(ticks: makeTicks(), value: value)
    }

    /// One consumer's iteration. Not `Sendable`: one task awaits its `next()`; to consume the
    /// sequence in several tasks, give each its own iterator. No `next(isolation:)`: the wait is on
    /// the clock's own terms, and a hop there costs nothing.
    public nonisolated struct Iterator: AsyncIteratorProtocol {
        private var ticks: TickIteration
        private let value: () -> Element

        fileprivate init(ticks: TickIteration, value: @escaping () -> Element) {
            self.ticks = ticks
            self.value = value
        }

        /// The value of the next tick; `nil` once the task is cancelled.
        public mutating func next() async -> Element? {
            await ticks.next() ? value() : nil
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
@available(*, unavailable)
nonisolated extension PeriodicTicks.Iterator: Sendable {}
