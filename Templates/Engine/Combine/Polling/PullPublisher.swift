#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Pull publishers

/// The publisher of a polling declaration (its `<Name>Publisher` is a typealias of this type, with
/// the declaration's tag as `Source`): asks its source for the next value only while the subscriber
/// has outstanding demand; `nil` finishes the stream, and a failure fails it (`PullSubscription`).
///
/// How a subscription starts is a closure made in the initializer, which the declaration's
/// factory calls with the schema's types in the module: there the optimizer knows the output, so
/// the subscription's code, which runs for every value, is specialized, though Combine calls
/// `receive(subscriber:)` generically. The closure captures nothing, so it costs no allocation.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public nonisolated struct PullPublisher<Output, Failure: Error, Source: DeclaredSource>: Publisher {
    typealias Next = PullSubscription<Output, Failure>.Next

    /// `next`, writing a `Result`: no typed-throws function type is stored (it would need the
    /// Swift 6 runtime on Apple platforms).
    private let next: Next
    private let start: (SubscriberBox<Output, Failure>, @escaping Next) -> Void

    /// Creates the publisher from a plain closure, e.g. to drive it by hand in tests.
    ///
    /// - Parameter next: Returns the next value, or `nil` at the end; an error it throws fails the
    ///   stream.
    public init(next: @escaping () throws(Failure) -> Output?) {
        self.init(pulling: { (result: inout Result<Output?, Failure>) in
            do throws(Failure) {
                result = .success(try next())
            } catch {
                result = .failure(error)
            }
        })
    }

    /// Creates the publisher from a function that writes the next value or the failure.
    init(pulling next: @escaping (inout Result<Output?, Failure>) -> Void) {
        self.next = next
        start = { downstream, next in
            PullSubscription(name: Source.name, downstream: downstream, next: next).begin()
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        start(.wrapping(subscriber), next)
    }
}
