import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Virtual time

/// A scheduler whose clock moves only when a test says so, so periodic publishers can be checked
/// tick by tick at exact times. Drive it from one thread.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class VirtualTimeScheduler: Scheduler, @unchecked Sendable {
    /// A moment in virtual time, in seconds since the scheduler was made.
    nonisolated struct SchedulerTimeType: Strideable, Hashable {
        var seconds: Double

        func distance(to other: Self) -> Stride { Stride(other.seconds - seconds) }
        func advanced(by stride: Stride) -> Self { Self(seconds: seconds + stride.seconds) }

        /// A span of virtual time, in seconds.
        nonisolated struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable,
            ExpressibleByFloatLiteral
        {
            var seconds: Double

            init(_ seconds: Double) { self.seconds = seconds }
            init(floatLiteral value: Double) { seconds = value }
            init(integerLiteral value: Int) { seconds = Double(value) }
            init?<T: BinaryInteger>(exactly source: T) { seconds = Double(source) }

            var magnitude: Double { abs(seconds) }

            static func seconds(_ s: Int) -> Self { Self(Double(s)) }
            static func seconds(_ s: Double) -> Self { Self(s) }
            static func milliseconds(_ ms: Int) -> Self { Self(Double(ms) / 1e3) }
            static func microseconds(_ us: Int) -> Self { Self(Double(us) / 1e6) }
            static func nanoseconds(_ ns: Int) -> Self { Self(Double(ns) / 1e9) }

            static func < (lhs: Self, rhs: Self) -> Bool { lhs.seconds < rhs.seconds }
            static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.seconds + rhs.seconds) }
            static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.seconds - rhs.seconds) }
            static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.seconds * rhs.seconds) }
            static func += (lhs: inout Self, rhs: Self) { lhs.seconds += rhs.seconds }
            static func -= (lhs: inout Self, rhs: Self) { lhs.seconds -= rhs.seconds }
            static func *= (lhs: inout Self, rhs: Self) { lhs.seconds *= rhs.seconds }
        }
    }

    typealias SchedulerOptions = Never

    private nonisolated struct Job {
        let id: Int
        var due: SchedulerTimeType
        let interval: SchedulerTimeType.Stride?
        let action: () -> Void
    }

    private nonisolated final class JobCancellable: Cancellable {
        let cancelAction: () -> Void
        init(_ cancelAction: @escaping () -> Void) { self.cancelAction = cancelAction }
        func cancel() { cancelAction() }
    }

    private(set) var now = SchedulerTimeType(seconds: 0)
    private var jobs: [Job] = []
    private var nextID = 0

    var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Jobs waiting to run, repeating ones included.
    var pendingJobCount: Int { jobs.count }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        _ = add(due: now, interval: nil, action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        _ = add(due: date, interval: nil, action)
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        let id = add(due: date, interval: interval, action)
        return JobCancellable { [weak self] in self?.jobs.removeAll { $0.id == id } }
    }

    /// Moves the clock forward by `seconds`, running every job that falls due, in time order, each
    /// at its own due time.
    func advance(by seconds: Double) {
        let end = now.seconds + seconds
        while let index = jobs.indices.min(by: { jobs[$0].due.seconds < jobs[$1].due.seconds }),
            jobs[index].due.seconds <= end
        {
            let job = jobs[index]
            now = job.due
            if let interval = job.interval {
                jobs[index].due = job.due.advanced(by: interval)
            } else {
                jobs.remove(at: index)
            }
            job.action()
        }
        now = SchedulerTimeType(seconds: end)
    }

    private func add(
        due: SchedulerTimeType, interval: SchedulerTimeType.Stride?, _ action: @escaping () -> Void
    )
        -> Int
    {
        nextID += 1
        jobs.append(Job(id: nextID, due: due, interval: interval, action: action))
        return nextID
    }
}
