#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The subscription of every generated publisher whose source pushes its values.
///
/// One thread at a time delivers (the *drainer*), from `receive(subscription:)` on: while the
/// subscriber is handed its subscription, while the source is being attached and while a value is
/// delivered, a value that arrives on any thread is paid for with demand and queued for the
/// drainer. So calls into the subscriber never overlap, never run inside `receive(subscription:)`
/// or the source's registration call, and a re-entrant `request` or `send` from inside
/// `receive(_:)` only adds to the queue: the stack stays flat.
///
/// The source is detached exactly once: when it ends (finishes or fails), or on cancel, whichever
/// comes first. An end detaches it at once, on the thread that sent the end, whatever still waits
/// for demand; an end sent during the source's registration call detaches it as soon as that call
/// returns, before anything is delivered. A cancel after the end does not detach again.
///
/// The completion itself waits for the values already paid for with demand and for those kept for
/// lack of demand: kept values are delivered as demand arrives, and the completion (a failure too)
/// right after the last of them; at once when nothing is kept. Cancel discards everything. A
/// `cancel()` from another thread while the source's registration call runs waits for that call to
/// return, then detaches: once `cancel()` has returned the source is never attached.
///
/// Nothing the subscription holds for user code (the subscriber, values, the source's closures) is
/// released while the lock is held: it is moved out and released after unlocking.
///
/// Generic over the values, not the subscriber: the generated publisher's concrete `Output` and
/// `Failure` let the compiler specialise every step of delivery, and the one call into the
/// subscriber goes through ``SubscriberBox``.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class PushSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Downstream = SubscriberBox<Output, Failure>

    private let lock = GeneratedPublisherLock()
    private let name: String
    private let start: SourceStart
    private let hold: SourceHold
    // Guarded by `lock`, which is what makes every access exclusive (`deinit` aside, which runs
    // alone). `@exclusivity(unchecked)` spares each access the runtime's exclusivity check, a
    // thread-local lookup that cost more than the rest of a delivery; ThreadSanitizer still sees
    // every access.
    @exclusivity(unchecked) private var downstream: Downstream?
    @exclusivity(unchecked) private var attach: SourceAttachment<Output, Failure>?
    @exclusivity(unchecked) private var detach: (() -> Void)?
    @exclusivity(unchecked) private var demand = DemandLedger()
    @exclusivity(unchecked) private var waiting: NoDemandBuffer<Output>
    @exclusivity(unchecked) private var ready = ReadyQueue<Output>()
    @exclusivity(unchecked) private var isDraining = false
    @exclusivity(unchecked) private var pendingCompletion: Subscribers.Completion<Failure>?
    /// The thread running the source's registration call, while it runs.
    @exclusivity(unchecked) private var attachingThread: pthread_t?

    init(
        name: String, downstream: Downstream, whenNoDemand policy: NoDemandPolicy, start: SourceStart,
        hold: SourceHold = .strong, attach: @escaping SourceAttachment<Output, Failure>
    ) {
        self.name = name
        self.downstream = downstream
        self.waiting = NoDemandBuffer(policy: policy)
        self.start = start
        self.hold = hold
        self.attach = attach
    }

    deinit {
        // Only reached with a source attached if the source let go of its observer without being
        // detached (nor ending); detach all the same, exactly once.
        detach?()
    }

    var description: String { name }

    /// Hands the subscription to the subscriber as the drainer, so that nothing reaches the
    /// subscriber before `receive(subscription:)` returns; then starts the source for
    /// `.onSubscribe`, or for `.onDemand` when demand came meanwhile, and delivers what is due.
    func begin() {
        lock.lock()
        guard let subscriber = downstream else { return lock.unlock() }
        isDraining = true
        lock.unlock()
        // A subscriber that does not keep a `.weak` subscription cancels it on return from here.
        let subscription: any Subscription = hold == .strong ? self : ReleaseCancellingSubscription(self)
        subscriber.receive(subscription: subscription)
        _ = consume subscriber
        lock.lock()
        if downstream != nil, attach != nil, start == .onSubscribe || demand.hasDemand {
            attachLocked()
        } else {
            drainLocked()
        }
        withExtendedLifetime(subscription) {}
    }

    // MARK: Subscription

    func request(_ demand: Subscribers.Demand) {
        // `.none` adds nothing: accepted as a no-op rather than trapped.
        guard demand != .none else { return }
        lock.lock()
        guard downstream != nil else { return lock.unlock() }
        self.demand.grant(demand)
        guard !isDraining else { return lock.unlock() }
        if start == .onDemand, attach != nil {
            isDraining = true
            return attachLocked()
        }
        guard !waiting.isEmpty else { return lock.unlock() }
        isDraining = true
        drainLocked()
    }

    func cancel() {
        lock.lock()
        // A registration call in progress on another thread ends first, so that a returned cancel
        // means the source is never attached afterwards. (One on this thread: it called us.)
        while let attaching = attachingThread, pthread_equal(attaching, pthread_self()) == 0 { lock.wait() }
        guard downstream != nil else { return lock.unlock() }
        let released = releaseAll()
        lock.unlock()
        released.stop()
    }

    // MARK: Events from the source

    /// Delivers `value` now if no other thread is delivering, queues it behind that delivery, or
    /// keeps it for later demand as the no-demand policy says.
    func receive(_ value: Output) {
        lock.lock()
        guard downstream != nil, pendingCompletion == nil else { return lock.unlock() }
        // Values kept for lack of demand are older than this one: they take the demand first.
        settleLocked()
        guard demand.consumeOne() else {
            let displaced = waiting.store(value)
            lock.unlock()
            withExtendedLifetime(displaced) {}
            return
        }
        if isDraining || !ready.isEmpty {
            ready.append(value)
            if isDraining { return lock.unlock() }
            isDraining = true
            return drainLocked()
        }
        isDraining = true
        let subscriber = downstream.unsafelyUnwrapped
        lock.unlock()
        let more = subscriber.receive(value)
        _ = consume subscriber
        lock.lock()
        demand.grant(more)
        drainLocked()
    }

    /// Detaches the source at once, then ends the stream once the values already paid for and the
    /// values kept for lack of demand are delivered; at once when there are none.
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, pendingCompletion == nil else { return lock.unlock() }
        pendingCompletion = completion
        // A drainer on another thread delivers it after what is queued; otherwise this thread drains,
        // and is the drainer while it detaches, so that nothing is delivered before the source is let
        // go of.
        let drains = !isDraining
        isDraining = true
        // The source has ended: let go of it now, whatever waits for demand. During its registration
        // call there is nothing to take yet: the call's caller detaches it when the call returns.
        let ended = detach.take()
        lock.unlock()
        ended?()
        _ = consume ended
        guard drains else { return }
        lock.lock()
        drainLocked()
    }

    // MARK: Delivery

    /// Attaches the source as the drainer, so that events it sends during attachment are queued
    /// and delivered after it returns, then delivers what demand allows. Called with the lock held,
    /// `attach` set and `isDraining` set; returns with the lock released.
    private func attachLocked() {
        let attach = self.attach.unsafelyUnwrapped
        self.attach = nil
        attachingThread = pthread_self()
        lock.unlock()
        let stop = attachUnlocked(attach)
        lock.lock()
        attachingThread = nil
        lock.broadcast()
        guard downstream != nil, pendingCompletion == nil else {
            // Cancelled, or ended, during the registration call: nobody else saw `stop`, so stop
            // here, exactly once, before delivering anything.
            let ended = downstream != nil
            lock.unlock()
            stop()
            _ = consume stop
            guard ended else { return }
            // What waits for demand, then the completion, is still delivered.
            lock.lock()
            return drainLocked()
        }
        detach = stop
        drainLocked()
    }

    /// Runs `attach`, and releases it before returning (it may hold the last reference to the
    /// source's owner).
    private func attachUnlocked(_ attach: consuming @escaping SourceAttachment<Output, Failure>) -> () -> Void {
        let stop = attach(events)
        _ = consume attach
        return stop
    }

    /// Moves waiting values that outstanding demand can pay for into the ready queue, oldest first,
    /// so that no later value overtakes them. Called with the lock held.
    private func settleLocked() {
        while !waiting.isEmpty, demand.consumeOne() {
            ready.append(waiting.takeFirst().unsafelyUnwrapped)
        }
    }

    /// The drainer's loop: delivers queued and waiting values while demand allows, then a pending
    /// completion once nothing is kept. Called with the lock held and `isDraining` set; returns with
    /// the lock released.
    private func drainLocked() {
        // The common case, nothing queued, leaves without touching the subscriber reference.
        while !ready.isEmpty || !waiting.isEmpty || pendingCompletion != nil, downstream != nil {
            // Each value goes straight into `deliverUnlocked`, which releases it before relocking.
            if !ready.isEmpty {
                deliverUnlocked(ready.popFirst().unsafelyUnwrapped)
            } else if !waiting.isEmpty {
                guard demand.consumeOne() else { break }
                deliverUnlocked(waiting.takeFirst().unsafelyUnwrapped)
            } else {
                let subscriber = downstream.unsafelyUnwrapped
                let completion = pendingCompletion.unsafelyUnwrapped
                let released = releaseAll()
                lock.unlock()
                released.stop()
                subscriber.receive(completion: completion)
                return
            }
        }
        isDraining = false
        lock.unlock()
    }

    /// Delivers `value` with the lock released, and releases it and the subscriber before taking
    /// the lock again. Called with the lock held and `downstream` set; returns with it held.
    @inline(__always)
    private func deliverUnlocked(_ value: consuming Output) {
        let subscriber = downstream.unsafelyUnwrapped
        lock.unlock()
        let more = subscriber.receive(value)
        _ = consume value
        _ = consume subscriber
        lock.lock()
        demand.grant(more)
    }

    /// The handle the source sends through.
    private var events: PublisherEvents<Output, Failure> {
        PublisherEvents(self)
    }

    /// What the subscription held when it ended, released after the lock is unlocked (releasing
    /// and stopping can run user code).
    private nonisolated struct Released {
        var downstream: Downstream?
        var attach: SourceAttachment<Output, Failure>?
        var detach: (() -> Void)?
        var waiting: NoDemandBuffer<Output>
        var ready: ReadyQueue<Output>
        var completion: Subscribers.Completion<Failure>?

        func stop() { detach?() }
    }

    /// Ends the subscription: moves out everything it holds, to be released by the caller after
    /// unlocking. Called with the lock held.
    private func releaseAll() -> Released {
        let released = Released(
            downstream: downstream.take(), attach: attach.take(), detach: detach.take(),
            waiting: waiting, ready: ready, completion: pendingCompletion.take())
        waiting = NoDemandBuffer(policy: waiting.policy)
        ready = ReadyQueue()
        isDraining = false
        return released
    }
}
