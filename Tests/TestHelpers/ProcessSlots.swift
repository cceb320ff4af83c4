import Foundation

/// At most one child process per core at a time, across all tests of a run. A child such as
/// `swift build` uses every core itself; more at once only multiply memory and make the test
/// process wait for CPU, which timing-bound waits in other tests can feel. Waiting for a slot
/// suspends the task: it blocks no thread.
final class ProcessSlots: @unchecked Sendable {
    static let shared = ProcessSlots(count: max(1, ProcessInfo.processInfo.activeProcessorCount))

    private let lock = NSLock()
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = lock.withLock {
                guard free > 0 else {
                    waiting.append(continuation)
                    return false
                }
                free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Hands the slot to the longest waiter, or frees it.
    func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if waiting.isEmpty {
                free += 1
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
