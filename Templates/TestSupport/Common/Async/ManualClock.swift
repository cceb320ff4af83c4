import Foundation

// MARK: - Manual clock

/// A clock whose time moves only when a test says so (`advance(by:)`), so that periodic sequences
/// can be checked tick by tick without waiting. Sleepers whose deadline the time reaches are resumed
/// in deadline order; a sleeper whose task is cancelled stops sleeping at once and throws
/// `CancellationError`. Tests wait for sleepers (`sleepers(reaching:)`) instead of sleeping.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
nonisolated final class ManualClock: Clock, @unchecked Sendable {
    /// A moment of the clock: the time since it was made.
    nonisolated struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
        func duration(to other: Self) -> Duration { other.offset - offset }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    }

    private nonisolated struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleeping: [Sleeper] = []
    private var nextID = 0
    private let asleep = TestCount()

    init() {}

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// Tasks sleeping on the clock now.
    var sleeperCount: Int { asleep.value }

    /// Returns `true` once `count` tasks sleep on the clock (`false` if that takes longer than
    /// `TestCount.patience`).
    @discardableResult
    func sleepers(reaching count: Int) async -> Bool {
        await asleep.reaching(count)
    }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let early: Result<Void, any Error>? = lock.withLock {
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleeping.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    asleep.increment()
                    return nil
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            let cancelled: Sleeper? = lock.withLock {
                guard let index = sleeping.firstIndex(where: { $0.id == id }) else { return nil }
                asleep.increment(by: -1)
                return sleeping.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time forward by `duration` and resumes the sleepers it reaches, earliest deadline
    /// first (the time is already the new one when they run).
    func advance(by duration: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let now = current
            let due = sleeping.filter { $0.deadline <= now }.sorted {
                ($0.deadline, $0.id) < ($1.deadline, $1.id)
            }
            sleeping.removeAll { $0.deadline <= now }
            asleep.increment(by: -due.count)
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
