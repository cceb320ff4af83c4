import Foundation

// MARK: - Waiting

/// A count that tasks can wait for without sleeping: each waiter resumes as soon as the count
/// reaches its number, whichever thread raises it. A wait that is not met within ``patience``
/// gives up, so that a broken source fails its test instead of hanging it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class TestCount: @unchecked Sendable {
    /// How long a wait lasts by the clock, in seconds, before it gives up once the tasks queued
    /// meanwhile have had their turn: far longer than anything a working source takes, even when
    /// the tests around it keep every thread of a small machine busy for a while. The
    /// environment variable `GENERATED_PUBLISHER_TEST_PATIENCE` (a positive number of seconds)
    /// replaces the minute, for a run that expects failures and need not wait a minute for each.
    static let patience: TimeInterval = {
        let setting = ProcessInfo.processInfo.environment["GENERATED_PUBLISHER_TEST_PATIENCE"]
        guard let seconds = setting.flatMap(TimeInterval.init), seconds > 0 else { return 60 }
        return seconds
    }()

    private nonisolated struct Waiter {
        let id: Int
        let count: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let lock = NSLock()
    private var current = 0
    private var waiters: [Waiter] = []
    private var nextID = 0

    init() {}

    var value: Int { lock.withLock { current } }

    /// Adds `amount` (which may be negative) and resumes the waiters it satisfies.
    func increment(by amount: Int = 1) {
        let satisfied = lock.withLock {
            current += amount
            let count = current
            defer { waiters.removeAll { $0.count <= count } }
            return waiters.filter { $0.count <= count }
        }
        for waiter in satisfied { waiter.continuation.resume(returning: true) }
    }

    /// Returns `true` once the count is at least `count`, or `false` after ``patience``.
    @discardableResult
    func reaching(_ count: Int) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id: Int? = lock.withLock {
                guard current < count else { return nil }
                nextID += 1
                waiters.append(Waiter(id: nextID, count: count, continuation: continuation))
                return nextID
            }
            guard let id else { return continuation.resume(returning: true) }
            let priority = Task.currentPriority
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.patience) { [weak self] in
                // The clock ran out, but on a busy machine the task that would raise the count may
                // still wait behind others for a thread (the whole test run shares one per core):
                // give up only once a task made now has had its turn, after the tasks queued before it.
                Task.detached(priority: priority) { [weak self] in
                    await Task.yield()
                    self?.giveUp(id)
                }
            }
        }
    }

    private func giveUp(_ id: Int) {
        let waiter: Waiter? = lock.withLock {
            guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }
}
