import Dispatch

/// What a delegate proxy keeps beside its consumers: the app's own delegate, which of the proxy's
/// methods it answers for, and how the owner is made to ask again when those answers change.
/// Safe from any thread; a delegate call reads the app's delegate under one lock round trip and
/// allocates nothing.
///
/// The proxy's methods are numbered in the order it declares them. A method is answered (the
/// proxy says it implements it) while it is required, while at least one consumer observes it, or
/// while the app's delegate implements it. UIKit reads those answers once, when the delegate is
/// set: so whenever they change, a main-actor proxy sets itself on its owner again, and the owner
/// asks afresh. They change when a method's first consumer joins or its last leaves (unless the
/// app's delegate implements it, which the proxy asks once, when the delegate is set), when the
/// app's delegate is replaced by another, and when it is deallocated. A change is read once per
/// turn of the main queue; the app delegate's deallocation is read at once, on the main queue
/// (``DelegateLifetime``), so that the owner sends no call it cached for that delegate after it.

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class DelegateProxyState<Delegate>: @unchecked Sendable {
    private let lock = GeneratedPublisherLock()
    private let required: [Bool]
    /// Which of the proxy's methods an app delegate implements, asked once when it is set.
    private let answers: (Delegate) -> [Bool]
    // Guarded by `lock`; unchecked by the runtime for the reason given in ``PushSubscription``.
    // `load` reads the app's delegate through the weak reference the proxy captured; `nil` without
    // one, so a call to an owner without an app delegate loads nothing. `generation` tells a load
    // that found its delegate gone, or a deallocation watch, from one set meanwhile.
    @exclusivity(unchecked) private var load: (() -> Delegate?)?
    @exclusivity(unchecked) private var generation = 0
    @exclusivity(unchecked) private var delegateAnswers: [Bool]
    @exclusivity(unchecked) private var observers: [Int]
    @exclusivity(unchecked) private var reassign: (@MainActor @Sendable () -> Bool)?
    @exclusivity(unchecked) private var reassignIsScheduled = false
    /// The app's delegate whose deallocation is watched, to stop watching it when it is replaced.
    @exclusivity(unchecked) private weak var watched: AnyObject?

    /// `required[i]` says whether the proxy's method `i` is a required method of the protocol;
    /// `answers` says which of them an app delegate implements.
    init(required: [Bool], answers: @escaping (Delegate) -> [Bool]) {
        self.required = required
        self.answers = answers
        observers = Array(repeating: 0, count: required.count)
        delegateAnswers = Array(repeating: false, count: required.count)
    }

    deinit {
        if let watched { DelegateLifetime.unwatch(watched, key: watchKey) }
    }

    /// What tells this state's watch apart from other proxies' on the same app delegate.
    private var watchKey: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// The app's delegate, while it lives. The first read that finds it gone forgets it, which
    /// changes the answers: where its deallocation could not be watched.
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
        delegateEnded(generation, isDeallocating: false)
        return nil
    }

    /// Forgets the app's delegate of `generation`, unless another was set since. `isDeallocating`:
    /// told by its deallocation, so the owner is made to ask again before this call returns when
    /// it runs on the main queue.
    private func delegateEnded(_ generation: Int, isDeallocating: Bool) {
        lock.lock()
        guard self.generation == generation, load != nil else { return lock.unlock() }
        let previous = load
        load = nil
        self.generation += 1
        delegateAnswers = Array(repeating: false, count: required.count)
        lock.unlock()
        withExtendedLifetime(previous) {}
        answersChanged(now: isDeallocating)
    }

    /// Replaces the app's delegate with `delegate`, which `load` reads through a weak reference;
    /// `nil` for none. Asks it which of the proxy's methods it implements, and watches for its
    /// deallocation. Setting the same delegate again changes nothing.
    func setDelegate(_ delegate: Delegate?, loading load: (() -> Delegate?)?) {
        let object = delegate.map { $0 as AnyObject }
        let answers = delegate.map(self.answers) ?? []
        lock.lock()
        let previous = self.load
        let previousObject = watched
        let isSame = previous != nil && object != nil && previousObject === object
        self.load = load
        generation += 1
        let generation = self.generation
        delegateAnswers = required.indices.map { answers.indices.contains($0) && answers[$0] }
        watched = object
        lock.unlock()
        if let previousObject, previousObject !== object { DelegateLifetime.unwatch(previousObject, key: watchKey) }
        if let object {
            DelegateLifetime.watch(object, key: watchKey) { [weak self] in
                self?.delegateEnded(generation, isDeallocating: true)
            }
        }
        withExtendedLifetime(previous) {}
        if !isSame { answersChanged() }
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
            // Only a method's first consumer and its last change what the proxy answers, and not
            // for a method answered anyway: required, or implemented by the app's delegate.
            let isAnsweredAnyway = required[method] || delegateAnswers[method]
            changed = changed || (!isAnsweredAnyway && (before == 0) != (observers[method] == 0))
        }
        lock.unlock()
        if changed { answersChanged() }
    }

    /// From now until ``uninstalled()``, `reassign` sets the proxy on its owner again whenever the
    /// answers change, and says `false` when it cannot yet (``DelegateSlotReassignment``).
    /// Main-actor proxies only: a nonisolated owner may call its delegate from another thread,
    /// which would miss the proxy between the two assignments.
    func installed(reassign: @escaping @MainActor @Sendable () -> Bool) {
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

    /// Has the owner read the new answers: at once when `now` and on the main queue, otherwise in
    /// one reassignment on a later turn of the main queue, unless one is scheduled already, so that
    /// every change of one turn is read at once.
    private func answersChanged(now: Bool = false) {
        lock.lock()
        guard let reassign else { return lock.unlock() }
        if now, DelegateLifetime.isOnMainQueue {
            lock.unlock()
            if MainActor.assumeIsolated({ reassign() }) { return }
            lock.lock()
        }
        guard !reassignIsScheduled else { return lock.unlock() }
        reassignIsScheduled = true
        lock.unlock()
        DispatchQueue.main.async { self.reassignScheduled() }
    }

    /// The scheduled reassignment; tried again a frame later while the owner cannot take it.
    private func reassignScheduled() {
        MainActor.assumeIsolated {
            lock.lock()
            let reassign = self.reassign
            lock.unlock()
            guard let reassign, !reassign() else {
                lock.lock()
                reassignIsScheduled = false
                lock.unlock()
                return
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(16)) { self.reassignScheduled() }
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension DelegateProxyState {
    /// Whether the app's Swift-native delegate implements `method`: what it says through
    /// ``DelegateMethodResponding``, or yes (a Swift protocol has no optional methods); no without one.
    func delegateResponds(toMethod method: String) -> Bool {
        guard let delegate else { return false }
        return Self.delegate(delegate, responds: method)
    }

    /// Whether the Swift-native `delegate` implements `method`, as ``delegateResponds(toMethod:)``.
    static func delegate(_ delegate: Delegate, responds method: String) -> Bool {
        (delegate as? any DelegateMethodResponding)?.responds(toMethod: method) ?? true
    }
}
