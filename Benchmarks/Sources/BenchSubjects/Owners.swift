#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A registration API that keeps the last observer, so a benchmark can call it directly.
public final class EventHub: @unchecked Sendable {
    public private(set) var observer: (@Sendable (Int) -> Void)?
    /// A value `add` sends to the new observer before returning, if set. The async benchmarks set
    /// it so that a sequence's first `next()`, which registers, returns on the same task instead of
    /// waiting for a sender on another thread (see AsyncContestants.swift).
    public var primer: Int?

    public init() {}

    public func add(_ observer: @escaping @Sendable (Int) -> Void) -> Int {
        self.observer = observer
        if let primer { observer(primer) }
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

/// The callback publishers declared with each `whenNoDemand` policy that keeps values, by name.
public enum NoDemandPolicyContestant: String, CaseIterable, Sendable {
    case latest
    case dropOldest
    case dropNewest

    /// The buffer size the schema declares for `dropOldest` and `dropNewest`.
    public static let capacity = 16

    /// `latest`, `buffer 16 dropOldest` or `buffer 16 dropNewest` (no braces: benchmark names are
    /// matched as regular expressions by `--filter`).
    public var name: String {
        switch self {
        case .latest: "latest"
        case .dropOldest: "buffer 16 dropOldest"
        case .dropNewest: "buffer 16 dropNewest"
        }
    }

    /// Subscribes `subscriber` to the publisher of this policy on `hub`.
    public func subscribe<S: Subscriber>(_ subscriber: S, on hub: EventHub) where S.Input == Int, S.Failure == Never {
        switch self {
        case .latest: hub.latestEventsPublisher().subscribe(subscriber)
        case .dropOldest: hub.oldestDroppingEventsPublisher().subscribe(subscriber)
        case .dropNewest: hub.newestDroppingEventsPublisher().subscribe(subscriber)
        }
    }
}

/// A Swift-native delegate protocol with one method, as cheap as a delegate call can be.
public protocol BenchDelegate: AnyObject {
    func owner(_ owner: BenchDelegateOwner, didSend value: Int)
}

/// A nonisolated delegate owner, shaped like the Apple classes it stands for: it holds its
/// delegate weakly and calls it for each value.
public final class BenchDelegateOwner {
    public weak var delegate: (any BenchDelegate)?

    public init() {}

    /// Calls the delegate with `value`, as the real class would on an event.
    public func fire(_ value: Int) {
        delegate?.owner(self, didSend: value)
    }
}

/// The usual hand-written delegate proxy (CombineCocoa-style): an object conforming to the protocol
/// whose method sends each value to a `PassthroughSubject`. It neither forwards to the app's own
/// delegate nor is shared between subscribers: the baseline the generated proxy is measured against.
public final class PassthroughDelegateProxy: BenchDelegate {
    public let subject = PassthroughSubject<Int, Never>()

    public init() {}

    public func owner(_ owner: BenchDelegateOwner, didSend value: Int) {
        subject.send(value)
    }
}

/// A delegate that only hands each value to the subscriber: what the owner double itself costs per
/// call, apart from any proxy or publisher.
public final class CountingDelegate<S: Subscriber>: BenchDelegate where S.Input == Int {
    private let subscriber: S

    public init(_ subscriber: S) {
        self.subscriber = subscriber
    }

    public func owner(_ owner: BenchDelegateOwner, didSend value: Int) {
        _ = subscriber.receive(value)
    }
}
