import Dispatch

#if canImport(ObjectiveC)
import Foundation
#endif

/// What a Swift-native object keeps for whoever watches its deallocation (a proxy its app's
/// delegate, a stream its owner: ``OwnerLifetime``), where there is no Objective-C runtime to
/// associate an object with it: a stored dictionary, whose values are released with the object's
/// other properties. Optional: without it a proxy finds the delegate gone at the next call, and a
/// stream its owner gone at the next event or read, instead.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated protocol LifetimeAnchoring: AnyObject {
    /// Keeps `watcher` (releases the one kept, for `nil`) under `key` until the object is deallocated.
    func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer)
}

/// Tells a proxy at once when the app's delegate it forwards to is deallocated, so that the owner
/// reads the proxy's answers again before it sends a call it cached for that delegate.
///
/// With the Objective-C runtime, a watcher is associated with the delegate: the runtime releases
/// associated objects in `objc_destructInstance`, after the delegate's `deinit` and after its
/// stored properties are destroyed (objc4's `objc-runtime-new.mm`), so the watch fires after
/// everything the delegate's teardown does, including calls made while its views are released,
/// and before the delegate's memory is freed. Calls made during that teardown find the delegate's
/// weak reference already `nil` (it is cleared when deallocation starts) and reach the sink
/// (`DelegateCallSink`) or the declared answer.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum DelegateLifetime {
    /// Calls `ended` when `object` is deallocated, from the thread that releases it; a later
    /// watch with the same `key` replaces this one, and so does ``unwatch(_:key:)``, both of which
    /// call `ended` too (callers tell the two apart).
    static func watch(_ object: AnyObject, key: UnsafeRawPointer, ended: @escaping () -> Void) {
        #if canImport(ObjectiveC)
        objc_setAssociatedObject(object, key, Watcher(ended), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #else
        // Made only where it is kept: a watcher released at once would say the delegate is gone.
        guard let anchoring = object as? any LifetimeAnchoring else { return }
        anchoring.anchor(Watcher(ended), forKey: key)
        #endif
    }

    /// Stops watching `object` under `key`.
    static func unwatch(_ object: AnyObject, key: UnsafeRawPointer) {
        #if canImport(ObjectiveC)
        objc_setAssociatedObject(object, key, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #else
        (object as? any LifetimeAnchoring)?.anchor(nil, forKey: key)
        #endif
    }

    /// Whether this code runs on the main queue (the main thread outside other queues' blocks),
    /// where the owner can be made to read new answers at once.
    static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueue.key) == true }

    private static let mainQueue = MainQueueKey()

    /// The key the main queue is marked with; set once, never changed after.
    private nonisolated final class MainQueueKey: @unchecked Sendable {
        let key = DispatchSpecificKey<Bool>()

        init() {
            DispatchQueue.main.setSpecific(key: key, value: true)
        }
    }

    /// Calls its closure when released.
    private nonisolated final class Watcher {
        private let ended: () -> Void

        init(_ ended: @escaping () -> Void) {
            self.ended = ended
        }

        deinit { ended() }
    }
}
