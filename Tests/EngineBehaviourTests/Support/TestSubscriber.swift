// The suites use the generated test support (GeneratedPublisherTestSupport.swift, compiled through
// the target's link TestSupport to Templates/TestSupport/Common), under the short name they were
// written with.

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The generated `PublisherTestSubscriber`.
typealias TestSubscriber = PublisherTestSubscriber

extension PublisherTestSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.subscription, .subscription): true
        case let (.value(left), .value(right)): left == right
        case let (.completion(left), .completion(right)): left == right
        default: false
        }
    }
}
