/// A registration API that keeps the last observer, so a benchmark can call it directly.
public final class EventHub: @unchecked Sendable {
    public private(set) var observer: (@Sendable (Int) -> Void)?

    public init() {}

    public func add(_ observer: @escaping @Sendable (Int) -> Void) -> Int {
        self.observer = observer
        return 1
    }

    public func remove(_ token: Int) {
        observer = nil
    }
}

/// A Swift-native target/action sender with one registration, as cheap as such a sender can be.
public final class BenchButton {
    public struct Event: Hashable, Sendable {
        public let rawValue: Int
        public static let tap = Event(rawValue: 1)
    }

    private weak var target: AnyObject?
    private var action: ((Any) -> Void)?
    public var level = 1

    public init() {}

    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> (Any) -> Void, for event: Event
    ) {
        self.target = target
        self.action = { [unowned target] sender in action(target)(sender) }
    }

    public func removeTarget(_ target: AnyObject, for event: Event) {
        self.target = nil
        action = nil
    }

    /// Performs the registered action, as a tap would.
    public func tap() {
        if target != nil { action?(self) }
    }
}

/// Counts up forever.
public final class NumberSource {
    private var current = 0

    public init() {}

    public func nextNumber() -> Int? {
        current &+= 1
        return current
    }
}
