import Foundation

/// What a double keeps for the generated runtime's `LifetimeAnchoring`, as an app's Swift-native
/// object would without the Objective-C runtime: the watchers of its deallocation, released with
/// its other stored properties, so that a stream it is the owner of finishes when it goes. Behind a
/// lock: a stream attaches and detaches from whichever thread subscribes, cancels or releases it.
public nonisolated final class LifetimeAnchors: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var watchers: [UnsafeRawPointer: AnyObject] = [:]

    public init() {}

    /// Keeps `watcher` under `key`, or releases the one kept for `nil`: after unlocking, since its
    /// release calls back into the stream.
    func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        let released = lock.withLock {
            if let watcher { return watchers.updateValue(watcher, forKey: key) }
            return watchers.removeValue(forKey: key)
        }
        withExtendedLifetime(released) {}
    }
}
