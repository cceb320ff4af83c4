import Dispatch
import Foundation

// Orderings made, not waited for: a test on the main actor runs work "on another thread" while its
// own thread stays blocked, so nothing sent to the main queue can run before that work ends; then
// `mainQueueFlushed()` lets the main queue catch up.

/// Runs `body` on a thread of its own and returns when it has. Not a dispatch worker: the caller
/// blocks its own thread (the main actor's, or one of the cooperative pool's few) meanwhile, and on
/// a machine of two cores the workers that would run `body` may all be blocked the same way.
func runOnAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    done.wait()
}

/// Returns once everything sent to the main queue before the call has run.
@MainActor func mainQueueFlushed() async {
    await withCheckedContinuation { (flushed: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { flushed.resume() }
    }
}
