// MARK: - Owners' lifetimes

/// Finishes a stream when the object it observes (its owner: a target/action sender, an observed
/// model) is deallocated, as RxCocoa's `take(until: deallocated)` does, so that a subscription
/// stored in the owner, or a `for await` loop over it, ends with it instead of keeping it alive or
/// waiting for ever.
///
/// The end is found at once, from the thread that releases the owner, through
/// ``DelegateLifetime``: with the Objective-C runtime an object associated with the owner is
/// released after the owner's `deinit`; without it (Linux), a Swift-native owner that conforms to
/// ``LifetimeAnchoring`` keeps it in a stored property. Any other owner is found gone only at the
/// stream's next event or read. The watch costs nothing per event: it is made when the stream
/// attaches and removed when it detaches.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class OwnerLifetime: @unchecked Sendable {
    /// Calls `ended` (the stream's `finish`) once `owner` is deallocated. Holds `owner` not at all.
    init(watching owner: AnyObject, ended: @escaping () -> Void) {
        DelegateLifetime.watch(owner, key: key, ended: ended)
    }

    /// Stops watching `owner`, when the stream detaches while the owner lives (a detach after the
    /// owner is gone has nothing to remove: its weak reference is `nil`). The stream has ended
    /// then, so the `ended` that removing the watch calls is ignored.
    func stopWatching(_ owner: AnyObject?) {
        guard let owner else { return }
        DelegateLifetime.unwatch(owner, key: key)
    }

    /// Whether `owner`'s deallocation is found at once: always with the Objective-C runtime;
    /// without it, when `owner` conforms to ``LifetimeAnchoring``. The generated tests check the
    /// end with the owner only then.
    static func watches(_ owner: AnyObject) -> Bool {
        #if canImport(ObjectiveC)
        return true
        #else
        return owner is any LifetimeAnchoring
        #endif
    }

    /// This watch's key on the owner: its own address, unique while the watch lives.
    private var key: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }
}
