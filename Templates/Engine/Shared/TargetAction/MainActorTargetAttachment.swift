import Dispatch

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
