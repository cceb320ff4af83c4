// MARK: - Ticks that end with their owner

/// One iteration of a periodic sequence whose value is read on an owner: the ticks of
/// ``TickIteration``, each one's value evaluated on the owner as `next()` returns it. For a
/// declaration with `lifetime: endsWithOwner`, the owner is held through an ``OwnerHold`` (weakly
/// where ``OwnerLifetime`` finds its deallocation at once), and the iteration ends when it is
/// deallocated: a `next()` asleep until the next tick returns `nil` at once, and so does every
/// later one, kept ticks included (their values were to be read on the owner). Without an owner
/// (the sequence's own initializer) it is a ``TickIteration`` and a value function.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
nonisolated struct OwnedTickIteration<Element> {
    private var ticks: TickIteration
    /// The value of a tick; `nil` once the owner is gone.
    private let value: () -> Element?
    /// Ends a sleep when the owner is deallocated; stops watching it when the iteration is released.
    private let interruption: TickInterruption?

    /// Ticks whose value is `value`, with no owner to end with.
    init<C: Clock>(
        clock: C, interval: Duration, whenNoDemand policy: NoDemandPolicy, start: SourceStart,
        value: @escaping () -> Element
    ) where C.Duration == Duration {
        ticks = TickIteration(clock: clock, interval: interval, whenNoDemand: policy, start: start)
        self.value = value
        interruption = nil
    }

    /// Ticks whose value is `value` of `hold`'s owner, ending when it is deallocated.
    init<C: Clock, Owner: AnyObject>(
        clock: C, interval: Duration, whenNoDemand policy: NoDemandPolicy, start: SourceStart,
        owner hold: OwnerHold<Owner>, value: @escaping (Owner) -> Element
    ) where C.Duration == Duration {
        let interruption = TickInterruption(watching: hold)
        ticks = TickIteration(
            clock: clock, interval: interval, whenNoDemand: policy, start: start, interruption: interruption)
        self.value = { hold.owner.map(value) }
        self.interruption = interruption
    }

    /// The value of the next tick; `nil` once the task is cancelled or the owner is gone.
    mutating func next() async -> Element? {
        guard await ticks.next(), let value = value() else {
            // Over: a later call ends at once, without sleeping.
            interruption?.interrupt()
            return nil
        }
        return value
    }
}

/// Ends an ``OwnedTickIteration``'s sleep when its owner is deallocated: each sleep runs in a task
/// of its own, which the owner's deallocation cancels (a clock's sleep cannot be woken otherwise).
/// Only iterations of an owner pay for that task.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
nonisolated final class TickInterruption: @unchecked Sendable {
    private let lock = GeneratedPublisherLock()
    // Guarded by `lock`.
    private var isInterrupted = false
    private var sleeper: Task<Void, any Error>?
    /// Stops watching the owner: set once, in `init`.
    private var stopWatching: () -> Void = {}

    /// Interrupts when `hold`'s owner is deallocated (at once when it is gone already).
    init<Owner: AnyObject>(watching hold: OwnerHold<Owner>) {
        guard let owner = hold.owner else {
            isInterrupted = true
            return
        }
        // Weakly: the owner keeps the watch, and the watch must not keep the iteration's state.
        let lifetime = withExtendedLifetime(owner) { hold.watch { [weak self] in self?.interrupt() } }
        stopWatching = { lifetime?.stopWatching(hold.owner) }
    }

    deinit { stopWatching() }

    /// Ends the sleep under way, if any, and every later one at its start.
    func interrupt() {
        lock.lock()
        isInterrupted = true
        let sleeper = sleeper
        self.sleeper = nil
        lock.unlock()
        sleeper?.cancel()
    }

    /// Runs `body` (a clock's sleep) in a task that the owner's deallocation and the caller's
    /// cancellation cancel; throws when cancelled either way.
    func sleep(_ body: @escaping @Sendable () async throws -> Void) async throws {
        let task = Task { try await body() }
        lock.lock()
        guard !isInterrupted else {
            lock.unlock()
            task.cancel()
            throw CancellationError()
        }
        sleeper = task
        lock.unlock()
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
