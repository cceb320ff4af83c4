//
// The demand bookkeeping shared by every publisher generated into this module: a lock, a demand
// ledger, the buffer for events that arrive without demand, and the two subscription engines
// (push and pull). Emitted once per module so that it can be read, specialised and inlined.

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

// MARK: - Lock

/// A non-recursive mutex. The engines below never call out (to a subscriber, a source or user
/// code) while holding it, so re-entrant calls cannot deadlock on it.
final class GeneratedPublisherLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }
}

// MARK: - Demand

/// Outstanding demand: what the subscriber asked for and has not yet received.
///
/// Demand adds up; an addition past `Int.max` becomes `.unlimited`; `.unlimited` never decreases;
/// nothing is ever taken below zero.
struct DemandLedger: Equatable {
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

// MARK: - No-demand buffer

/// What to do with a value that arrives while the subscriber has no outstanding demand.
enum NoDemandPolicy: Equatable {
    /// Discard it.
    case drop
    /// Keep only the newest.
    case latest
    /// Keep up to `capacity` in order; when full, discard the oldest or the arriving value.
    case buffer(capacity: Int, dropOldest: Bool)
}

/// The values kept for lack of demand, in arrival order, bounded by the policy.
struct NoDemandBuffer<Value> {
    let policy: NoDemandPolicy
    private var storage: [Value] = []
    /// Index of the oldest value in `storage` (a ring once it is full).
    private var head = 0
    private(set) var count = 0

    init(policy: NoDemandPolicy) {
        self.policy = policy
    }

    var isEmpty: Bool { count == 0 }

    /// Keeps `value` as the policy says. Returns `true` when a value was discarded.
    @discardableResult
    mutating func store(_ value: Value) -> Bool {
        switch policy {
        case .drop:
            return true
        case .latest:
            let discarded = count == 1
            storage = [value]
            head = 0
            count = 1
            return discarded
        case let .buffer(capacity, dropOldest):
            if count < capacity {
                if storage.count < capacity {
                    storage.append(value)
                } else {
                    storage[(head + count) % capacity] = value
                }
                count += 1
                return false
            }
            if dropOldest {
                storage[head] = value
                head = (head + 1) % capacity
            }
            return true
        }
    }

    /// Removes and returns the oldest value.
    mutating func takeFirst() -> Value? {
        guard count > 0 else { return nil }
        let value = storage[head]
        count -= 1
        head = count == 0 ? 0 : (head + 1) % storage.count
        if count == 0 { storage.removeAll(keepingCapacity: true) }
        return value
    }

    mutating func removeAll() {
        storage = []
        head = 0
        count = 0
    }
}

/// A first-in first-out queue of values already paid for with demand, waiting for the thread
/// that is delivering. Empty unless sources fire while a delivery is in progress.
struct ReadyQueue<Value> {
    private var items: [Value] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }

    mutating func append(_ value: Value) { items.append(value) }

    mutating func popFirst() -> Value? {
        guard head < items.count else { return nil }
        let value = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return value
    }

    mutating func removeAll() {
        items = []
        head = 0
    }
}

// MARK: - Subscribers

/// The subscriber of a subscription, behind one reference: one method call per value, and a
/// single reference to retain when delivery needs it outside the lock.
class SubscriberBox<Output, Failure: Error>: @unchecked Sendable {
    func receive(subscription: any Subscription) {}
    func receive(_ value: Output) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}

    /// Boxes `subscriber`.
    static func wrapping<S: Subscriber>(_ subscriber: S) -> SubscriberBox
    where S.Input == Output, S.Failure == Failure {
        ConcreteSubscriberBox(subscriber)
    }
}

private final class ConcreteSubscriberBox<S: Subscriber>: SubscriberBox<S.Input, S.Failure>, @unchecked Sendable {
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
struct PublisherEvents<Output, Failure: Error>: @unchecked Sendable {
    private let subscription: PushSubscription<Output, Failure>

    init(_ subscription: PushSubscription<Output, Failure>) {
        self.subscription = subscription
    }

    func send(_ value: Output) { subscription.receive(value) }
    func finish() { subscription.receive(completion: .finished) }
    func fail(_ error: Failure) { subscription.receive(completion: .failure(error)) }
}

/// Starts a push source with the events it sends through, and returns how to stop it.
typealias SourceAttachment<Output, Failure: Error> = (PublisherEvents<Output, Failure>) -> (() -> Void)

/// When a push subscription attaches to its source.
enum SourceStart: Equatable {
    /// On the first request for more than zero values.
    case onDemand
    /// As soon as the subscriber has received the subscription.
    case onSubscribe
}

/// How the source holds what it calls back.
enum SourceHold: Equatable {
    /// Strongly: the source keeps the subscription alive until cancel or completion detaches it
    /// (registration APIs and schedulers, which own their callbacks).
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
final class ReleaseCancellingSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible,
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

/// The subscription of every generated push publisher (callback, target/action, periodic).
///
/// One thread at a time delivers (the *drainer*). A value that arrives while another thread
/// delivers is paid for with demand and queued for that thread, so calls into the subscriber never
/// overlap, never run inside the source's registration call, and a re-entrant `request` or `send`
/// from inside `receive(_:)` only adds to the queue: the stack stays flat.
///
/// At completion, values kept for lack of demand are discarded (completion does not wait for
/// demand); values already paid for with demand are delivered first.
///
/// Generic over the values, not the subscriber: the generated publisher's concrete `Output` and
/// `Failure` let the compiler specialise every step of delivery, and the one call into the
/// subscriber goes through ``SubscriberBox``.
final class PushSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
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
        // detached; detach all the same, exactly once.
        detach?()
    }

    var description: String { name }

    /// Hands the subscription to the subscriber, then starts the source for `.onSubscribe`.
    func begin() {
        lock.lock()
        let subscriber = downstream
        lock.unlock()
        // A subscriber that does not keep a `.weak` subscription cancels it on return from here.
        let subscription: any Subscription = hold == .strong ? self : ReleaseCancellingSubscription(self)
        subscriber?.receive(subscription: subscription)
        if start == .onSubscribe { startSource() }
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
            lock.unlock()
            return startSource()
        }
        guard !waiting.isEmpty else { return lock.unlock() }
        isDraining = true
        drainLocked()
    }

    func cancel() {
        lock.lock()
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
        guard let subscriber = downstream, pendingCompletion == nil else { return lock.unlock() }
        // Values kept for lack of demand are older than this one: they take the demand first.
        settleLocked()
        guard demand.consumeOne() else {
            waiting.store(value)
            return lock.unlock()
        }
        if isDraining || !ready.isEmpty {
            ready.append(value)
            if isDraining { return lock.unlock() }
            isDraining = true
            return drainLocked()
        }
        isDraining = true
        lock.unlock()
        let more = subscriber.receive(value)
        lock.lock()
        demand.grant(more)
        drainLocked()
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard let subscriber = downstream, pendingCompletion == nil else { return lock.unlock() }
        if isDraining {
            // The drainer delivers what was paid for, then this completion; what waits for
            // demand is discarded now, so demand returned from here on cannot reach it.
            settleLocked()
            waiting.removeAll()
            pendingCompletion = completion
            return lock.unlock()
        }
        let released = releaseAll()
        lock.unlock()
        released.stop()
        subscriber.receive(completion: completion)
    }

    // MARK: Delivery

    /// Attaches the source as the drainer, so that events it sends during attachment are queued
    /// and delivered after it returns, then delivers what demand allows.
    private func startSource() {
        lock.lock()
        guard downstream != nil, !isDraining, let attach else { return lock.unlock() }
        self.attach = nil
        isDraining = true
        lock.unlock()
        let stop = attach(events)
        lock.lock()
        guard downstream != nil else {
            // Cancelled while attaching: nobody else saw `stop`, so stop here, exactly once.
            lock.unlock()
            stop()
            return
        }
        detach = stop
        drainLocked()
    }

    /// Moves waiting values that outstanding demand can pay for into the ready queue, oldest first,
    /// so that no later value overtakes them. Called with the lock held.
    private func settleLocked() {
        while !waiting.isEmpty, demand.consumeOne() {
            ready.append(waiting.takeFirst()!)
        }
    }

    /// The drainer's loop: delivers queued and waiting values while demand allows, then a pending
    /// completion. Called with the lock held and `isDraining` set; returns with the lock released.
    private func drainLocked() {
        // The common case, nothing queued, leaves without touching the subscriber reference.
        while !ready.isEmpty || !waiting.isEmpty || pendingCompletion != nil, let subscriber = downstream {
            let next: Output
            if let value = ready.popFirst() {
                next = value
            } else if !waiting.isEmpty, demand.consumeOne() {
                next = waiting.takeFirst()!
            } else if let completion = pendingCompletion {
                let released = releaseAll()
                lock.unlock()
                released.stop()
                subscriber.receive(completion: completion)
                return
            } else {
                break
            }
            lock.unlock()
            let more = subscriber.receive(next)
            lock.lock()
            demand.grant(more)
        }
        isDraining = false
        lock.unlock()
    }

    /// The handle the source sends through.
    private var events: PublisherEvents<Output, Failure> {
        PublisherEvents(self)
    }

    /// What the subscription held when it ended, released after the lock is unlocked (releasing
    /// and stopping can run user code).
    private struct Released {
        var downstream: Downstream?
        var attach: SourceAttachment<Output, Failure>?
        var detach: (() -> Void)?
        var waiting: NoDemandBuffer<Output>
        var ready: ReadyQueue<Output>

        func stop() { detach?() }
    }

    /// Ends the subscription. Called with the lock held.
    private func releaseAll() -> Released {
        let released = Released(downstream: downstream, attach: attach, detach: detach, waiting: waiting, ready: ready)
        downstream = nil
        attach = nil
        detach = nil
        waiting.removeAll()
        ready.removeAll()
        pendingCompletion = nil
        isDraining = false
        return released
    }
}

// MARK: - Pull subscriptions

/// The subscription of every generated polling publisher: asks `next` for one value per unit of
/// demand, and only while there is demand. `nil` finishes; a thrown error fails.
///
/// One thread at a time pulls, so `next` is never called concurrently; a re-entrant `request`
/// from inside `receive(_:)` only adds demand to the running loop, so a subscriber that asks for
/// one more value from every `receive` pulls a million values on a flat stack.
///
/// Generic over the values, not the subscriber, like ``PushSubscription``.
final class PullSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
    typealias Downstream = SubscriberBox<Output, Failure>
    typealias Next = () throws(Failure) -> Output?

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

    func begin() {
        lock.lock()
        let subscriber = downstream
        lock.unlock()
        subscriber?.receive(subscription: self)
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
        let released = (downstream, next)
        downstream = nil
        next = nil
        lock.unlock()
        withExtendedLifetime(released) {}
    }

    /// Called with the lock held and `isPulling` set; returns with the lock released.
    private func pullLocked() {
        while downstream != nil, let next, demand.consumeOne() {
            lock.unlock()
            let result: Result<Output?, Failure>
            do throws(Failure) {
                result = .success(try next())
            } catch {
                result = .failure(error)
            }
            lock.lock()
            // A cancel while `next` ran wins: its value is dropped.
            guard let subscriber = downstream else { break }
            switch result {
            case let .success(value?):
                lock.unlock()
                let more = subscriber.receive(value)
                lock.lock()
                demand.grant(more)
            case .success(nil):
                finish(subscriber, with: .finished)
                return
            case let .failure(error):
                finish(subscriber, with: .failure(error))
                return
            }
        }
        isPulling = false
        lock.unlock()
    }

    /// Called with the lock held; returns with it released.
    private func finish(_ subscriber: Downstream, with completion: Subscribers.Completion<Failure>) {
        let released = next
        downstream = nil
        next = nil
        isPulling = false
        lock.unlock()
        withExtendedLifetime(released) {}
        subscriber.receive(completion: completion)
    }
}
