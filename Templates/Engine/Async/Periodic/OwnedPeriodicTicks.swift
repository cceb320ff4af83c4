// MARK: - Tick sequences that end with their owner

/// The sequence of a periodic declaration with `lifetime: endsWithOwner` (its `<Name>Sequence` is a
/// typealias of this type, with the declaration's tag as `Source`): each iteration is an
/// ``OwnedTickIteration``, of the owner the declaration's factory passes, or of none for the
/// sequence's own initializer. The declaration's initializers, in an extension of its typealias,
/// give the clock, the interval, the no-demand policy and when it starts.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public nonisolated struct OwnedPeriodicTicks<Element, Source: DeclaredSource>: AsyncSequence {
    public typealias Failure = Never

    private let makeTicks: () -> OwnedTickIteration<Element>

    /// Creates the sequence whose iterations tick every `interval` on `clock`, with no owner, each
    /// tick's value made by `value` as it is returned.
    init<C: Clock>(
        clock: C, interval: Duration, whenNoDemand policy: NoDemandPolicy, start: SourceStart,
        value: @escaping () -> Element
    ) where C.Duration == Duration {
        makeTicks = {
            OwnedTickIteration(clock: clock, interval: interval, whenNoDemand: policy, start: start, value: value)
        }
    }

    /// Creates the sequence whose iterations tick every `interval` on `clock`, each tick's value
    /// made by `value` on `hold`'s owner as it is returned; an iteration ends when the owner is
    /// deallocated.
    init<C: Clock, Owner: AnyObject>(
        clock: C, interval: Duration, whenNoDemand policy: NoDemandPolicy, start: SourceStart,
        owner hold: OwnerHold<Owner>, value: @escaping (Owner) -> Element
    ) where C.Duration == Duration {
        makeTicks = {
            OwnedTickIteration(
                clock: clock, interval: interval, whenNoDemand: policy, start: start, owner: hold, value: value)
        }
    }

    /// A new iteration, with its own ticks.
    public func makeAsyncIterator() -> Iterator {
        Iterator(ticks: makeTicks())
    }

    /// One consumer's iteration. Not `Sendable`: one task awaits its `next()`; to consume the
    /// sequence in several tasks, give each its own iterator. No `next(isolation:)`: the wait is on
    /// the clock's own terms, and a hop there costs nothing.
    public nonisolated struct Iterator: AsyncIteratorProtocol {
        private var ticks: OwnedTickIteration<Element>

        fileprivate init(ticks: OwnedTickIteration<Element>) {
            self.ticks = ticks
        }

        /// The value of the next tick; `nil` once the task is cancelled or the owner is gone.
        public mutating func next() async -> Element? {
            await ticks.next()
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
@available(*, unavailable)
nonisolated extension OwnedPeriodicTicks.Iterator: Sendable {}
