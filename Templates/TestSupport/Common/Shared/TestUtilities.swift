import Foundation

// MARK: - Helpers

/// Observes whether an object has been released.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object?) {
        self.object = object
    }
}

/// Hands values that tests only read to several threads, whatever their type.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct SharedForTest<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// What `make` returns, made on the main actor for a caller on the main thread: how an XCTest case,
/// whose synchronous tests run on the main thread but are not `@MainActor`, makes the samples of a
/// main-actor sender. Like `MainActor.assumeIsolated`, it stops the test off the main thread; unlike
/// it, the value need not be `Sendable` (`NSAttributedString` is not): it goes back to the thread
/// that made it. The checks hand it to other threads only as they do every value, in
/// `SharedForTest` or `ConcurrentProducers`, to be delivered and counted there, never inspected.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated func madeOnMainActor<Value>(_ make: @MainActor () -> Value) -> Value {
    MainActor.assumeIsolated { SharedForTest(make()) }.value
}

/// The failure generated tests send where a publisher fails with any `Error`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct GeneratedTestFailure: Error, Equatable {}

/// `==` of an `Equatable` type, as a function: what generated test cases pass as a check's
/// `valuesEqual`. A test case names it rather than `(==)`, which makes the compiler weigh every
/// `==` in scope; with this, each test case's build is a few milliseconds shorter.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated func equalValues<Value: Equatable>(_ first: Value, _ second: Value) -> Bool {
    first == second
}
