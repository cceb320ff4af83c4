// MARK: - Clock iterations

/// One iteration of a periodic sequence: ticks every `interval` on a clock, from the first `next()`
/// (or the iterator's creation for `.onSubscribe`).
///
/// A tick that comes while the consumer is not awaiting (it is busy with an earlier tick) follows
/// the no-demand policy, as a value the source sends then would: dropped, the latest kept, or up to
/// the buffer's capacity kept; `next()` returns kept ticks at once. The value of a tick is
/// evaluated when `next()` returns it. A cancelled task's `next()` returns `nil`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
nonisolated struct TickIteration {
    /// Time since the iteration started, on its clock.
    private let elapsed: () -> Duration
    /// Sleeps until that much time since the start has passed; throws when the task is cancelled.
    private let sleep: (Duration) async throws -> Void
    private let interval: Duration
    private let policy: NoDemandPolicy
    private let start: SourceStart
    private var isStarted = false
    /// The first tick not yet delivered or dropped, as time since the start.
    private var nextTick: Duration
    /// Ticks kept for the consumer by the policy.
    private var kept = 0
    private var isOver = false

    /// `interruption`, when given, can end a sleep early (``OwnedTickIteration``: the owner is
    /// deallocated), after which the iteration is over.
    init<C: Clock>(
        clock: C, interval: Duration, whenNoDemand policy: NoDemandPolicy, start: SourceStart,
        interruption: TickInterruption? = nil
    ) where C.Duration == Duration {
        // The clock's instant is fixed at the first use of `elapsed`, which starts the iteration.
        let origin = Origin(clock)
        elapsed = { origin.elapsed() }
        if let interruption {
            sleep = { offset in try await interruption.sleep { try await origin.sleep(until: offset) } }
        } else {
            sleep = { offset in try await origin.sleep(until: offset) }
        }
        self.interval = interval
        self.policy = policy
        self.start = start
        nextTick = interval
        if start == .onSubscribe { begin() }
    }

    /// `true` for a tick, `false` once the iteration is over.
    mutating func next() async -> Bool {
        guard !isOver else { return false }
        guard !Task.isCancelled else {
            isOver = true
            return false
        }
        begin()
        keepMissedTicks()
        if kept > 0 {
            kept -= 1
            return true
        }
        do {
            try await sleep(nextTick)
        } catch {
            isOver = true
            return false
        }
        nextTick += interval
        return true
    }

    private mutating func begin() {
        guard !isStarted else { return }
        isStarted = true
        _ = elapsed()
    }

    /// Applies the policy to the ticks that came since the last one, while the consumer was not
    /// awaiting.
    private mutating func keepMissedTicks() {
        let now = elapsed()
        guard nextTick <= now else { return }
        var missed = Int(((now - nextTick) / interval).rounded(.down)) + 1
        // Division rounds; make `nextTick` the first tick after `now` exactly.
        while nextTick + interval * missed <= now { missed += 1 }
        while missed > 1, nextTick + interval * (missed - 1) > now { missed -= 1 }
        nextTick += interval * missed
        switch policy {
        case .drop: break
        case .latest: kept = 1
        case let .buffer(capacity, _): kept = Swift.min(capacity, kept + missed)
        case .unbounded: kept += missed
        }
    }

    /// The clock and the instant the iteration started, fixed by the first `elapsed()`. Unchecked
    /// `Sendable`: an interruptible sleep runs in a task of its own, while the consumer awaits it.
    private nonisolated final class Origin<C: Clock>: @unchecked Sendable where C.Duration == Duration {
        private let clock: C
        // Read and written only by the iteration's consumer, one call at a time.
        private var instant: C.Instant?

        init(_ clock: C) {
            self.clock = clock
        }

        func elapsed() -> Duration {
            let now = clock.now
            guard let instant else {
                instant = now
                return .zero
            }
            return instant.duration(to: now)
        }

        func sleep(until offset: Duration) async throws {
            let origin = instant ?? clock.now
            try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil)
        }
    }
}
