import Dispatch
import Foundation

/// The executor a test's nonisolated task prefers (`Task(executorPreference:)`), so that the test
/// sees when the task is resumed and decides when it runs.
///
/// A task suspended on a continuation is resumed on the generic executor, whatever actor it awaited
/// on (a main-actor task hops back to the main actor from there): on the global pool, at a moment
/// no test can order anything against. A nonisolated task that prefers this executor runs its jobs
/// here instead: each is counted as it is enqueued (``jobsEnqueued``), from the thread that resumes
/// the task, and runs on a serial queue that the test can pause and drain.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class PausableTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "PausableTaskExecutor")
    private let lock = NSLock()
    // Guarded by `lock`.
    private var enqueued = 0

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.withLock { enqueued += 1 }
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// The jobs enqueued so far: one more each time a task that prefers this executor is resumed
    /// or leaves an actor.
    var jobsEnqueued: Int { lock.withLock { enqueued } }

    /// Returns once the jobs enqueued so far have run. Blocks the caller, as ``resumeAndDrain()``.
    func drain() { queue.sync {} }

    /// Holds the jobs enqueued from now on until ``resumeAndDrain()``.
    func pause() { queue.suspend() }

    /// Runs the jobs held since ``pause()`` and returns once they have run. Blocks the caller, so
    /// only for jobs that never wait for the caller's thread (a hop to an actor is queued, not
    /// waited for).
    func resumeAndDrain() {
        queue.resume()
        queue.sync {}
    }
}
