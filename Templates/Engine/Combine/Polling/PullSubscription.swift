#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Pull subscriptions

/// The subscription of every generated polling publisher: asks `next` for one value per unit of
/// demand, and only while there is demand. `.success(nil)` finishes; `.failure` fails.
///
/// `next` writes a `Result` rather than throwing `Failure`: a typed-throws function type needs
/// runtime metadata that exists only from macOS 15 / iOS 18 / tvOS 18 / watchOS 11 once it is stored
/// generically (as `Optional<Next>` here) or passed as a generic argument, so none is stored here
/// (the Apple platforms article, rule 3). The generated publisher builds this closure where it
/// calls the user's typed-throws function directly. It writes the result into its `inout` argument
/// rather than returning it: a value passed by address is passed the same way to a function
/// generic over it and to one specialized for its type, so the generated types, generic over
/// their output, hand the function on without a conversion thunk around each call.
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
    typealias Next = (inout Result<Output?, Failure>) -> Void

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
        let result = Self.pull(next)
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

    /// What `next` writes when called once.
    private static func pull(_ next: Next) -> Result<Output?, Failure> {
        var result = Result<Output?, Failure>.success(nil)
        next(&result)
        return result
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
