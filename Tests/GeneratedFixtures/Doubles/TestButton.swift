import Foundation

/// A Swift-native target/action sender: targets are held weakly, one action per target and event,
/// `removeTarget` forgets the target for that event. It counts additions and removals. Its targets
/// are kept behind a lock: generated tests of sequences count them while a consumer's task adds one.
/// Not final, as UIControl is not: ``RoundButton`` is a subclass, whose factories send itself.
public nonisolated class TestButton {
    public nonisolated struct Event: Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let tap = Event(rawValue: 1)
        public static let levelChanged = Event(rawValue: 2)
    }

    private nonisolated struct Registration {
        weak var target: AnyObject?
        let action: (Any) -> Void
        let event: Event
    }

    private let lock = NSLock()
    fileprivate let lifetimeAnchors = LifetimeAnchors()
    private var registrations: [Registration] = []
    private var additions = 0
    private var removals = 0
    public var level = 0

    public init() {}

    public var addTargetCount: Int { lock.withLock { additions } }
    public var removeTargetCount: Int { lock.withLock { removals } }

    /// Targets registered and still alive.
    public var liveTargetCount: Int { lock.withLock { registrations.filter { $0.target != nil }.count } }

    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> (Any) -> Void, for event: Event
    ) {
        let registration = Registration(
            target: target,
            action: { [weak target] sender in
                if let target { action(target)(sender) }
            }, event: event)
        lock.withLock {
            additions += 1
            registrations.append(registration)
        }
    }

    public func removeTarget(_ target: AnyObject, for event: Event) {
        lock.withLock {
            removals += 1
            registrations.removeAll { $0.target === target && $0.event == event }
        }
    }

    /// Performs the actions registered for `event`, as a tap or a change would.
    public func sendActions(for event: Event) {
        let actions = lock.withLock {
            registrations.filter { $0.event == event && $0.target != nil }.map(\.action)
        }
        for action in actions { action(self) }
    }
}

/// A subclass with a member of its own: `RoundButton().tapsPublisher()` sends `RoundButton`s, so a
/// subscriber reads `cornerRadius` without a cast (`output: Self`).
public nonisolated final class RoundButton: TestButton {
    public let cornerRadius: Double

    public init(cornerRadius: Double = 8) {
        self.cornerRadius = cornerRadius
    }
}

/// Keeps the watchers of its deallocation, so that its streams finish when it goes (Linux has no
/// associated objects).
nonisolated extension TestButton: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}
