import Foundation
import Testing

@testable import GeneratedFixtures

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// What the proxy answers, under threads that join and leave two declarations on one nonisolated
// owner (`DelegatingSource`), ask the proxy which methods it implements, call the method that
// returns a value, and give app delegates that are released at once, so that the proxy finds them
// gone while others call. Part of `ConcurrencyStressTests`, so it runs under ThreadSanitizer.
extension ConcurrencyStressTests {
    @Test func delegateAnswersHoldWhileConsumersAndAppDelegatesComeAndGo() async {
        let source = DelegatingSource()
        let rounds = stressCount(2_000)
        let failures = AnswerFailures()

        await onThreads(4) { thread in
            for round in 0..<rounds {
                switch thread {
                case 0, 1:
                    // Joins both declarations, and sees its own request answered and sent.
                    let level = thread * rounds + round
                    let heard = DispatchSemaphore(value: 0)
                    let requests = source.emissionRequestsPublisher().sink { if $0 == level { heard.signal() } }
                    let emissions = source.emissionsPublisher().sink(
                        receiveCompletion: { _ in }, receiveValue: { _ in })
                    // The app's delegate, when one lives, answers false; the proxy answers `level >= 0`.
                    _ = source.requestEmission(level)
                    if heard.wait(timeout: .now() + 60) == .timedOut { failures.record("request \(level) not sent") }
                    emissions.cancel()
                    requests.cancel()
                case 2:
                    // An app delegate given and released at once: the proxy finds it gone.
                    var appDelegate: RefusingDelegate? = RefusingDelegate()
                    source.forwardDelegateCalls(to: appDelegate)
                    appDelegate = nil
                    _ = source.requestEmission(-1)
                default:
                    // Asks what the proxy implements while it exists, as an owner would.
                    if let proxy = source.delegate as? any DelegateMethodResponding {
                        _ = proxy.responds(toMethod: "source(_:shouldEmit:)")
                        _ = proxy.responds(toMethod: "source(_:didEmit:)")
                    }
                }
            }
        }

        #expect(failures.messages.isEmpty, "\(failures.messages.prefix(5))")
        #expect(!(source.delegate is any DelegateMethodResponding), "the last consumer removed the proxy")
    }
}

private final class RefusingDelegate: DelegatingSourceDelegate, @unchecked Sendable {
    func source(_ source: DelegatingSource, shouldEmit level: Int) -> Bool { false }
}

private final class AnswerFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var messages: [String] { lock.withLock { recorded } }
    func record(_ message: String) { lock.withLock { recorded.append(message) } }
}
