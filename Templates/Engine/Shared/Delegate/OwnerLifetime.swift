// MARK: - Owners' lifetimes

/// Finishes a stream when the object it observes (its owner: a target/action sender, an observed
/// model, the object a delegate proxy is installed on: ``DelegateProxyTable``) is deallocated, as
/// RxCocoa's `take(until: deallocated)` does, so that a subscription stored in the owner, or a
/// `for await` loop over it, ends with it instead of keeping it alive or waiting for ever.
///
/// The end is found at once, from the thread that releases the owner, through
/// ``DelegateLifetime``: with the Objective-C runtime an object associated with the owner is
/// released after the owner's `deinit`; without it (Linux), a Swift-native owner that conforms to
/// ``LifetimeAnchoring`` keeps it in a stored property. Any other owner is found gone only at the
/// stream's next event or read. The watch costs nothing per event: it is made when the stream
/// attaches and removed when it detaches (a delegate proxy's: when its first consumer joins and
/// its last leaves).
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
    /// without it, when its type, as the caller knows it, conforms to ``LifetimeAnchoring`` (the
    /// overload below). Decided when the code is compiled, as ``OwnerHold`` decides, so that a
    /// stream costs no run-time conformance lookup. The generated tests check the end with the
    /// owner only then.
    static func watches<Owner: AnyObject>(_ owner: Owner) -> Bool {
        #if canImport(ObjectiveC)
        return true
        #else
        return false
        #endif
    }

    /// An owner that keeps the watch itself: its deallocation is found at once on every platform.
    static func watches<Owner: LifetimeAnchoring>(_ owner: Owner) -> Bool { true }

    /// This watch's key on the owner: its own address, unique while the watch lives.
    private var key: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }
}

/// How a stream holds its owner (a target/action sender, a delegate's owner): weakly when ``OwnerLifetime`` finds the
/// owner's deallocation at once (`OwnerLifetime.watches(_:)`, both overloads), strongly otherwise, decided from
/// the owner's type when the code is compiled (no conformance is looked up per stream).
///
/// A weak reference to a Swift-native object gives it a side table, after which every retain and
/// release of it takes the runtime's slow path: an event through a Swift-native sender would cost
/// some 10% more. A stream that cannot end with its owner gains nothing from holding it weakly, so
/// it holds it strongly and no weak reference to it is ever made. With the Objective-C runtime the
/// owner is always held weakly (a weak reference to an `NSObject` does not slow its retains).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct OwnerHold<Owner: AnyObject> {
    /// The owner, when held strongly.
    private let strongOwner: Owner?
    /// The owner, when held weakly. In a box, so that a hold is two references, copied without
    /// the value witnesses and metadata lookups a `weak` stored property would cost each stream.
    private let weakOwner: WeakOwner?

    /// Holds `owner` weakly with the Objective-C runtime, strongly without it (the owner's type
    /// does not conform to ``LifetimeAnchoring``: a subclass that does is held strongly too, as
    /// `OwnerLifetime.watches(_:)` says of it).
    init(_ owner: Owner) {
        #if canImport(ObjectiveC)
        strongOwner = nil
        weakOwner = WeakOwner(owner)
        #else
        strongOwner = owner
        weakOwner = nil
        #endif
    }

    /// Holds `owner`, which keeps the watch of its deallocation itself, weakly.
    init(_ owner: Owner) where Owner: LifetimeAnchoring {
        strongOwner = nil
        weakOwner = WeakOwner(owner)
    }

    /// Whether the owner is held weakly: its deallocation can be watched (``watch(ended:)``).
    var isWeak: Bool { strongOwner == nil }

    /// The owner; `nil` once a weakly held owner is deallocated.
    var owner: Owner? { strongOwner ?? weakOwner?.owner }

    /// Watches a weakly held owner's deallocation, which calls `ended` (the stream's `finish`);
    /// `nil` for an owner held strongly, whose deallocation cannot come first.
    func watch(ended: @escaping () -> Void) -> OwnerLifetime? {
        guard strongOwner == nil, let owner = weakOwner?.owner else { return nil }
        return OwnerLifetime(watching: owner, ended: ended)
    }

    /// A weak reference to the owner, assigned once, when the hold is made, and only read after.
    private nonisolated final class WeakOwner: @unchecked Sendable {
        weak var owner: Owner?

        init(_ owner: Owner) {
            self.owner = owner
        }
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
