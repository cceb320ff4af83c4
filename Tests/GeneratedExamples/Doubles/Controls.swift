/// A Swift-native `@MainActor` sender shaped like UIControl (`sender: native`, `isolation:
/// mainActor`): targets are held weakly, one action per target and event, and `removeTarget`
/// forgets the target for that event.
@MainActor open class Control {
    public nonisolated struct Event: Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let primaryActionTriggered = Event(rawValue: 1)
        public static let valueChanged = Event(rawValue: 2)
        public static let editingChanged = Event(rawValue: 3)
    }

    private struct Registration {
        weak var target: AnyObject?
        let action: @MainActor (Any) -> Void
        let event: Event
    }

    private var registrations: [Registration] = []
    fileprivate nonisolated let lifetimeAnchors = LifetimeAnchors()

    public init() {}

    /// Targets currently registered and still alive.
    public var liveTargetCount: Int { registrations.filter { $0.target != nil }.count }

    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping @MainActor (Target) -> (Any) -> Void, for event: Event
    ) {
        registrations.append(
            Registration(
                target: target,
                action: { [weak target] sender in
                    if let target { action(target)(sender) }
                }, event: event))
    }

    public func removeTarget(_ target: AnyObject, for event: Event) {
        registrations.removeAll { $0.target === target && $0.event == event }
    }

    /// Plays the sender by hand: performs the actions registered for `event`.
    public func sendActions(for event: Event) {
        for registration in registrations where registration.event == event && registration.target != nil {
            registration.action(self)
        }
    }
}

public final class Toggle: Control {
    public var isOn = false
}

public final class Slider: Control {
    public var value: Float = 0
}

/// Shaped like `UITextField`: a control with a delegate (Delegates.swift).
public final class TextField: Control {
    public var text: String?
    public weak var delegate: (any TextFieldDelegate)?

    /// Plays the user pressing Return, and returns whether the field ends editing: what its
    /// delegate answers, `true` without one (as UIKit does).
    public func pressReturn() -> Bool {
        delegate?.textFieldShouldReturn(self) ?? true
    }
}

/// A Swift-native `@MainActor` sender shaped like UIGestureRecognizer (`sender: nativeGesture`):
/// targets are added with `addTarget(_:action:)`, for no event, and held weakly. Not final, as
/// UIGestureRecognizer is not: ``DoubleTapGesture`` is a subclass.
@MainActor public class TapGesture {
    private struct Registration {
        weak var target: AnyObject?
        let action: @MainActor (Any) -> Void
    }

    private var registrations: [Registration] = []
    fileprivate nonisolated let lifetimeAnchors = LifetimeAnchors()

    public init() {}

    /// Targets currently registered and still alive.
    public var liveTargetCount: Int { registrations.filter { $0.target != nil }.count }

    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> (Any) -> Void) {
        registrations.append(
            Registration(
                target: target,
                action: { [weak target] sender in
                    if let target { action(target)(sender) }
                }))
    }

    public func removeTarget(_ target: AnyObject) {
        registrations.removeAll { $0.target === target }
    }

    /// Plays a recognized tap: performs every target's action.
    public func recognize() {
        for registration in registrations where registration.target != nil { registration.action(self) }
    }
}

/// A subclass with a member of its own, as UITapGestureRecognizer is of UIGestureRecognizer:
/// `DoubleTapGesture().gestureTapsPublisher()` sends `DoubleTapGesture`s.
@MainActor public final class DoubleTapGesture: TapGesture {
    public let numberOfTapsRequired = 2
}

/// Main-actor state with a registration API, as a UIKit object under key-value observation:
/// `addOffsetObserver` returns a token that `removeOffsetObserver` takes back, and every change of
/// `contentOffset` calls the observers.
@MainActor public final class ScrollView {
    private var observers: [(id: Int, handler: (Double) -> Void)] = []
    private var nextID = 0

    public init() {}

    /// Called inside `addOffsetObserver`, after the observer is added: lets a test change the
    /// offset while a subscription registers.
    public var onAddObserver: (() -> Void)?

    public var contentOffset: Double = 0 {
        didSet { for observer in observers { observer.handler(contentOffset) } }
    }

    public var observerCount: Int { observers.count }

    public func addOffsetObserver(_ handler: @escaping (Double) -> Void) -> Int {
        nextID += 1
        observers.append((nextID, handler))
        onAddObserver?()
        return nextID
    }

    public func removeOffsetObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }
}

/// Keeps the watchers of its deallocation, so that its streams finish when it goes (Linux has no
/// associated objects).
nonisolated extension Control: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}

/// Keeps the watchers of its deallocation, so that its streams finish when it goes (Linux has no
/// associated objects).
nonisolated extension TapGesture: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}
