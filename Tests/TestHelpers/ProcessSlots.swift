import Foundation

/// At most one child process per core at a time, across all tests of a run. A child such as
/// `swift build` uses every core itself; more at once only multiply memory and make the test
/// process wait for CPU, which timing-bound waits in other tests can feel. Waiting for a slot
/// suspends the task: it blocks no thread. The one exception, children that mostly wait, run
/// more than one per core, but only while their test holds every slot
/// (`ChildProcess.holdingEverySlot`), so no other child runs beside them.
final class ProcessSlots: @unchecked Sendable {
    static let shared = ProcessSlots(count: max(1, ProcessInfo.processInfo.activeProcessorCount))

    let count: Int
    private let lock = NSLock()
    private var free: Int
    private var waiting: [(wanted: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(count: Int) {
        self.count = count
        free = count
    }

    /// Takes `wanted` slots at once (all of them, at most), after those who asked before.
    func acquire(_ wanted: Int = 1) async {
        let wanted = min(wanted, count)
        await withCheckedContinuation { continuation in
            let granted = lock.withLock {
                guard waiting.isEmpty, free >= wanted else {
                    waiting.append((wanted, continuation))
                    return false
                }
                free -= wanted
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Frees `released` slots and hands them to the longest waiters, in order: none passes one
    /// that wants more than is free, so a waiter for every slot is not passed over forever.
    func release(_ released: Int = 1) {
        let next: [CheckedContinuation<Void, Never>] = lock.withLock {
            free += released
            var next: [CheckedContinuation<Void, Never>] = []
            while let first = waiting.first, first.wanted <= free {
                free -= first.wanted
                next.append(waiting.removeFirst().continuation)
            }
            return next
        }
        for continuation in next { continuation.resume() }
    }
}
