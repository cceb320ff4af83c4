import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// How delegate checks drive one owner: its publisher (a new one per call, each subscription a
/// consumer of its own), how to make it call the declared method with a value, what its delegate
/// property holds, and the app's own delegate the scaffold declares for it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct DelegateOwnerDrive<Subject: Publisher> {
    let publisher: () -> Subject
    let fire: (Subject.Output) -> Void
    /// The owner's delegate property, as an object: the proxy, the app's delegate or `nil`.
    let delegate: () -> AnyObject?
    /// Gives the owner a new app delegate through the generated `forward…Calls(to:)`, and returns it.
    let forwardToNewAppDelegate: () -> AnyObject
    /// How many calls `appDelegate` has received.
    let callsReceived: (_ appDelegate: AnyObject) -> Int
}

/// The guarantees of a delegate declaration's shared proxy, checked through its real owner: one
/// proxy for every consumer, installed by the first and removed exactly once by the last; the app's
/// own delegate hears every call first and is put back.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct DelegateOwnerChecks<Subject: Publisher> {
    typealias Subscriber = PublisherTestSubscriber<Subject.Output, Subject.Failure>

    let drive: () -> DelegateOwnerDrive<Subject>
    let sample: (Int) -> Subject.Output
    let valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?
    /// Whether each consumer gets the owner's current value right after joining the proxy (`initial:`).
    let sendsInitialValue: Bool
    let report: (String) -> Void

    init(
        drive: @escaping () -> DelegateOwnerDrive<Subject>, sample: @escaping (Int) -> Subject.Output,
        valuesEqual: ((Subject.Output, Subject.Output) -> Bool)?, sendsInitialValue: Bool = false,
        report: @escaping (String) -> Void
    ) {
        self.drive = drive
        self.sample = sample
        self.valuesEqual = valuesEqual
        self.sendsInitialValue = sendsInitialValue
        self.report = report
    }

    /// How many values each consumer gets before the first call: the current value, for `initial:`.
    private var initialCount: Int { sendsInitialValue ? 1 : 0 }

    /// The values a consumer received for the owner's calls: after its current value, if any.
    private func fired(_ subscriber: Subscriber) -> [Subject.Output] {
        Array(subscriber.values.dropFirst(initialCount))
    }

    func sharesOneProxyAndRemovesItOnceWhenTheLastConsumerEnds() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let before = owner.delegate()
        let first = Subscriber(initialDemand: .unlimited)
        let second = Subscriber(initialDemand: .unlimited)

        owner.publisher().subscribe(first)
        let proxy = owner.delegate()
        broken.expect(proxy != nil && proxy !== before, "the first consumer installs a proxy as the delegate")
        owner.publisher().subscribe(second)
        broken.expect(owner.delegate() === proxy, "the second consumer shares the first one's proxy")
        owner.fire(sample(0))
        broken.expectSamples(fired(first), [0], sample: sample, equal: valuesEqual)
        broken.expectSamples(fired(second), [0], sample: sample, equal: valuesEqual)

        first.cancel()
        broken.expect(owner.delegate() === proxy, "the proxy stays while a consumer is left")
        owner.fire(sample(1))
        broken.expectSamples(fired(second), [0, 1], sample: sample, equal: valuesEqual)
        second.cancel()
        second.cancel()
        broken.expect(owner.delegate() === before, "the last consumer puts back the delegate the owner had")
        broken.expectEqual(
            first.values.count + second.values.count, 3 + 2 * initialCount, "values received after cancel")
    }

    /// For declarations with `initial:`: each consumer gets the owner's current value as soon as it
    /// joins the proxy, before any call, whether it installs the proxy or shares it; the calls the
    /// owner makes next come after it, and a demand of one goes to it.
    func sendsTheCurrentValueFirstToEachConsumer() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let before = owner.delegate()
        let first = Subscriber(initialDemand: .unlimited)
        let second = Subscriber(initialDemand: .unlimited)
        let limited = Subscriber(initialDemand: .max(1))

        owner.publisher().subscribe(first)
        broken.expectEqual(first.values.count, 1, "values before any call (the current value, on joining the proxy)")
        owner.publisher().subscribe(second)
        broken.expectEqual(second.values.count, 1, "values of a consumer sharing the proxy (its current value)")
        broken.expectEqual(first.values.count, 1, "values of the first consumer when another joins")
        if let valuesEqual, let current = first.values.first, let shared = second.values.first {
            broken.expect(
                valuesEqual(current, shared), "both consumers get the same current value when nothing happened between")
        }
        owner.fire(sample(0))
        broken.expectSamples(fired(first), [0], sample: sample, equal: valuesEqual)
        broken.expectSamples(fired(second), [0], sample: sample, equal: valuesEqual)
        owner.publisher().subscribe(limited)
        owner.fire(sample(1))
        broken.expectEqual(limited.values.count, 1, "values (a demand of one went to the current value)")
        broken.expectSamples(fired(first), [0, 1], sample: sample, equal: valuesEqual)

        first.cancel()
        second.cancel()
        limited.cancel()
        broken.expect(owner.delegate() === before, "the last consumer puts back the delegate the owner had")
    }

    func forwardsEveryCallToTheAppDelegateAndPutsItBack() {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let appDelegate = owner.forwardToNewAppDelegate()
        broken.expect(owner.delegate() === appDelegate, "without consumers the app's delegate is the delegate")
        let subscriber = Subscriber(initialDemand: .unlimited)

        owner.publisher().subscribe(subscriber)
        owner.fire(sample(0))
        broken.expectEqual(owner.callsReceived(appDelegate), 1, "calls the app's delegate received through the proxy")
        broken.expectSamples(fired(subscriber), [0], sample: sample, equal: valuesEqual)
        let replacement = owner.forwardToNewAppDelegate()
        owner.fire(sample(1))
        broken.expectEqual(
            owner.callsReceived(replacement), 1, "calls the app's delegate given while subscribed received")
        broken.expectEqual(owner.callsReceived(appDelegate), 1, "calls the replaced app delegate received")

        subscriber.cancel()
        broken.expect(owner.delegate() === replacement, "the last consumer puts back the app's latest delegate")
    }
}
