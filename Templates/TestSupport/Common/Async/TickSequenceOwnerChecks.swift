import Foundation

// MARK: - Tick sequences through their real owner

/// How a periodic sequence made by its owner's factory holds the owner, as its declaration's
/// `lifetime:` says; the owner is made by `test:`, the sequence on a `ManualClock`, consumed by
/// `SequenceTestConsumer`. Each check runs on its caller's actor and reports what it found broken
/// through `report`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
nonisolated struct TickSequenceOwnerChecks<Subject: AsyncSequence, Failure: Error> {
    typealias Consumer = SequenceTestConsumer<Subject.Element, Failure>

    /// Makes a new owner and its factory's sequence on the clock; `watched`: whether the owner's
    /// deallocation is found at once (with the Objective-C runtime, or an owner that keeps the
    /// watch itself).
    let drive: (ManualClock) -> (owner: Any, watched: Bool, source: Subject)
    /// The declared time between ticks.
    let interval: Duration
    let report: (String) -> Void

    init(
        drive: @escaping (ManualClock) -> (owner: Any, watched: Bool, source: Subject), failure: Failure.Type,
        interval: Duration, report: @escaping (String) -> Void
    ) {
        self.drive = drive
        self.interval = interval
        self.report = report
    }

    /// `lifetime: keepsOwner` (the default): an iteration keeps the owner alive, and ticking, when
    /// nothing else holds it.
    func keepsTheOwnerWhileIterating(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let clock = ManualClock()
        weak var kept: AnyObject?
        let consumer: Consumer
        do {
            let made = drive(clock)
            // A value owner is copied, not kept: there is no object to watch.
            guard let owner = ownerObject(made.owner) else { return }
            kept = owner
            consumer = Consumer(made.source)
        }
        consumer.request()
        await clock.sleepers(reaching: 1)
        clock.advance(by: interval)
        await consumer.results(reaching: 1)

        broken.expect(kept != nil, "the owner is kept alive while a consumer iterates")
        broken.expectEqual(consumer.nextResults, [.value], "what next() returned")
        consumer.request()
        consumer.cancel()
        broken.expect(await consumer.ended(), "the iteration ended when its task was cancelled")
    }

    /// `lifetime: endsWithOwner`: the owner, once nothing but the iteration could hold it, is
    /// deallocated while a consumer awaits the next tick; that `next()` returns `nil` at once,
    /// without the clock moving, and the clock has no sleeper left.
    func endsWhenTheOwnerIsDeallocated(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let clock = ManualClock()
        weak var released: AnyObject?
        let consumer: Consumer
        do {
            let made = drive(clock)
            guard made.watched, let owner = ownerObject(made.owner) else { return }
            released = owner
            consumer = Consumer(made.source)
            consumer.request()
            await clock.sleepers(reaching: 1)
            clock.advance(by: interval)
            await consumer.results(reaching: 1)
            consumer.request()
            await clock.sleepers(reaching: 1)
        }

        let deallocated = await eventually { released == nil }
        broken.expect(
            deallocated, "the owner is deallocated while a consumer holds an iterator (the iteration does not hold it)")
        broken.expect(await consumer.ended(), "the iteration ended when the owner was deallocated")
        broken.expectEqual(consumer.nextResults, [.value, .end], "what next() returned (a tick, then the end)")
        broken.expectEqual(clock.sleeperCount, 0, "sleepers left on the clock")
    }

    /// The owner as an object, when it is one (a class instance); `nil` for a value.
    private func ownerObject(_ owner: Any) -> AnyObject? {
        type(of: owner) is AnyClass ? owner as AnyObject : nil
    }
}
