//
// The Combine engines of the publishers generated into this module: a demand ledger, the queue
// of values paid for with demand, and the push and pull subscriptions. They build on
// GeneratedPublisherSupport.swift. Emitted once per module whose schemas emit the Combine form.

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

// MARK: - Demand

/// Outstanding demand: what the subscriber asked for and has not yet received.
///
/// Demand adds up; an addition past `Int.max` becomes `.unlimited`; `.unlimited` never decreases;
/// nothing is ever taken below zero.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct DemandLedger: Equatable {
    private(set) var outstanding: Subscribers.Demand = .none

    /// Adds `demand`; `.none` is a no-op.
    mutating func grant(_ demand: Subscribers.Demand) {
        guard let current = outstanding.max else { return }
        guard let added = demand.max else {
            outstanding = .unlimited
            return
        }
        let (sum, overflow) = current.addingReportingOverflow(added)
        outstanding = overflow ? .unlimited : .max(sum)
    }

    /// Takes one unit of demand for a value about to be delivered; `false` when there is none.
    mutating func consumeOne() -> Bool {
        guard let current = outstanding.max else { return true }
        guard current > 0 else { return false }
        outstanding = .max(current - 1)
        return true
    }

    var hasDemand: Bool { outstanding != .none }
}

// MARK: - Ready queue

/// A first-in first-out queue of values already paid for with demand, waiting for the thread
/// that is delivering. Empty unless sources fire while a delivery is in progress.
///
/// A ring that grows when full: each slot is emptied as its value is delivered, so a sustained
/// backlog keeps only the values still waiting, never the ones already delivered.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct ReadyQueue<Value> {
    private var slots: [Value?] = []
    private var head = 0
    private var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ value: Value) {
        if count == slots.count { grow() }
        var index = head + count
        if index >= slots.count { index -= slots.count }
        slots[index] = value
        count += 1
    }

    /// Removes and returns the oldest value, emptying its slot.
    mutating func popFirst() -> Value? {
        guard count > 0 else { return nil }
        let value = slots[head].take()
        count -= 1
        head = count == 0 || head + 1 == slots.count ? 0 : head + 1
        return value
    }

    /// Doubles the ring, oldest value first. The old ring holds only empty slots when freed.
    private mutating func grow() {
        var grown: [Value?] = []
        grown.reserveCapacity(Swift.max(4, slots.count * 2))
        var index = head
        for _ in 0..<count {
            grown.append(slots[index].take())
            index = index + 1 == slots.count ? 0 : index + 1
        }
        while grown.count < grown.capacity { grown.append(nil) }
        slots = grown
        head = 0
    }
}

// MARK: - Subscribers

/// The subscriber of a subscription, behind one reference: one method call per value, and a
/// single reference to retain when delivery needs it outside the lock.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated class SubscriberBox<Output, Failure: Error>: @unchecked Sendable {
    func receive(subscription: any Subscription) {}
    func receive(_ value: Output) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}

    /// Boxes `subscriber`.
    static func wrapping<S: Subscriber>(_ subscriber: S) -> SubscriberBox
    where S.Input == Output, S.Failure == Failure {
        ConcreteSubscriberBox(subscriber)
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
private nonisolated final class ConcreteSubscriberBox<S: Subscriber>: SubscriberBox<S.Input, S.Failure>,
    @unchecked Sendable
{
    private let subscriber: S

    init(_ subscriber: S) {
        self.subscriber = subscriber
    }

    override func receive(subscription: any Subscription) { subscriber.receive(subscription: subscription) }
    override func receive(_ value: S.Input) -> Subscribers.Demand { subscriber.receive(value) }
    override func receive(completion: Subscribers.Completion<S.Failure>) { subscriber.receive(completion: completion) }
}

// MARK: - Push subscriptions

/// The events a push source sends: safe from any thread, any number of times; everything after
/// the first completion is ignored. Holds its subscription strongly, so sending loads no weak
/// reference; for sources that hold their observers weakly, ``SourceHold/weak`` makes the
/// subscriber's release end the subscription instead.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PublisherEvents<Output, Failure: Error>: @unchecked Sendable {
    private let subscription: PushSubscription<Output, Failure>

    init(_ subscription: PushSubscription<Output, Failure>) {
        self.subscription = subscription
    }

    func send(_ value: Output) { subscription.receive(value) }
    func finish() { subscription.receive(completion: .finished) }
    func fail(_ error: Failure) { subscription.receive(completion: .failure(error)) }
}

/// Starts a push source with the events it sends through, and returns how to stop it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
typealias SourceAttachment<Output, Failure: Error> = (PublisherEvents<Output, Failure>) -> (() -> Void)

/// How the source holds what it calls back.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum SourceHold: Equatable {
    /// Strongly: the source keeps the subscription alive until it is detached, when the source
    /// ends or on cancel (registration APIs and schedulers, which own their callbacks).
    case strong
    /// Weakly (target/action senders, which hold targets weakly): the subscription lives only as
    /// long as its subscriber keeps it, and detaches the source when it is released. The
    /// subscriber gets a ``ReleaseCancellingSubscription`` whose release cancels.
    case weak
}

/// The subscription a subscriber gets when the source holds its observers weakly: it forwards to
/// the ``PushSubscription``, and cancels it when the subscriber lets go of it without cancelling,
/// which detaches the source (removes the target). The engine itself is held strongly by what the
/// source calls, until it detaches, so no event pays for a weak reference.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class ReleaseCancellingSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    private let subscription: PushSubscription<Output, Failure>

    init(_ subscription: PushSubscription<Output, Failure>) {
        self.subscription = subscription
    }

    deinit { subscription.cancel() }

    var description: String { subscription.description }

    func request(_ demand: Subscribers.Demand) { subscription.request(demand) }

    func cancel() { subscription.cancel() }
}

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

// MARK: - Pull subscriptions

/// The subscription of every generated polling publisher: asks `next` for one value per unit of
/// demand, and only while there is demand. `.success(nil)` finishes; `.failure` fails.
///
/// `next` returns a `Result` rather than throwing `Failure`: a typed-throws function type needs
/// runtime metadata that exists only from macOS 15 / iOS 18 / tvOS 18 / watchOS 11 once it is stored
/// generically (as `Optional<Next>` here) or passed as a generic argument, so none is stored here
/// (the Apple platforms article, rule 3). The generated publisher builds this closure where it
/// calls the user's typed-throws function directly.
///
/// One thread at a time pulls, from `receive(subscription:)` on, so `next` is never called
/// concurrently and nothing reaches the subscriber before `receive(subscription:)` returns; a
/// `request` from inside `receive(subscription:)` or `receive(_:)` only adds demand to the running
/// loop, so a subscriber that asks for one more value from every `receive` pulls a million values on
/// a flat stack. Nothing user code owns is released while the lock is held.
///
/// Generic over the values, not the subscriber, like ``PushSubscription``.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class PullSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Downstream = SubscriberBox<Output, Failure>
    typealias Next = () -> Result<Output?, Failure>

    private let lock = GeneratedPublisherLock()
    private let name: String
    // Guarded by `lock`; unchecked by the runtime for the reason given in ``PushSubscription``.
    @exclusivity(unchecked) private var downstream: Downstream?
    @exclusivity(unchecked) private var next: Next?
    @exclusivity(unchecked) private var demand = DemandLedger()
    @exclusivity(unchecked) private var isPulling = false

    init(name: String, downstream: Downstream, next: @escaping Next) {
        self.name = name
        self.downstream = downstream
        self.next = next
    }

    var description: String { name }

    /// Hands the subscription to the subscriber as the puller, then pulls what it asked for.
    func begin() {
        lock.lock()
        guard let subscriber = downstream else { return lock.unlock() }
        isPulling = true
        lock.unlock()
        subscriber.receive(subscription: self)
        _ = consume subscriber
        lock.lock()
        pullLocked()
    }

    func request(_ demand: Subscribers.Demand) {
        // `.none` adds nothing: accepted as a no-op rather than trapped.
        guard demand != .none else { return }
        lock.lock()
        guard downstream != nil else { return lock.unlock() }
        self.demand.grant(demand)
        guard !isPulling else { return lock.unlock() }
        isPulling = true
        pullLocked()
    }

    func cancel() {
        lock.lock()
        let released = (downstream.take(), next.take())
        lock.unlock()
        withExtendedLifetime(released) {}
    }

    /// Called with the lock held and `isPulling` set; returns with the lock released.
    private func pullLocked() {
        while downstream != nil, next != nil, demand.consumeOne() {
            guard pullOneUnlocked(next.unsafelyUnwrapped) else { return }
        }
        isPulling = false
        lock.unlock()
    }

    /// Pulls one value and delivers it, with the lock released; everything it holds is released
    /// before the lock is taken again. Called with the lock held; returns `true` with it held, or
    /// `false` with it released when the subscription ended.
    private func pullOneUnlocked(_ next: consuming @escaping Next) -> Bool {
        lock.unlock()
        let result = next()
        _ = consume next
        lock.lock()
        // A cancel while `next` ran wins: its value is dropped (released after unlocking).
        guard let subscriber = downstream else {
            isPulling = false
            lock.unlock()
            return false
        }
        switch consume result {
        case let .success(value?):
            lock.unlock()
            let more = subscriber.receive(value)
            _ = consume value
            _ = consume subscriber
            lock.lock()
            demand.grant(more)
            return true
        case .success(nil):
            finish(subscriber, with: .finished)
            return false
        case let .failure(error):
            finish(subscriber, with: .failure(error))
            return false
        }
    }

    /// Called with the lock held; returns with it released.
    private func finish(_ subscriber: Downstream, with completion: Subscribers.Completion<Failure>) {
        let released = (downstream.take(), next.take())
        isPulling = false
        lock.unlock()
        withExtendedLifetime(released) {}
        subscriber.receive(completion: completion)
    }
}
