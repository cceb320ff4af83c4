import Foundation

/// A thread-safe listener API: listeners get readings until removed; a failure ends them all.
public nonisolated final class Thermometer: @unchecked Sendable {
    public nonisolated enum Failure: Error, Equatable {
        case disconnected
    }

    private nonisolated struct Listener {
        let reading: @Sendable (Double) -> Void
        let failed: @Sendable (Failure) -> Void
    }

    private let lock = NSLock()
    private var listeners: [Int: Listener] = [:]
    private var nextID = 0
    private var removals = 0

    public init() {}

    public func addListener(
        _ reading: @escaping @Sendable (Double) -> Void, failed: @escaping @Sendable (Failure) -> Void
    ) -> Int {
        lock.withLock {
            nextID += 1
            listeners[nextID] = Listener(reading: reading, failed: failed)
            return nextID
        }
    }

    public func removeListener(_ id: Int) {
        lock.withLock {
            removals += 1
            listeners[id] = nil
        }
    }

    /// Listeners registered and not yet removed.
    public var listenerCount: Int { lock.withLock { listeners.count } }
    /// How many times `removeListener` was called.
    public var removalCount: Int { lock.withLock { removals } }

    public func report(_ degrees: Double) {
        for listener in lock.withLock({ Array(listeners.values) }) { listener.reading(degrees) }
    }

    public func disconnect() {
        for listener in lock.withLock({ Array(listeners.values) }) { listener.failed(.disconnected) }
    }
}

/// Pages of a listing, one per call; `nil` after the last; throws once expired.
public nonisolated final class PageCursor {
    public nonisolated enum Failure: Error, Equatable {
        case expired
    }

    private var remaining: [[String]]
    private let expiresAfter: Int?
    public private(set) var requestCount = 0

    public init(pages: [[String]] = [["a", "b"], ["c"]], expiresAfter: Int? = nil) {
        self.remaining = pages
        self.expiresAfter = expiresAfter
    }

    public func nextPage() throws(Failure) -> [String]? {
        requestCount += 1
        if let expiresAfter, requestCount > expiresAfter { throw .expired }
        return remaining.isEmpty ? nil : remaining.removeFirst()
    }
}

/// A Swift-native target/action control that holds its targets weakly.
public nonisolated final class Stepper {
    public nonisolated struct Event: Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let valueChanged = Event(rawValue: 1)
    }

    private nonisolated struct Registration {
        weak var target: AnyObject?
        let action: (Any) -> Void
        let event: Event
    }

    private var registrations: [Registration] = []
    public private(set) var value = 0

    public init() {}

    /// Targets registered and still alive.
    public var liveTargetCount: Int { registrations.filter { $0.target != nil }.count }

    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> (Any) -> Void, for event: Event
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

    public func step(to value: Int) {
        self.value = value
        for registration in registrations where registration.event == .valueChanged {
            registration.action(self)
        }
    }
}
