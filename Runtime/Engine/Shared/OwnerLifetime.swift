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

/// How a stream holds its owner (a target/action sender): weakly when ``OwnerLifetime`` finds the
/// owner's deallocation at once (``OwnerLifetime/watches(_:)``), strongly otherwise, decided once,
/// when the stream is made.
///
/// A weak reference to a Swift-native object gives it a side table, after which every retain and
/// release of it takes the runtime's slow path: an event through a Swift-native sender would cost
/// some 25% more. A stream that cannot end with its owner gains nothing from holding it weakly, so
/// it holds it strongly and no weak reference to it is ever made. With the Objective-C runtime the
/// owner is always held weakly (a weak reference to an `NSObject` does not slow its retains).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct OwnerHold<Owner: AnyObject> {
    /// The owner, when held weakly; never assigned otherwise.
    private weak var weakOwner: Owner?
    /// The owner, when held strongly.
    private let strongOwner: Owner?

    /// Holds `owner` weakly when its deallocation is found at once, strongly otherwise.
    init(_ owner: Owner) {
        if OwnerLifetime.watches(owner) {
            strongOwner = nil
            weakOwner = owner
        } else {
            strongOwner = owner
        }
    }

    /// The owner; `nil` once a weakly held owner is deallocated.
    var owner: Owner? { strongOwner ?? weakOwner }

    /// Watches a weakly held owner's deallocation, which calls `ended` (the stream's `finish`);
    /// `nil` for an owner held strongly, whose deallocation cannot come first.
    func watch(ended: @escaping () -> Void) -> OwnerLifetime? {
        guard strongOwner == nil, let owner = weakOwner else { return nil }
        return OwnerLifetime(watching: owner, ended: ended)
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension OwnerHold: Sendable where Owner: Sendable {}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension Unmanaged {
    /// Calls `body` with the object, borrowed: no retain and release, for a caller that knows the
    /// object is alive (a target/action target reading its sender, which is calling it). Here, not
    /// at the call, so that a main-actor caller's closure reaches the standard library as this
    /// nonisolated function's parameter, without the run-time isolation check Swift 6 adds to a
    /// main-actor closure handed to it directly.
    @inline(__always)
    func withBorrowedObject<Result>(_ body: (Instance) -> Result) -> Result {
        _withUnsafeGuaranteedRef(body)
    }
}
