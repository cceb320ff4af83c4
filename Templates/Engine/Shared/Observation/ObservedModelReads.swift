import Dispatch

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
/// deallocated the stream finishes (``OwnerLifetime`` finds it at once; a pass that finds the
/// model gone finishes it too) and nothing more is sent. ``stop()`` ends everything at once: no
/// pass runs after it, and the registration left in the model (Observation cannot remove one)
/// reports to nothing.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class ObservedModelReads<Value>: @unchecked Sendable {
    /// Sends a value downstream.
    typealias Send = @Sendable (Value) -> Void
    /// Finishes the stream: the model is gone.
    typealias Finish = @Sendable () -> Void
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
    private let finish: Finish
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

    private init(sendsCurrentValue: Bool, send: @escaping Send, finish: @escaping Finish) {
        self.sendsCurrentValue = sendsCurrentValue
        self.send = send
        self.finish = finish
    }

    /// Starts reading a main-actor `model`, held weakly, and returns how to stop: the source
    /// attachment of an observed main-actor model. Without `sendsCurrentValue` the first pass only
    /// registers: the first value sent is one after a change. `track` registers tracking of the value
    /// (`withObservationTracking`) with `onChange` and returns the value read while registering.
    /// `finish` ends the stream once the model is deallocated.
    static func attach<Model: AnyObject>(
        onMainActor model: Model, sendsCurrentValue: Bool, send: @escaping Send, finish: @escaping Finish,
        track: @escaping @MainActor (_ model: Model, _ onChange: @escaping OnChange) -> Value
    ) -> () -> Void {
        let held = WeakModelReference(model)
        let reads = ObservedModelReads(sendsCurrentValue: sendsCurrentValue, send: send, finish: finish)
        let onChange = reads.makeOnChange()
        reads.mainActorTrack = { held.model.map { track($0, onChange) } }
        let lifetime = OwnerLifetime(watching: model, ended: finish)
        MainActorTargetAttachment.onMainActor { reads.passOnMainActor() }
        return {
            reads.stop()
            lifetime.stopWatching(held.model)
        }
    }

    /// Starts reading a nonisolated `Sendable` `model`, held weakly, and returns how to stop;
    /// the current value is read and sent before it returns. `track` registers tracking of the
    /// value with `onChange` (what it reads while registering is not sent); `read` reads the
    /// value sent, without tracking. `finish` ends the stream once the model is deallocated.
    static func attach<Model: AnyObject & Sendable>(
        anywhere model: Model, sendsCurrentValue: Bool, send: @escaping Send, finish: @escaping Finish,
        track: @escaping @Sendable (_ model: Model, _ onChange: @escaping OnChange) -> Value,
        read: @escaping @Sendable (_ model: Model) -> Value
    ) -> () -> Void {
        let reads = ObservedModelReads(sendsCurrentValue: sendsCurrentValue, send: send, finish: finish)
        let onChange = reads.makeOnChange()
        reads.track = { [weak model] in
            guard let model else { return false }
            _ = track(model, onChange)
            return true
        }
        reads.read = { [weak model] in model.map { read($0) } }
        let held = WeakModelReference(model)
        let lifetime = OwnerLifetime(watching: model, ended: finish)
        reads.passAnywhere()
        return {
            reads.stop()
            lifetime.stopWatching(held.model)
        }
    }

    /// A weak reference to a model: the main actor dereferences it to read a main-actor model; a
    /// stop, on any thread, only to stop watching it.
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
        guard let value = mainActorTrack.unsafelyUnwrapped() else { return modelDeallocated() }
        endPass(sending: value)
    }

    private func passAnywhere() {
        guard beginPass() else { return }
        guard track.unsafelyUnwrapped(), let value = read.unsafelyUnwrapped() else { return modelDeallocated() }
        endPass(sending: value)
    }

    /// The pass found the model gone: nothing more is read, and the stream finishes (if the watch
    /// of the model's lifetime has not finished it already).
    private func modelDeallocated() {
        stop()
        finish()
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
