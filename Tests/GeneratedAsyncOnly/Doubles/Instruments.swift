import Foundation

/// A thermometer with a registration API for readings (which can fail) and one for alarms. It is
/// thread-safe: generated tests count its registrations while a consumer's task registers.
public nonisolated final class Thermometer: @unchecked Sendable {
    public nonisolated enum Failure: Error, Equatable, Sendable {
        case disconnected
    }

    private nonisolated struct Observer {
        let send: @Sendable (Double) -> Void
        let finish: @Sendable () -> Void
        let fail: @Sendable (Failure) -> Void
    }

    private let lock = NSLock()
    private var observers: [Int: Observer] = [:]
    private var alarmHandlers: [Int: @Sendable (String) -> Void] = [:]
    private var nextToken = 0

    public init() {}

    public var observerCount: Int { lock.withLock { observers.count } }
    public var alarmHandlerCount: Int { lock.withLock { alarmHandlers.count } }

    public func addObserver(
        send: @escaping @Sendable (Double) -> Void, finish: @escaping @Sendable () -> Void,
        fail: @escaping @Sendable (Failure) -> Void
    ) -> Int {
        lock.withLock {
            nextToken += 1
            observers[nextToken] = Observer(send: send, finish: finish, fail: fail)
            return nextToken
        }
    }

    public func removeObserver(_ token: Int) {
        _ = lock.withLock { observers.removeValue(forKey: token) }
    }

    public func addAlarmHandler(_ handler: @escaping @Sendable (String) -> Void) -> Int {
        lock.withLock {
            nextToken += 1
            alarmHandlers[nextToken] = handler
            return nextToken
        }
    }

    public func removeAlarmHandler(_ token: Int) {
        _ = lock.withLock { alarmHandlers.removeValue(forKey: token) }
    }

    /// Plays the thermometer by hand: reports `temperature` to every observer.
    public func report(_ temperature: Double) {
        for observer in lock.withLock({ Array(observers.values) }) { observer.send(temperature) }
    }

    public func finish() {
        for observer in lock.withLock({ Array(observers.values) }) { observer.finish() }
    }

    public func raise(_ alarm: String) {
        for handler in lock.withLock({ Array(alarmHandlers.values) }) { handler(alarm) }
    }
}

/// Counts down from `start` to 1, then returns `nil`.
public nonisolated final class Countdown {
    private var current: Int

    public init(start: Int) {
        current = start
    }

    public func next() throws -> Int? {
        guard current > 0 else { return nil }
        defer { current -= 1 }
        return current
    }
}

/// A Swift-native target/action sender: targets are held weakly, one action per target and event.
/// It is thread-safe: generated tests count its targets while a consumer's task adds one.
public nonisolated final class Knob: @unchecked Sendable {
    public nonisolated struct Event: Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let turned = Event(rawValue: 1)
    }

    private nonisolated struct Registration {
        weak var target: AnyObject?
        let action: (Any) -> Void
        let event: Event
    }

    private let lock = NSLock()
    private var registrations: [Registration] = []
    private var currentPosition = 0

    public init() {}

    public var position: Int { lock.withLock { currentPosition } }

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
        lock.withLock { registrations.append(registration) }
    }

    public func removeTarget(_ target: AnyObject, for event: Event) {
        lock.withLock { registrations.removeAll { $0.target === target && $0.event == event } }
    }

    /// Plays the knob by hand: turns it to `position` and performs the actions for `.turned`.
    public func turn(to position: Int) {
        let actions = lock.withLock {
            currentPosition = position
            return registrations.filter { $0.event == .turned && $0.target != nil }.map(\.action)
        }
        for action in actions { action(self) }
    }
}
