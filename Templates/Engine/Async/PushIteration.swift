//
// The engines of the asynchronous sequences generated into this module: one iteration of a source
// that pushes its values, of one pulled on demand, and of a clock that ticks. They
// build on GeneratedPublisherSupport.swift and need neither Combine nor OpenCombine. Emitted once
// per module whose schemas emit the async form.

// MARK: - Push iterations

/// The events a push source sends to an iteration: safe from any thread, any number of times;
/// everything after the first end is ignored. Holds the iteration strongly, so sending loads no
/// weak reference; the iterator's release ends the iteration (``PushIterationHandle``).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct IterationEvents<Output, Failure: Error>: @unchecked Sendable {
    fileprivate let iteration: PushIteration<Output, Failure>

    func send(_ value: Output) { iteration.receive(value) }
    func finish() { iteration.receive(end: .finished) }
    func fail(_ error: Failure) { iteration.receive(end: .failed(error)) }
}

/// Starts a push source with the events it sends through, and returns how to stop it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
typealias IterationAttachment<Output, Failure: Error> = (IterationEvents<Output, Failure>) -> (() -> Void)

/// One iteration of a push sequence: one consumer, one registration with the source.
///
/// A value the source sends while the consumer awaits `next()` goes straight to it; one that comes
/// while the consumer is not awaiting is kept or dropped as the no-demand policy says, and `next()`
/// returns kept values first, oldest first, without suspending. So nothing is buffered beyond the
/// policy, and the one value the consumer awaits is never lost.
///
/// The source is attached by the first `next()` (or by ``start()`` for `.onSubscribe`) and
/// detached exactly once: when it finishes or fails, when the task awaiting `next()` is cancelled
/// (or calls `next()` cancelled), or when the iterator is released before the end
/// (``PushIterationHandle``). An end from the source waits for the kept values: `next()` returns
/// them first, then `nil` or the failure. A cancellation discards them and returns `nil`.
///
/// Nothing user code owns (values, the source's closures) is released and no user code runs while
/// the lock is held, so a source that sends from inside its registration call, or a `deinit` that
/// sends, cannot deadlock.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class PushIteration<Output, Failure: Error>: @unchecked Sendable {
    /// Where the iteration stands with its source.
    private nonisolated enum Source {
        case pending(IterationAttachment<Output, Failure>)
        /// The registration call is running; an end meanwhile leaves the stop to its caller.
        case attaching
        case attached(stop: () -> Void)
        case detached
    }

    /// How the iteration ended.
    fileprivate nonisolated enum End {
        case finished
        case failed(Failure)
        case cancelled
    }

    /// What resumes the consumer: a value, or `nil` for the end. Values cross from the source's
    /// thread to the consumer's as they do through a publisher, unchecked, and are never touched by
    /// two threads at once: the one that sent a value lets go of it.
    private nonisolated struct Delivery: @unchecked Sendable {
        var value: Output?
    }

    private let lock = GeneratedPublisherLock()
    private let name: String
    // Guarded by `lock`; unchecked by the runtime for the reason given in `PushSubscription`.
    @exclusivity(unchecked) private var source: Source
    @exclusivity(unchecked) private var waiting: NoDemandBuffer<Output>
    /// Whether the consumer is inside `next()` and has no value yet.
    @exclusivity(unchecked) private var isAwaiting = false
    /// The suspended consumer, while it waits.
    @exclusivity(unchecked) private var continuation: UnsafeContinuation<Delivery, Never>?
    /// A value sent while the consumer was in `next()` but not yet suspended.
    @exclusivity(unchecked) private var handoff: Output?
    /// Set once, by the source's end or a cancellation; `next()` returns it after the kept values.
    @exclusivity(unchecked) private var end: End?

    init(name: String, whenNoDemand policy: NoDemandPolicy, attach: @escaping IterationAttachment<Output, Failure>) {
        self.name = name
        self.waiting = NoDemandBuffer(policy: policy)
        self.source = .pending(attach)
    }

    deinit {
        // Only reached attached if the source let go of the iteration without being detached;
        // detach all the same, exactly once.
        if case let .attached(stop) = source { stop() }
    }

    /// Attaches the source before the first `next()`: `.onSubscribe`.
    func start() {
        lock.lock()
        attachLocked()
        lock.unlock()
    }

    /// The next value: a kept one at once, else the next one the source sends; `nil` once the source
    /// has finished or the iteration is cancelled, after the kept values. Attaches the source on the
    /// first call.
    ///
    /// Runs on the caller's actor (`isolation`), so a `for await` loop on the main actor does not
    /// hop off it and back for every value.
    func next(isolation: isolated (any Actor)? = #isolation) async throws(Failure) -> Output? {
        // A cancelled consumer gets the end, not what was kept for it, and never attaches.
        guard !Task.isCancelled else {
            cancel()
            return nil
        }
        lock.lock()
        if let value = waiting.takeFirst() {
            lock.unlock()
            return value
        }
        if end != nil { return try endLocked() }
        precondition(!isAwaiting, "\(name): two tasks await next() of one iterator at once")
        isAwaiting = true
        attachLocked()
        if let value = handoff.take() {
            lock.unlock()
            return value
        }
        if end != nil { return try endLocked() }
        lock.unlock()
        // The operation passes `isolation` on, so it is isolated to the caller's actor too: a closure
        // that did not use it would be nonisolated, suspend on the global executor, and resume there
        // before hopping back, so a value or the end would reach a main-actor loop only after
        // whatever the main queue was sent meanwhile, and every value would cost two hops.
        let delivery = await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: isolation) { (continuation: UnsafeContinuation<Delivery, Never>) in
                self.lock.lock()
                if let value = self.handoff.take() {
                    self.lock.unlock()
                    continuation.resume(returning: Delivery(value: value))
                } else if self.end != nil {
                    self.lock.unlock()
                    continuation.resume(returning: Delivery(value: nil))
                } else {
                    self.continuation = continuation
                    self.lock.unlock()
                }
            }
        } onCancel: {
            self.cancel()
        }
        if let value = delivery.value { return value }
        lock.lock()
        return try endLocked()
    }

    /// Whether the consumer is in `next()` without a value yet: a value sent now goes to it, not to
    /// the no-demand policy. Lets tests order a send after the consumer awaits without sleeping.
    var isAwaitingValue: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isAwaiting
    }

    /// Ends the iteration at once: detaches the source, discards what was kept and resumes a waiting
    /// consumer with `nil`. Any thread; only the first end counts.
    func cancel() {
        lock.lock()
        if case .cancelled? = end { return lock.unlock() }
        end = .cancelled
        let continuation = self.continuation.take()
        isAwaiting = false
        let released = (detachLocked(), waiting, handoff.take())
        waiting = NoDemandBuffer(policy: waiting.policy)
        lock.unlock()
        released.0.stop()
        withExtendedLifetime(released) {}
        continuation?.resume(returning: Delivery(value: nil))
    }

    // MARK: Events from the source

    /// Hands `value` to the awaiting consumer, or keeps it as the no-demand policy says.
    fileprivate func receive(_ value: Output) {
        lock.lock()
        guard end == nil else { return lock.unlock() }
        if let continuation = self.continuation.take() {
            isAwaiting = false
            lock.unlock()
            continuation.resume(returning: Delivery(value: value))
            return
        }
        if isAwaiting {
            isAwaiting = false
            handoff = value
            return lock.unlock()
        }
        let displaced = waiting.store(value)
        lock.unlock()
        withExtendedLifetime(displaced) {}
    }

    /// Ends the iteration from the source: detaches it now, and ends the consumer's iteration after
    /// the kept values.
    fileprivate func receive(end: End) {
        lock.lock()
        guard self.end == nil else { return lock.unlock() }
        self.end = end
        // An awaiting consumer has nothing kept: wake it for the end.
        let continuation = self.continuation.take()
        if continuation != nil { isAwaiting = false }
        let released = detachLocked()
        lock.unlock()
        released.stop()
        continuation?.resume(returning: Delivery(value: nil))
    }

    // MARK: Attaching and detaching

    /// Runs the registration call if it has not run, with the lock released; events it sends are
    /// handled as they come. Called with the lock held; returns with it held.
    private func attachLocked() {
        guard case var .pending(attach) = source else { return }
        source = .attaching
        lock.unlock()
        let stop = attach(IterationEvents(iteration: self))
        // Released before relocking: it may hold the last reference to the source's owner.
        attach = { _ in {} }
        lock.lock()
        guard case .attaching = source else {
            // Ended during the registration call: nobody else saw `stop`, so stop here, once.
            lock.unlock()
            stop()
            return lock.lock()
        }
        source = .attached(stop: stop)
    }

    /// What detaching released, to be stopped and let go of after unlocking.
    private nonisolated struct Detached {
        var attach: IterationAttachment<Output, Failure>?
        var stopSource: (() -> Void)?

        func stop() { stopSource?() }
    }

    /// Detaches the source: takes what stops it, or leaves that to a registration call in progress.
    /// Called with the lock held.
    private func detachLocked() -> Detached {
        let previous = source
        source = .detached
        switch previous {
        case let .pending(attach): return Detached(attach: attach, stopSource: nil)
        case let .attached(stop): return Detached(attach: nil, stopSource: stop)
        case .attaching, .detached: return Detached(attach: nil, stopSource: nil)
        }
    }

    /// Returns the end to the consumer, once: later calls get `nil`. Called with the lock held,
    /// nothing kept and `end` set; returns with the lock released.
    private func endLocked() throws(Failure) -> Output? {
        isAwaiting = false
        let reached = end
        if case .failed? = reached { end = .finished }
        lock.unlock()
        if case let .failed(error)? = reached { throw error }
        return nil
    }
}

/// What the iterator of a push sequence holds: its release cancels the iteration, so an iterator
/// dropped before the end detaches the source. Not `Sendable`, like the iterator.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class PushIterationHandle<Output, Failure: Error> {
    let iteration: PushIteration<Output, Failure>

    /// A new iteration, attached at once for `.onSubscribe`.
    init(
        name: String, whenNoDemand policy: NoDemandPolicy, start: SourceStart,
        attach: @escaping IterationAttachment<Output, Failure>
    ) {
        iteration = PushIteration(name: name, whenNoDemand: policy, attach: attach)
        if start == .onSubscribe { iteration.start() }
    }

    deinit { iteration.cancel() }
}
