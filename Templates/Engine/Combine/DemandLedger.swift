//
// The Combine engines of the publishers generated into this module: a demand ledger, the queue
// of values paid for with demand, and the push and pull subscriptions. They build on
// GeneratedPublisherSupport.swift. Emitted once per module whose schemas emit the Combine form.

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Demand

/// Outstanding demand: what the subscriber asked for and has not yet received.
///
/// Demand adds up; an addition past `Int.max` becomes `.unlimited`; `.unlimited` never decreases;
/// nothing is ever taken below zero.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct DemandLedger: Equatable {
    private(set) var outstanding: Subscribers.Demand = .none

    /// Adds `demand`; `.none` is a no-op.
    mutating func grant(_ demand: Subscribers.Demand) {
        guard let current = outstanding.max else { return }
        guard let added = demand.max else {
            outstanding = .unlimited
            return
        }
        let (sum, overflow) = current.addingReportingOverflow(added)
        outstanding = overflow ? .unlimited : .max(sum)
    }

    /// Takes one unit of demand for a value about to be delivered; `false` when there is none.
    mutating func consumeOne() -> Bool {
        guard let current = outstanding.max else { return true }
        guard current > 0 else { return false }
        outstanding = .max(current - 1)
        return true
    }

    var hasDemand: Bool { outstanding != .none }
}
