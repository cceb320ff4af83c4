import Dispatch
import Foundation
import Testing

@testable import GeneratedFixtures

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// The lifetime of a delegate's owner (DelegateSources, "Lifetimes"): an owner whose deallocation is
// found at once is held weakly by its publishers, sequences and consumers, so an owner that keeps
// its own subscription is still deallocated when the last outside reference goes; its proxy's table
// then drops the proxy and finishes every consumer, in both forms, on the releasing thread. On
// Linux the doubles keep the watch of their deallocation (`LifetimeAnchoring`,
// Doubles/LifetimeAnchors.swift). Part of `ConcurrencyStressTests`, so they run under
// ThreadSanitizer with it.
extension ConcurrencyStressTests {
    @Test func anOwnerThatKeepsItsOwnDelegateSubscriptionIsDeallocatedAndTheSubscriptionEnds() {
        var source: DelegatingSource? = DelegatingSource()
        weak let released = source
        let values = TestCount()
        let completions = TestCount()
        source?.subscriptions.append(
            source!.emissionsPublisher().sink(
                receiveCompletion: { _ in completions.increment() }, receiveValue: { _ in values.increment() }))
        source?.emit(1)

        source = nil

        #expect(released == nil, "the owner is deallocated: its own subscription does not hold it")
        #expect(values.value == 1)
        // Its `AnyCancellable` is released with its properties, before or after the watch finishes it.
        #expect(completions.value <= 1, "the subscription finished, or its cancellable cancelled it")
    }

    @Test func aSubscriberTheOwnerKeepsReceivesTheFinishWhenTheOwnerIsDeallocated() {
        var source: DelegatingSource? = DelegatingSource()
        weak let released = source
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        source?.emissionsPublisher().subscribe(subscriber)
        // Kept by the owner, as a control keeps what observes it; the subscriber does not cancel
        // when released, so only the owner's deallocation ends it.
        source?.subscriptions.append(subscriber)
        source?.emit(1)

        source = nil

        #expect(released == nil, "the owner is deallocated: the subscription does not hold it")
        #expect(subscriber.values == [1])
        #expect(subscriber.isFinished, "finished at once, on the releasing thread")
    }

    @Test func aDelegateSubscriptionFinishesAfterItsKeptValuesWhenTheOwnerIsDeallocated() {
        var source: DelegatingSource? = DelegatingSource()
        weak let released = source
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        source?.emissionsPublisher().subscribe(subscriber)
        weak let proxy = source?.delegate
        for level in 1...3 { source?.emit(level) }

        source = nil

        #expect(released == nil, "the owner is deallocated: the subscription does not hold it")
        #expect(proxy == nil, "the proxy's entry went with the owner: a later owner at its address gets its own")
        #expect(subscriber.values == [1], "the demand of one")
        #expect(subscriber.completions.isEmpty, "the finish waits for the values kept for lack of demand")
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3], "the two kept (whenNoDemand: buffer 2), then the finish")
        #expect(subscriber.isFinished)
    }

    @Test func everyConsumerOfTheOwnersProxyFinishesAndANewOwnerGetsAProxyOfItsOwn() {
        var source: DelegatingSource? = DelegatingSource()
        let emissions = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        let requests = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        source?.emissionsPublisher().subscribe(emissions)
        source?.emissionRequestsPublisher().subscribe(requests)

        source = nil

        #expect(emissions.isFinished && requests.isFinished, "both declarations' consumers finished")
        let next = DelegatingSource()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        next.emissionsPublisher().subscribe(subscriber)
        next.emit(7)
        #expect(next.delegate != nil, "a proxy of its own was installed")
        #expect(subscriber.values == [7])
        subscriber.cancel()
        #expect(next.delegate == nil)
    }

    @Test func aDelegatePublisherOfAnOwnerAlreadyGoneFinishesAtOnce() {
        var source: DelegatingSource? = DelegatingSource()
        let publisher = source!.emissionsPublisher()
        source = nil
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)

        publisher.subscribe(subscriber)

        #expect(subscriber.isFinished, "the publisher does not hold its owner; subscribing finds it gone")
    }

    @MainActor @Test func aMainActorOwnerIsDeallocatedWhileSubscribedAndTheSubscriptionFinishes() {
        var list: CachingList? = CachingList()
        weak let released = list
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        list?.rowDeletionsPublisher().subscribe(subscriber)
        #expect(list?.dataSource != nil, "joined the proxy at once, on the main thread")

        list = nil

        #expect(released == nil, "the owner is deallocated: the subscription does not hold it")
        #expect(subscriber.isFinished)
    }

    // When the owner is deallocated the iteration's end resumes the loop at once, from the
    // releasing thread. This loop's task prefers a `PausableTaskExecutor`, which counts its
    // resumption as it happens and runs it when the test says (as OwnerLifetimeTests' do).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aForAwaitLoopOverADeallocatedDelegateOwnerIsResumedWithItsEndAtOnce() async {
        var source: DelegatingSource? = DelegatingSource()
        weak let released = source
        // Not `Sendable` (its closures are not); only the loop's task uses it.
        nonisolated(unsafe) let sequence = source!.emissionsSequence()
        let received = TestCount()
        let ended = TestCount()
        let executor = PausableTaskExecutor()
        let loop = Task(executorPreference: executor) { () -> [Int] in
            var levels: [Int] = []
            for await level in sequence {
                levels.append(level)
                received.increment()
            }
            ended.increment()
            return levels
        }
        #expect(await eventually { source?.delegate != nil }, "the loop's first next() joined the proxy")
        source?.emit(1)
        #expect(await received.reaching(1))
        // The loop's turn has run to its next `next()`, which awaits the next call.
        executor.drain()

        executor.pause()
        let jobs = executor.jobsEnqueued
        source = nil
        #expect(released == nil, "the owner is deallocated: neither the sequence nor the loop holds it")
        #expect(executor.jobsEnqueued == jobs + 1, "the deallocation resumed the loop at once")
        executor.resumeAndDrain()

        #expect(ended.value == 1, "the loop ended in the turn its resumption gave it")
        #expect(await loop.value == [1])
    }

    /// The owner's last reference goes on whichever of two sending threads lets go last, while a
    /// third cancels: the end, the calls and the cancel meet in the proxy's table and the
    /// subscription. Exactly one end, nothing after it, and the owner always freed.
    @Test func anOwnerDeallocatedWhileOtherThreadsSendAndCancelEndsOnce() async {
        let rounds = stressCount(300)
        let broken = TestCount()
        for round in 0..<rounds {
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
            let weakSource: WeakBox<DelegatingSource>
            let handOff: HandOff<DelegatingSource>
            do {
                let source = DelegatingSource()
                weakSource = WeakBox(source)
                source.emissionsPublisher().subscribe(subscriber)
                // From here on only the two senders hold it.
                handOff = HandOff(source)
            }
            await onThreads(3) { thread in
                guard thread < 2 else {
                    if round.isMultiple(of: 2) { subscriber.cancel() }
                    return
                }
                // Each sender takes its own reference and lets it go when done: the last one
                // deallocates the owner.
                guard let mine = handOff.take() else { return }
                for level in 0..<20 { mine.emit(level) }
            }
            let events = subscriber.events
            let ends = events.filter { if case .completion = $0 { true } else { false } }.count
            let afterEnd = events.drop { if case .completion = $0 { false } else { true } }.dropFirst()
            if weakSource.object != nil || ends > 1 || !afterEnd.isEmpty || (!round.isMultiple(of: 2) && ends != 1) {
                broken.increment()
            }
        }
        #expect(broken.value == 0, "each round: the owner freed, one end (unless cancelled first), nothing after")
    }
}

/// A weak reference another thread may read.
private final class WeakBox<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: Object?
    init(_ object: Object) { stored = object }
    var object: Object? { lock.withLock { stored } }
}

/// Two strong references to an owner, one for each of two threads, which each takes once.
private final class HandOff<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var references: [Object]
    init(_ object: Object) { references = [object, object] }
    func take() -> Object? { lock.withLock { references.popLast() } }
}
