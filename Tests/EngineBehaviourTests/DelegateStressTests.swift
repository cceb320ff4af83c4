import Foundation
import GeneratedExamples
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// The shared proxy of a nonisolated owner (`LocationManager`, shaped like CLLocationManager) under
// threads that subscribe, report, give the app's delegate and cancel at once. Part of
// `ConcurrencyStressTests`, so it runs under ThreadSanitizer with it.
extension ConcurrencyStressTests {
    @Test func delegateConsumersOnManyThreadsShareOneProxyAndPutTheAppDelegateBack() async {
        let manager = LocationManager()
        let appDelegate = CountingLocationDelegate()
        manager.delegate = appDelegate
        let rounds = stressCount(2_000)
        let missed = LockedCount()

        await onThreads(4) { thread in
            for round in 0..<rounds {
                if thread == 3 {
                    // Gives the same app delegate again and again, while consumers come and go.
                    manager.forwardDelegateCalls(to: appDelegate)
                    continue
                }
                let mine = Location(latitude: Double(thread), longitude: Double(round))
                let arrived = DispatchSemaphore(value: 0)
                let cancellable = manager.locationsPublisher().sink(
                    receiveCompletion: { _ in }, receiveValue: { if $0 == mine { arrived.signal() } })
                manager.report([mine])
                // Its own report, made while it observed, reaches it whatever the other threads do:
                // at once, or from another thread that was delivering to it (so it is waited for).
                if arrived.wait(timeout: .now() + 60) == .timedOut { missed.increment() }
                cancellable.cancel()
            }
        }

        #expect(missed.value == 0)
        #expect(manager.delegate === appDelegate, "the last consumer put the app's delegate back")
        #expect(appDelegate.reports.value >= 3 * rounds, "every report reached the app's delegate")
    }
}

private final class CountingLocationDelegate: LocationManagerDelegate, @unchecked Sendable {
    let reports = LockedCount()
    func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) { reports.increment() }
    func locationManager(_ manager: LocationManager, didFailWithError error: any Error) {}
}

private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
