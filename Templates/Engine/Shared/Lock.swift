//
// What every generated module shares, whichever forms its schemas emit (Combine publishers,
// asynchronous sequences or both): a lock, the buffer for events that arrive while nobody waits
// for them, when a push source starts, how main-actor senders get their target, and how an
// observed model is read after each change. Combine-free:
// the Combine engines are in GeneratedPublisherSupport+Combine.swift, the asynchronous ones in
// GeneratedPublisherSupport+Async.swift. Emitted once per module so that it can be read,
// specialised and inlined.

import Dispatch

#if canImport(ObjectiveC)
// `@objc` needs Foundation imported by this very file (`SingleActionForwarder` below).
import Foundation
#endif
#if canImport(CoreGraphics)
// The geometry a swallowed delegate call returns as zero (`DelegateCallSink`).
import CoreGraphics
#endif

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Lock

/// A non-recursive mutex with a condition. The engines below never run user code while holding it
/// (no call to a subscriber or a source, and no release of anything user code owns: subscribers,
/// values, closures), so re-entrant calls, `deinit`s included, cannot deadlock on it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class GeneratedPublisherLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until ``broadcast()``, then takes it again. Called with the lock held.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread in ``wait()``.
    func broadcast() { pthread_cond_broadcast(condition) }
}
