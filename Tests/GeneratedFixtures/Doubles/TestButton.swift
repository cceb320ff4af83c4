/// A Swift-native target/action sender: targets are held weakly, one action per target and event,
/// `removeTarget` forgets the target for that event. It counts additions and removals.
public nonisolated final class TestButton {
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

    private var registrations: [Registration] = []
    public private(set) var addTargetCount = 0
    public private(set) var removeTargetCount = 0
    public var level = 0

    public init() {}

    /// Targets registered and still alive.
    public var liveTargetCount: Int { registrations.filter { $0.target != nil }.count }

    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> (Any) -> Void, for event: Event
    ) {
        addTargetCount += 1
        registrations.append(
            Registration(
                target: target,
                action: { [weak target] sender in
                    if let target { action(target)(sender) }
                }, event: event))
    }

    public func removeTarget(_ target: AnyObject, for event: Event) {
        removeTargetCount += 1
        registrations.removeAll { $0.target === target && $0.event == event }
    }

    /// Performs the actions registered for `event`, as a tap or a change would.
    public func sendActions(for event: Event) {
        for registration in registrations where registration.event == event && registration.target != nil {
            registration.action(self)
        }
    }
}
