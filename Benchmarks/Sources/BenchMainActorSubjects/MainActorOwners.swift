/// `BenchButton` on the main actor (`isolation: mainActor`): the generated publisher adds and
/// removes its target there. `changeCount` counts adds and removes, so a driver can wait for the
/// hops to the main actor.
@MainActor public final class MainActorBenchButton {
    public struct Event: Hashable, Sendable {
        public let rawValue: Int
        public static let tap = Event(rawValue: 1)
    }

    private weak var target: AnyObject?
    private var action: (@MainActor (Any) -> Void)?
    public var level = 1
    public private(set) var changeCount = 0

    public init() {}

    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping @MainActor (Target) -> (Any) -> Void, for event: Event
    ) {
        self.target = target
        self.action = { [unowned target] sender in action(target)(sender) }
        changeCount += 1
    }

    public func removeTarget(_ target: AnyObject, for event: Event) {
        self.target = nil
        action = nil
        changeCount += 1
    }

    /// Performs the registered action, as a tap would.
    public func tap() {
        if target != nil { action?(self) }
    }
}
