// Stub of Apple's Combine for type-checking Apple-only code on Linux: the protocols and types the
// engine, the goldens and the test support use, as Apple declares them (nonisolated; availability
// iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0 on every declaration). Nothing here runs.
// Sources: https://developer.apple.com/documentation/combine

/// `struct CombineIdentifier`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    public init() { fatalError() }
    public init(_ obj: AnyObject) { fatalError() }
    public var description: String { fatalError() }
}

/// `protocol CustomCombineIdentifierConvertible`; classes get `combineIdentifier` for free.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { fatalError() }
}

/// `protocol Cancellable`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Cancellable {
    func cancel()
}

/// `final class AnyCancellable`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public final class AnyCancellable: Cancellable, Hashable {
    public init(_ cancel: @escaping () -> Void) { fatalError() }
    public init<C: Cancellable>(_ canceller: C) { fatalError() }
    public func cancel() { fatalError() }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        fatalError()
    }
    public func store(in set: inout Set<AnyCancellable>) { fatalError() }
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { fatalError() }
    public func hash(into hasher: inout Hasher) { fatalError() }
}

/// `enum Subscribers`: the namespace of `Demand`, `Completion` and `Sink`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public enum Subscribers {}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Subscribers {
    /// `struct Demand`: `@frozen`, so `Sendable`.
    public struct Demand: Equatable, Comparable, Hashable, CustomStringConvertible, Sendable {
        public static let unlimited = Demand()
        public static let none = Demand()
        public static func max(_ value: Int) -> Demand { fatalError() }
        public var max: Int? { fatalError() }
        public var description: String { fatalError() }
        private init() { fatalError() }
        public static func + (lhs: Demand, rhs: Demand) -> Demand { fatalError() }
        public static func + (lhs: Demand, rhs: Int) -> Demand { fatalError() }
        public static func += (lhs: inout Demand, rhs: Demand) { fatalError() }
        public static func += (lhs: inout Demand, rhs: Int) { fatalError() }
        public static func - (lhs: Demand, rhs: Demand) -> Demand { fatalError() }
        public static func - (lhs: Demand, rhs: Int) -> Demand { fatalError() }
        public static func -= (lhs: inout Demand, rhs: Demand) { fatalError() }
        public static func -= (lhs: inout Demand, rhs: Int) { fatalError() }
        public static func * (lhs: Demand, rhs: Int) -> Demand { fatalError() }
        public static func < (lhs: Demand, rhs: Demand) -> Bool { fatalError() }
        public static func == (lhs: Demand, rhs: Int) -> Bool { fatalError() }
        public static func != (lhs: Demand, rhs: Int) -> Bool { fatalError() }
        public static func < (lhs: Demand, rhs: Int) -> Bool { fatalError() }
        public static func > (lhs: Demand, rhs: Int) -> Bool { fatalError() }
        public static func <= (lhs: Demand, rhs: Int) -> Bool { fatalError() }
        public static func >= (lhs: Demand, rhs: Int) -> Bool { fatalError() }
    }

    /// `enum Completion`: `@frozen`.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    /// `final class Sink`, what `sink` subscribes.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) { fatalError() }
        public func receive(subscription: any Subscription) { fatalError() }
        public func receive(_ value: Input) -> Subscribers.Demand { fatalError() }
        public func receive(completion: Subscribers.Completion<Failure>) { fatalError() }
        public func cancel() { fatalError() }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Subscribers.Completion: Equatable where Failure: Equatable {}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Subscribers.Completion: Hashable where Failure: Hashable {}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// `protocol Subscription`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    func request(_ demand: Subscribers.Demand)
}

/// `protocol Subscriber`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    func receive(subscription: any Subscription)
    func receive(_ input: Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Failure>)
}

/// `protocol Publisher`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    func receive<S: Subscriber>(subscriber: S) where Self.Failure == S.Failure, Self.Output == S.Input
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Publisher {
    public func subscribe<S: Subscriber>(_ subscriber: S) where Self.Failure == S.Failure, Self.Output == S.Input {
        fatalError()
    }
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable { fatalError() }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Publisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { fatalError() }
}

/// `protocol SchedulerTimeIntervalConvertible`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// `protocol Scheduler`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable
    where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions
    var now: SchedulerTimeType { get }
    var minimumTolerance: SchedulerTimeType.Stride { get }
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void)
    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable
}
