//
// What every generated module shares, whichever forms its schemas emit (Combine publishers,
// asynchronous sequences or both): a lock, the buffer for events that arrive while nobody waits
// for them, when a push source starts, how main-actor senders get their target, and how an
// observed model is read after each change. Combine-free:
// the Combine engines are in GeneratedPublisherSupport+Combine.swift, the asynchronous ones in
// GeneratedPublisherSupport+Async.swift. Emitted once per module so that it can be read,
// specialised and inlined.

import Dispatch

#if canImport(ObjectiveC)
// `@objc` needs Foundation imported by this very file (`SingleActionForwarder` below).
import Foundation
#endif
#if canImport(CoreGraphics)
// The geometry a swallowed delegate call returns as zero (`DelegateCallSink`).
import CoreGraphics
#endif

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Lock

/// A non-recursive mutex with a condition. The engines below never run user code while holding it
/// (no call to a subscriber or a source, and no release of anything user code owns: subscribers,
/// values, closures), so re-entrant calls, `deinit`s included, cannot deadlock on it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class GeneratedPublisherLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until ``broadcast()``, then takes it again. Called with the lock held.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread in ``wait()``.
    func broadcast() { pthread_cond_broadcast(condition) }
}

// MARK: - No-demand buffer

/// What to do with a value that arrives while the subscriber has no outstanding demand.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum NoDemandPolicy: Equatable {
    /// Discard it.
    case drop
    /// Keep only the newest.
    case latest
    /// Keep up to `capacity` in order; when full, discard the oldest or the arriving value.
    case buffer(capacity: Int, dropOldest: Bool)
    /// Keep every value, in order: an asynchronous sequence's default, as `AsyncStream`'s.
    case unbounded
}

/// The values kept for lack of demand, in arrival order, bounded by the policy. `latest` keeps one
/// slot; `buffer` a ring of `capacity` slots, allocated once; `unbounded` a ring that doubles when
/// full. A slot is emptied as its value is taken, so nothing delivered or discarded stays
/// referenced here.
///
/// Never releases a value itself: what a store displaces is handed back to the caller, to be
/// released after the lock is unlocked.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct NoDemandBuffer<Value> {
    /// The policy as the buffer dispatches on it: `unbounded` is a ring without a bound, so that a
    /// bounded ring is reached after two tag checks, as before `unbounded` existed.
    private nonisolated enum Mode {
        case drop
        case latest
        /// A ring of at most `capacity` slots; `Int.max` for `unbounded`, whose ring doubles.
        case ring(capacity: Int, dropOldest: Bool)
    }

    private let mode: Mode
    /// The one slot of `latest`.
    private var newest: Value?
    /// The ring of `buffer` and `unbounded`, empty until the first value is kept.
    private var ring: [Value?] = []
    /// Index in `ring` of the oldest value.
    private var head = 0
    private(set) var count = 0

    init(policy: NoDemandPolicy) {
        switch policy {
        case .drop: mode = .drop
        case .latest: mode = .latest
        case let .buffer(capacity, dropOldest): mode = .ring(capacity: capacity, dropOldest: dropOldest)
        case .unbounded: mode = .ring(capacity: .max, dropOldest: false)
        }
    }

    var policy: NoDemandPolicy {
        switch mode {
        case .drop: return .drop
        case .latest: return .latest
        case let .ring(capacity, dropOldest):
            return capacity == .max ? .unbounded : .buffer(capacity: capacity, dropOldest: dropOldest)
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Keeps `value` as the policy says. Returns the value it displaced, if any, for the caller to
    /// release outside the lock (a value the policy does not keep is simply not copied).
    mutating func store(_ value: Value) -> Value? {
        switch mode {
        case .drop:
            return nil
        case .latest:
            let displaced = newest.take()
            newest = value
            count = 1
            return displaced
        case let .ring(capacity, dropOldest):
            if count < capacity {
                if count == ring.count { grow(upTo: capacity) }
                ring[(head + count) % ring.count] = value
                count += 1
                return nil
            }
            guard dropOldest else { return nil }
            let displaced = ring[head].take()
            ring[head] = value
            head = (head + 1) % ring.count
            return displaced
        }
    }

    /// A bounded ring allocated whole, once; an unbounded one at 16 slots, then doubled, its
    /// values moved to the front in order.
    private mutating func grow(upTo capacity: Int) {
        let size = capacity == .max ? Swift.max(16, ring.count * 2) : capacity
        var larger: [Value?] = Array(repeating: nil, count: size)
        for offset in 0..<count { larger[offset] = ring[(head + offset) % ring.count].take() }
        ring = larger
        head = 0
    }

    /// Removes and returns the oldest value, emptying its slot.
    mutating func takeFirst() -> Value? {
        guard count > 0 else { return nil }
        count -= 1
        guard case .ring = mode else { return newest.take() }
        let value = ring[head].take()
        head = count == 0 ? 0 : (head + 1) % ring.count
        return value
    }
}

// MARK: - Push sources

/// When a push subscription or iteration attaches to its source.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum SourceStart: Equatable {
    /// On the first request for more than zero values (a publisher), or the first `next()` (a
    /// sequence).
    case onDemand
    /// As soon as the subscriber has received the subscription, or the iterator is made.
    case onSubscribe
}

// MARK: - Main-actor senders

/// Adds a target to a main-actor sender (UIKit, AppKit, a `@MainActor` Swift sender) and removes it
/// on the main actor, whichever thread subscribes, requests, cancels or releases.
///
/// On the main thread each runs at once (`MainActor.assumeIsolated`); on another thread it is sent
/// to the main queue and never waited for, so a cancel cannot deadlock with a main thread that
/// waits for the cancelling one. A detach that comes before the add has run wins: nothing is added.
/// One that comes while the main thread is adding removes the target right after, on the main
/// thread. The add and the remove never run at the same time and never in the wrong order.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class MainActorTargetAttachment: @unchecked Sendable {
    /// Adds the target, and returns how to remove it; main-actor code. Not `@Sendable`: it only
    /// ever runs on the main actor, and a main-actor local function (which a callback's
    /// registration is) cannot be marked `@Sendable`.
    typealias Add = @MainActor () -> @MainActor () -> Void

    private nonisolated enum State {
        case pending
        case adding
        case added(remove: @MainActor () -> Void)
        case detached
    }

    private let lock = GeneratedPublisherLock()
    // Guarded by `lock`.
    private var state = State.pending

    private init() {}

    /// Runs `add` on the main actor, and returns how to detach: the source attachment of a
    /// main-actor sender.
    static func attach(_ add: @escaping Add) -> () -> Void {
        let attachment = MainActorTargetAttachment()
        onMainActor { attachment.add(add) }
        return { attachment.detach() }
    }

    @MainActor private func add(_ add: Add) {
        lock.lock()
        guard case .pending = state else { return lock.unlock() }
        state = .adding
        lock.unlock()
        let remove = add()
        lock.lock()
        guard case .adding = state else {
            // Detached while adding.
            lock.unlock()
            return remove()
        }
        state = .added(remove: remove)
        lock.unlock()
    }

    private func detach() {
        lock.lock()
        let previous = state
        state = .detached
        lock.unlock()
        // `.pending` and `.adding` leave the removal to `add`.
        guard case let .added(remove) = previous else { return }
        Self.onMainActor(remove)
    }

    /// Runs `body` on the main actor: at once on the main queue, otherwise by a hop to it that
    /// is never waited for. Observed main-actor models (`ObservedModelReads`) start this way too.
    static func onMainActor(_ body: @escaping @MainActor () -> Void) {
        if isOnMainQueue {
            MainActor.assumeIsolated(body)
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated(body) }
        }
    }

    /// Marks the main queue, so that ``isOnMainQueue`` can tell it from any other.
    private static let mainQueueKey: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// Whether the caller runs on the main queue, the main actor's executor: on the main thread of
    /// an app, but on Linux also whichever thread drains the main queue (Swift Testing's main
    /// actor runs off the process's first thread there, so `Thread.isMainThread` would be wrong).
    private static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) != nil }
}

// MARK: - Observed models

/// The value of an expression over an observed model (`@Observable`): read and sent once when
/// attached (the current value), then once after each change the model reports, until stopped.
/// The engine of `kind: observation`; the generated code hands it how to track and read the
/// value, and it needs nothing of the Observation module itself.
///
/// Observation reports a change once per registration (`withObservationTracking`'s `onChange`),
/// on the property's `willSet`, on the mutating thread, before the new value is stored. So a
/// report only schedules a *pass*, never a read: a pass runs where the model lives, registers
/// tracking again and reads the value, and sends it.
///
/// - A main-actor model: the pass runs on the main queue, after the turn that made the change
///   (which stored it), and reads the value in the same call that registers tracking, so no
///   change comes between the two. Every change made in one turn shares one pass. The first pass
///   runs at once when attached on the main queue, by a hop to it otherwise.
/// - A nonisolated `Sendable` model: the pass runs on a global queue (the first on the attaching
///   thread); it registers tracking first, then reads, so a change stored between the
///   registration's own reads and its installation is in the value read. A change reported while
///   the pass is reading drops the value read (a newer one is on its way: the pass is run again);
///   one reported after the value is sent runs the pass again. The model must announce a change
///   and store it under one lock (its getters take that lock too), as a `Sendable` model has to,
///   so that a read never sees a change announced but not yet stored.
///
/// At most one pass is scheduled or running at a time, so values are read and sent in order; a
/// pass runs only for a report, so no change is sent twice. The model is held weakly: once it is
/// released nothing more is sent. ``stop()`` ends everything at once: no pass runs after it, and
/// the registration left in the model (Observation cannot remove one) reports to nothing.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class ObservedModelReads<Value>: @unchecked Sendable {
    /// Sends a value downstream.
    typealias Send = @Sendable (Value) -> Void
    /// What the model's tracking calls on the first change after a registration.
    typealias OnChange = @Sendable () -> Void

    private nonisolated enum State {
        /// A pass is scheduled (or about to run for the first time).
        case scheduled
        /// A pass is reading or sending; `changed` once a change was reported meanwhile.
        case passing(changed: Bool)
        /// Tracking is registered; nothing to do until the model reports a change.
        case waiting
        case stopped
    }

    private let lock = GeneratedPublisherLock()
    // Guarded by `lock`.
    private var state = State.scheduled
    private let send: Send
    /// Whether the first pass sends what it reads (the current value); it always registers.
    private let sendsCurrentValue: Bool
    /// Touched only by passes, which never overlap.
    private var isFirstPass = true
    // Set once by `attach`, before the first pass. Exactly one of the two tracks is set: where the
    // model lives decides how a pass runs. They hold their `onChange` rather than take it: a
    // function passed to a closure stored in an optional is re-abstracted on every call, an
    // allocation per change.
    /// Registers tracking of a main-actor model's value and returns the value read while
    /// registering; `nil` once the model is released.
    private var mainActorTrack: (@MainActor () -> Value?)?
    /// Registers tracking of a `Sendable` model's value; `false` once the model is released.
    private var track: (@Sendable () -> Bool)?
    /// Reads a `Sendable` model's value without tracking; `nil` once the model is released.
    private var read: (@Sendable () -> Value?)?

    private init(sendsCurrentValue: Bool, send: @escaping Send) {
        self.sendsCurrentValue = sendsCurrentValue
        self.send = send
    }

    /// Starts reading a main-actor `model`, held weakly, and returns how to stop: the source
    /// attachment of an observed main-actor model. Without `sendsCurrentValue` the first pass only
    /// registers: the first value sent is one after a change. `track` registers tracking of the value
    /// (`withObservationTracking`) with `onChange` and returns the value read while registering.
    static func attach<Model: AnyObject>(
        onMainActor model: Model, sendsCurrentValue: Bool, send: @escaping Send,
        track: @escaping @MainActor (_ model: Model, _ onChange: @escaping OnChange) -> Value
    ) -> () -> Void {
        let held = WeakModelReference(model)
        let reads = ObservedModelReads(sendsCurrentValue: sendsCurrentValue, send: send)
        let onChange = reads.makeOnChange()
        reads.mainActorTrack = { held.model.map { track($0, onChange) } }
        MainActorTargetAttachment.onMainActor { reads.passOnMainActor() }
        return { reads.stop() }
    }

    /// Starts reading a nonisolated `Sendable` `model`, held weakly, and returns how to stop;
    /// the current value is read and sent before it returns. `track` registers tracking of the
    /// value with `onChange` (what it reads while registering is not sent); `read` reads the
    /// value sent, without tracking.
    static func attach<Model: AnyObject & Sendable>(
        anywhere model: Model, sendsCurrentValue: Bool, send: @escaping Send,
        track: @escaping @Sendable (_ model: Model, _ onChange: @escaping OnChange) -> Value,
        read: @escaping @Sendable (_ model: Model) -> Value
    ) -> () -> Void {
        let reads = ObservedModelReads(sendsCurrentValue: sendsCurrentValue, send: send)
        let onChange = reads.makeOnChange()
        reads.track = { [weak model] in
            guard let model else { return false }
            _ = track(model, onChange)
            return true
        }
        reads.read = { [weak model] in model.map { read($0) } }
        reads.passAnywhere()
        return { reads.stop() }
    }

    /// A weak reference to a model that only the main actor dereferences.
    private nonisolated final class WeakModelReference<Model: AnyObject>: @unchecked Sendable {
        weak var model: Model?

        init(_ model: Model) { self.model = model }
    }

    /// Ends everything at once: no pass runs or sends after this returns (one sending on another
    /// thread meanwhile finishes its send).
    func stop() {
        lock.lock()
        state = .stopped
        lock.unlock()
    }

    /// The model reported a change: schedules a pass, or tells the running one.
    private func changed() {
        lock.lock()
        switch state {
        case .waiting:
            state = .scheduled
            lock.unlock()
            schedulePass()
        case .passing:
            state = .passing(changed: true)
            lock.unlock()
        case .scheduled, .stopped:
            lock.unlock()
        }
    }

    /// The `onChange` of every registration, made once, before the first pass: it holds this
    /// object weakly, so a registration left in a model after ``stop()`` keeps nothing alive.
    private func makeOnChange() -> OnChange {
        { [weak self] in self?.changed() }
    }

    private func schedulePass() {
        if mainActorTrack != nil {
            DispatchQueue.main.async { MainActor.assumeIsolated { self.passOnMainActor() } }
        } else {
            DispatchQueue.global().async { self.passAnywhere() }
        }
    }

    /// Whether the scheduled pass may run (and marks it running).
    private func beginPass() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard case .scheduled = state else { return false }
        state = .passing(changed: false)
        return true
    }

    @MainActor private func passOnMainActor() {
        guard beginPass() else { return }
        guard let value = mainActorTrack.unsafelyUnwrapped() else { return stop() }
        endPass(sending: value)
    }

    private func passAnywhere() {
        guard beginPass() else { return }
        guard track.unsafelyUnwrapped(), let value = read.unsafelyUnwrapped() else { return stop() }
        endPass(sending: value)
    }

    /// Sends `value` unless a change was reported while it was read, then waits for the next
    /// report, or runs the pass again for one reported meanwhile.
    private func endPass(sending value: Value) {
        let sends = sendsCurrentValue || !isFirstPass
        isFirstPass = false
        lock.lock()
        switch state {
        case .passing(changed: false) where !sends:
            break
        case .passing(changed: false):
            lock.unlock()
            send(value)
            lock.lock()
        case .passing(changed: true):
            // Read before or during the change: a newer value is read by the next pass.
            break
        case .scheduled, .waiting, .stopped:
            return lock.unlock()
        }
        switch state {
        case .passing(changed: false):
            state = .waiting
            lock.unlock()
        case .passing(changed: true):
            state = .scheduled
            lock.unlock()
            schedulePass()
        case .scheduled, .waiting, .stopped:
            lock.unlock()
        }
    }
}

#if canImport(ObjectiveC)
/// The target of a control with one `target` and one `action` (an AppKit `NSControl`, a UIKit
/// `UIBarButtonItem`) while subscriptions observe it: each action performs the control's own action
/// first (through `send`: `NSControl.sendAction(_:to:)`, or `UIApplication.sendAction(_:to:from:for:)`
/// on UIKit), then each subscription's handler. Installed with the first subscription and removed with the last; the control's own
/// target and action are restored unless something else replaced the forwarder meanwhile. Setting
/// the control's target or action while subscribed replaces the forwarder, so set them first.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@MainActor final class SingleActionForwarder: NSObject {
    /// Called for each action of the control.
    typealias Handler = @MainActor () -> Void

    /// The key of the forwarder associated with (and retained by) the control it serves.
    private static var associationKey: UInt8 = 0

    private weak var control: NSObject?
    private weak var originalTarget: AnyObject?
    private let originalAction: Selector?
    private let performOriginal: @MainActor (Selector, AnyObject?) -> Void
    private let restoreOriginal: @MainActor (_ forwarder: SingleActionForwarder) -> Void
    private var handlers: [(id: Int, handler: Handler)] = []
    private var nextID = 0

    private init(
        control: NSObject, originalTarget: AnyObject?, originalAction: Selector?,
        performOriginal: @escaping @MainActor (Selector, AnyObject?) -> Void,
        restoreOriginal: @escaping @MainActor (_ forwarder: SingleActionForwarder) -> Void
    ) {
        self.control = control
        self.originalTarget = originalTarget
        self.originalAction = originalAction
        self.performOriginal = performOriginal
        self.restoreOriginal = restoreOriginal
    }

    /// Adds `handler` to the forwarder of `control`, installing one first if the control has none,
    /// and returns how to remove it.
    ///
    /// - Parameters:
    ///   - target: The control's target (`\.target` of `NSControl` or `UIBarButtonItem`).
    ///   - action: The control's action (`\.action` of `NSControl` or `UIBarButtonItem`).
    ///   - send: Sends an action to a target from the control (`NSControl.sendAction(_:to:)`, or
    ///     `UIApplication.shared.sendAction(_:to:from:for:)` for a bar button item).
    static func add<Control: NSObject>(
        _ handler: @escaping Handler, to control: Control,
        target: ReferenceWritableKeyPath<Control, AnyObject?>, action: ReferenceWritableKeyPath<Control, Selector?>,
        send: @escaping @MainActor (Control, Selector, AnyObject?) -> Void
    ) -> @MainActor () -> Void {
        let forwarder: SingleActionForwarder
        if let installed = objc_getAssociatedObject(control, &associationKey) as? SingleActionForwarder,
            control[keyPath: target] === installed, control[keyPath: action] == #selector(forward(_:))
        {
            forwarder = installed
        } else {
            forwarder = SingleActionForwarder(
                control: control, originalTarget: control[keyPath: target], originalAction: control[keyPath: action],
                performOriginal: { [weak control] selector, originalTarget in
                    if let control { send(control, selector, originalTarget) }
                },
                restoreOriginal: { [weak control] forwarder in
                    guard let control, control[keyPath: target] === forwarder,
                        control[keyPath: action] == #selector(forward(_:))
                    else { return }
                    control[keyPath: target] = forwarder.originalTarget
                    control[keyPath: action] = forwarder.originalAction
                })
            control[keyPath: target] = forwarder
            control[keyPath: action] = #selector(forward(_:))
            objc_setAssociatedObject(control, &associationKey, forwarder, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        let id = forwarder.nextID
        forwarder.nextID += 1
        forwarder.handlers.append((id, handler))
        return { forwarder.remove(id) }
    }

    @objc private func forward(_: Any?) {
        if let originalAction { performOriginal(originalAction, originalTarget) }
        // A copy: a handler may remove itself (its subscriber cancels) while this runs.
        for (_, handler) in handlers { handler() }
    }

    private func remove(_ id: Int) {
        handlers.removeAll { $0.id == id }
        guard handlers.isEmpty else { return }
        restoreOriginal(self)
        if let control, objc_getAssociatedObject(control, &Self.associationKey) as? SingleActionForwarder === self {
            objc_setAssociatedObject(control, &Self.associationKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }
}
#endif

// MARK: - Delegate proxies

/// The consumers of one declaration on a shared delegate proxy: what each subscription or
/// iteration does with the proxy's calls (its `send`, `finish` and `fail`). Safe from any thread.
/// The proxy calls the consumers of the moment, oldest first; a consumer that starts or ends while
/// they are called takes part from the next call on.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class DelegateConsumers<Handlers>: @unchecked Sendable {
    private nonisolated struct Entry {
        let id: Int
        let handlers: Handlers
    }

    /// The proxy's methods the declaration observes, as ``DelegateProxyState`` numbers them.
    let methods: [Int]
    private let lock = GeneratedPublisherLock()
    // Guarded by `lock`; unchecked by the runtime for the reason given in ``PushSubscription``.
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var nextID = 0

    init(observing methods: [Int]) {
        self.methods = methods
    }

    /// Adds a consumer and returns its identity, for ``remove(_:)``.
    func add(_ handlers: Handlers) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        entries.append(Entry(id: nextID, handlers: handlers))
        return nextID
    }

    /// Removes the consumer `id`, and says whether it was there; removing it again does nothing.
    @discardableResult
    func remove(_ id: Int) -> Bool {
        lock.lock()
        // Released after unlocking: the handlers hold the consumer's subscription.
        var removed: [Entry] = []
        if let index = entries.firstIndex(where: { $0.id == id }) { removed.append(entries.remove(at: index)) }
        lock.unlock()
        return withExtendedLifetime(removed) { !removed.isEmpty }
    }

    /// Calls `body` with each consumer's handlers, outside the lock, so a handler may start or end
    /// consumers. Allocates nothing: the list is shared with the stored one until either changes.
    @inline(__always)
    func forEach(_ body: (Handlers) -> Void) {
        lock.lock()
        let current = entries
        lock.unlock()
        for entry in current { body(entry.handlers) }
    }
}

/// What a Swift-native delegate says when its owner asks which optional methods it implements,
/// as `responds(to:)` says it for an Objective-C one. A generated proxy of `runtime: native`
/// conforms; an owner that, like UIKit, reads the answers when its delegate is set asks through it.
/// `method` is the method's name with its labels, `tableView(_:didSelectRowAt:)`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated protocol DelegateMethodResponding: AnyObject {
    func responds(toMethod method: String) -> Bool
}

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

/// One delegate proxy per owner object, shared by every consumer of every declaration on the
/// owner's delegate property: the first consumer makes and installs it, the last uninstalls it.
/// Holds each proxy strongly while it has consumers, since owners hold delegates weakly. Safe from
/// any thread; installing and uninstalling run under its lock, so they never overlap for one
/// owner (the owner's delegate setter must not start or end consumers of the same proxy type).
///
/// Owners are told apart by `ObjectIdentifier`: a consumer keeps its owner alive until it ends,
/// so no identifier is reused while its entry exists.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class DelegateProxyTable<Proxy: AnyObject>: @unchecked Sendable {
    private nonisolated struct Entry {
        let proxy: Proxy
        var consumers: Int
    }

    private let lock = GeneratedPublisherLock()
    // Guarded by `lock`; unchecked by the runtime for the reason given in ``PushSubscription``.
    @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]

    init() {}

    /// Calls `body` with the proxy installed on `owner` while consumers observe it, `nil` otherwise;
    /// under the lock, so no consumer installs or uninstalls it meanwhile.
    func withProxy(of owner: AnyObject, _ body: (Proxy?) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(entries[ObjectIdentifier(owner)]?.proxy)
    }

    /// Counts a consumer of `owner`'s proxy, making the proxy for the first one, and adds the
    /// consumer with `add` before the first one installs the proxy, so that no call the owner makes
    /// once the proxy is its delegate misses the consumer. Returns the proxy and what `add`
    /// returned.
    func join<Consumer>(
        _ owner: AnyObject, make: () -> Proxy, add: (Proxy) -> Consumer, install: (Proxy) -> Void
    ) -> (proxy: Proxy, consumer: Consumer) {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(owner)
        if let entry = entries[key] {
            entries[key] = Entry(proxy: entry.proxy, consumers: entry.consumers + 1)
            return (entry.proxy, add(entry.proxy))
        }
        let proxy = make()
        let consumer = add(proxy)
        install(proxy)
        entries[key] = Entry(proxy: proxy, consumers: 1)
        return (proxy, consumer)
    }

    /// Counts a consumer of `owner`'s proxy out; the last one uninstalls the proxy, exactly once.
    func leave(_ owner: AnyObject, uninstall: (Proxy) -> Void) {
        lock.lock()
        let key = ObjectIdentifier(owner)
        guard let entry = entries[key] else { return lock.unlock() }
        guard entry.consumers == 1 else {
            entries[key] = Entry(proxy: entry.proxy, consumers: entry.consumers - 1)
            return lock.unlock()
        }
        entries[key] = nil
        uninstall(entry.proxy)
        lock.unlock()
        // The proxy, and what its consumers held, are released after unlocking.
        withExtendedLifetime(entry) {}
    }
}

/// How an Objective-C method returns its value, as far as returning zero is concerned: what
/// `DelegateCallSink` reads from a protocol's type encoding. Plain Swift, so Linux tests it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum DelegateCallReturnShape: Equatable {
    /// Nothing, an integer, a Boolean, a pointer or an object: zero in the first integer
    /// register. Also any structure not listed below, whose bits are then unspecified.
    case integer
    /// A `Float`, `Double` or `CGFloat`, or a structure of one.
    case floatingPoint
    /// A structure of two `CGFloat`s: `CGSize`, `CGPoint`, `CGVector`.
    case twoFloatingPoints
    /// A structure of four `CGFloat`s: `CGRect`, `UIEdgeInsets`, `NSDirectionalEdgeInsets`.
    case fourFloatingPoints
    /// A structure of two integers: `NSRange`.
    case twoIntegers

    /// The shape of what a method of Objective-C type encoding `encoding` returns: its first
    /// type, after any qualifier (`d32@0:8@16@24` returns a `double`).
    init(encoding: String) {
        let type = encoding.drop { "rnNoORV".contains($0) }
        switch type.first {
        case "f", "d": self = .floatingPoint
        case "{": self = Self(members: Self.scalarMembers(ofStructureAtStartOf: type))
        default: self = .integer
        }
    }

    private init(members: [Character]) {
        switch (members.count, Set(members)) {
        case (1, ["d"]): self = .floatingPoint
        case (2, ["d"]): self = .twoFloatingPoints
        case (4, ["d"]): self = .fourFloatingPoints
        case (2, let types) where types.isSubset(of: ["q", "Q", "l", "L"]): self = .twoIntegers
        default: self = .integer
        }
    }

    /// The scalar members of the structure `type` starts with, nested structures flattened:
    /// `{CGRect={CGPoint=dd}{CGSize=dd}}` has `dddd`. A structure's name, up to its `=`, is not a
    /// member.
    private static func scalarMembers(ofStructureAtStartOf type: Substring) -> [Character] {
        var members: [Character] = []
        var depth = 0
        var isInName = false
        for character in type {
            switch character {
            case "{":
                depth += 1
                isInName = true
            case "=": isInName = false
            case "}":
                depth -= 1
                if depth == 0 { return members }
            default:
                if !isInName { members.append(character) }
            }
        }
        return members
    }
}

#if canImport(ObjectiveC)
/// Where an Objective-C proxy sends a call that nobody can answer any more, so that it does nothing
/// and returns zero instead of raising "unrecognized selector". UIKit reads `responds(to:)` when a
/// delegate is set and later sends what was answered without asking again, so a method the app's
/// delegate implemented can arrive after that delegate is gone, or was replaced by one without it,
/// before the owner reads the proxy's new answers.
///
/// The runtime's documented rules make this possible in Swift: `forwardingTarget(for:)` may return
/// any object to receive the message, and when that object's class lacks the method, the runtime
/// first calls its `resolveInstanceMethod(_:)`, which may add one with `class_addMethod`. The
/// method added is a C function that returns zero in the registers the method's return type uses,
/// read from the protocol's type encoding: one class per way of returning.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum DelegateCallSink {
    /// An object that swallows `selector`, an instance method of `protocol`.
    static func target(for selector: Selector, in protocol: Protocol) -> AnyObject {
        let optional = protocol_getMethodDescription(`protocol`, selector, false, true).types
        let encoding = optional ?? protocol_getMethodDescription(`protocol`, selector, true, true).types
        // Through `OpaquePointer`: Linux's standard library, which checks this file against stub Apple
        // modules, lacks the Objective-C interop that converts the pointer directly.
        let shape = encoding.map {
            DelegateCallReturnShape(encoding: String(cString: UnsafePointer<CChar>(OpaquePointer($0))))
        }
        switch shape ?? .integer {
        case .integer: return IntegerSink.shared
        case .floatingPoint: return FloatingPointSink.shared
        case .twoFloatingPoints: return TwoFloatingPointsSink.shared
        case .fourFloatingPoints: return FourFloatingPointsSink.shared
        case .twoIntegers: return TwoIntegersSink.shared
        }
    }

    /// Swallows every message its class lacks with `implementation`, added on first use.
    private nonisolated class Sink: NSObject {
        nonisolated class var implementation: IMP { fatalError("every sink names its implementation") }

        override class func resolveInstanceMethod(_ selector: Selector!) -> Bool {
            // The types are not read: the method is only ever called, never forwarded or introspected.
            "v@:".withCString { _ = class_addMethod(self, selector, implementation, $0) }
            return true
        }
    }

    private nonisolated final class IntegerSink: Sink {
        nonisolated(unsafe) static let shared = IntegerSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> Int = { _, _ in 0 }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    private nonisolated final class FloatingPointSink: Sink {
        nonisolated(unsafe) static let shared = FloatingPointSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> Double = { _, _ in 0 }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    private nonisolated final class TwoFloatingPointsSink: Sink {
        nonisolated(unsafe) static let shared = TwoFloatingPointsSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> CGSize = { _, _ in CGSize() }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    private nonisolated final class FourFloatingPointsSink: Sink {
        nonisolated(unsafe) static let shared = FourFloatingPointsSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> CGRect = { _, _ in CGRect() }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    private nonisolated final class TwoIntegersSink: Sink {
        nonisolated(unsafe) static let shared = TwoIntegersSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> NSRange = { _, _ in NSRange() }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }
}
#endif
