import Dispatch

/// A `@MainActor` Swift-native sender with UIControl's shape: targets are held weakly, one action
/// per target and event, `removeTarget` forgets the target for that event. It records every add
/// and remove with the thread it ran on, and calls `onAddTarget` / `onRemoveTarget` as they happen,
/// so that tests can wait for a hop to the main thread without sleeping.
@MainActor public class MainActorButton {
    public nonisolated struct Event: Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let tap = Event(rawValue: 1)
        public static let levelChanged = Event(rawValue: 2)
    }

    private struct Registration {
        weak var target: AnyObject?
        let action: @MainActor (Any) -> Void
        let event: Event
    }

    private var registrations: [Registration] = []
    fileprivate nonisolated let lifetimeAnchors = LifetimeAnchors()
    public private(set) var addTargetCount = 0
    public private(set) var removeTargetCount = 0
    /// Adds and removes that ran off the main queue (the main actor's executor); the generated
    /// code must keep this at zero.
    public private(set) var callsOffMainActor = 0
    public var onAddTarget: () -> Void = {}
    public var onRemoveTarget: () -> Void = {}
    public var level = 0
    /// What the button keeps of its own, as a custom control keeps its subscriptions to its own
    /// events (`AnyCancellable`s): it must still be deallocated when nothing else holds it.
    public var subscriptions: [Any] = []

    public init() {}

    private nonisolated static let mainQueueKey: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// Checked at run time, not by the compiler, so that it also holds in Swift 5 mode.
    private nonisolated static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) != nil }

    /// Targets registered and still alive.
    public var liveTargetCount: Int { registrations.filter { $0.target != nil }.count }

    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping @MainActor (Target) -> (Any) -> Void, for event: Event
    ) {
        if !Self.isOnMainQueue { callsOffMainActor += 1 }
        addTargetCount += 1
        registrations.append(
            Registration(
                target: target,
                action: { [weak target] sender in
                    if let target { action(target)(sender) }
                }, event: event))
        onAddTarget()
    }

    public func removeTarget(_ target: AnyObject, for event: Event) {
        if !Self.isOnMainQueue { callsOffMainActor += 1 }
        removeTargetCount += 1
        registrations.removeAll { $0.target === target && $0.event == event }
        onRemoveTarget()
    }

    /// Performs the actions registered for `event`, as a tap or a change would.
    public func sendActions(for event: Event) {
        for registration in registrations where registration.event == event && registration.target != nil {
            registration.action(self)
        }
    }
}

/// A main-actor subclass with a member of its own, whose factories send itself (`output: Self`).
@MainActor public final class MainActorSwitch: MainActorButton {
    public var isOn = false
}

/// Keeps the watchers of its deallocation, so that its streams finish when it goes (Linux has no
/// associated objects).
nonisolated extension MainActorButton: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}
