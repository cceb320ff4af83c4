import Dispatch

/// What a delegate proxy keeps beside its consumers: the app's own delegate, which of the proxy's
/// methods it answers for, and how the owner is made to ask again when those answers change.
/// Safe from any thread; a delegate call reads the app's delegate under one lock round trip and
/// allocates nothing.
///
/// The proxy's methods are numbered in the order it declares them. A method is answered (the
/// proxy says it implements it) while it is required, while at least one consumer observes it, or
/// while the app's delegate implements it. UIKit reads those answers once, when the delegate is
/// set: so whenever they change (a method's first consumer joins or its last leaves, the app's
/// delegate is replaced or found gone), a main-actor proxy sets itself on its owner again, once per
/// turn of the main queue, and the owner asks afresh.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class DelegateProxyState<Delegate>: @unchecked Sendable {
    private let lock = GeneratedPublisherLock()
    private let required: [Bool]
    // Guarded by `lock`; unchecked by the runtime for the reason given in ``PushSubscription``.
    // `load` reads the app's delegate through the weak reference the proxy captured; `nil` without
    // one, so a call to an owner without an app delegate loads nothing. `generation` tells a load
    // that found its delegate gone from one set meanwhile.
    @exclusivity(unchecked) private var load: (() -> Delegate?)?
    @exclusivity(unchecked) private var generation = 0
    @exclusivity(unchecked) private var observers: [Int]
    @exclusivity(unchecked) private var reassign: (@MainActor @Sendable () -> Void)?
    @exclusivity(unchecked) private var reassignIsScheduled = false

    /// `required[i]` says whether the proxy's method `i` is a required method of the protocol.
    init(required: [Bool]) {
        self.required = required
        observers = Array(repeating: 0, count: required.count)
    }

    /// The app's delegate, while it lives. The first read that finds it gone forgets it, which
    /// changes the answers.
    var delegate: Delegate? {
        lock.lock()
        guard let load = self.load else {
            lock.unlock()
            return nil
        }
        let generation = self.generation
        lock.unlock()
        return delegate(loading: load, generation)
    }

    /// The app's delegate that `load` reads, forgotten if it is gone and no other was set since
    /// `generation`. Apart, so a call without an app delegate does not carry what this needs.
    @inline(never) private func delegate(loading load: () -> Delegate?, _ generation: Int) -> Delegate? {
        if let delegate = load() { return delegate }
        lock.lock()
        let isSame = self.generation == generation
        if isSame {
            self.load = nil
            self.generation += 1
        }
        lock.unlock()
        if isSame { answersChanged() }
        return nil
    }

    /// Replaces the app's delegate with the one `load` reads through a weak reference; `nil` for
    /// none. The answers change with it.
    func setDelegate(_ load: (() -> Delegate?)?) {
        lock.lock()
        let previous = self.load
        self.load = load
        generation += 1
        lock.unlock()
        withExtendedLifetime(previous) {}
        answersChanged()
    }

    /// Whether the proxy's method `method` is answered without the app's delegate: it is required,
    /// or a consumer observes it.
    func isObserved(_ method: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return required[method] || observers[method] > 0
    }

    /// Adds a consumer to `consumers` and counts it in as an observer of their methods; returns its
    /// identity, for ``remove(_:from:)``.
    func add<Handlers>(_ handlers: Handlers, to consumers: DelegateConsumers<Handlers>) -> Int {
        count(consumers.methods, by: 1)
        return consumers.add(handlers)
    }

    /// Removes the consumer `id` from `consumers` and counts it out; removing it again does nothing.
    func remove<Handlers>(_ id: Int, from consumers: DelegateConsumers<Handlers>) {
        if consumers.remove(id) { count(consumers.methods, by: -1) }
    }

    private func count(_ methods: [Int], by step: Int) {
        lock.lock()
        var changed = false
        for method in methods {
            let before = observers[method]
            observers[method] += step
            // Only a method's first consumer and its last change what the proxy answers.
            changed = changed || (!required[method] && (before == 0) != (observers[method] == 0))
        }
        lock.unlock()
        if changed { answersChanged() }
    }

    /// From now until ``uninstalled()``, `reassign` sets the proxy on its owner again whenever the
    /// answers change. Main-actor proxies only: a nonisolated owner may call its delegate from
    /// another thread, which would miss the proxy between the two assignments.
    func installed(reassign: @escaping @MainActor @Sendable () -> Void) {
        lock.lock()
        self.reassign = reassign
        lock.unlock()
    }

    /// The proxy is no longer its owner's delegate: changes need no reassignment.
    func uninstalled() {
        lock.lock()
        let previous = reassign
        reassign = nil
        lock.unlock()
        withExtendedLifetime(previous) {}
    }

    /// Schedules one reassignment on the main queue, unless one is scheduled already: every change
    /// of one turn is read by the owner at once.
    private func answersChanged() {
        lock.lock()
        guard reassign != nil, !reassignIsScheduled else { return lock.unlock() }
        reassignIsScheduled = true
        lock.unlock()
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.lock.lock()
                self.reassignIsScheduled = false
                let reassign = self.reassign
                self.lock.unlock()
                reassign?()
            }
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension DelegateProxyState {
    /// Whether the app's Swift-native delegate implements `method`: what it says through
    /// ``DelegateMethodResponding``, or yes (a Swift protocol has no optional methods); no without one.
    func delegateResponds(toMethod method: String) -> Bool {
        guard let delegate else { return false }
        return (delegate as? any DelegateMethodResponding)?.responds(toMethod: method) ?? true
    }
}
