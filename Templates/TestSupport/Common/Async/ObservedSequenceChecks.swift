import Foundation

// MARK: - Observed models

/// What `test:` gives to drive the sequence of an observation (`kind: observation`): a new model,
/// its sequence, and `fire`, which changes the model so that the value becomes the given one. The
/// tests change the model on the main actor.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct ObservedSequenceDrive<Subject: AsyncSequence> {
    let model: AnyObject
    let sequence: Subject
    let fire: @MainActor (Subject.Element) -> Void
}

/// The guarantees of an observation's sequence, checked through a real model and a consumer that
/// calls `next()` on a task of its own: the first `next()` returns the model's current value, then
/// each `next()` the value after the changes since (those of one main-queue turn read as one, for
/// a main-actor model), never the one before; cancelling ends the iteration with `nil`, reads
/// nothing more and keeps no reference to the model. The samples 1, 2 and 3 must differ from each
/// other and from the new model's value.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct ObservedSequenceOwnerChecks<Subject: AsyncSequence, Failure: Error> {
    typealias Consumer = SequenceTestConsumer<Subject.Element, Failure>

    let drive: @MainActor () -> ObservedSequenceDrive<Subject>
    let sample: (Int) -> Subject.Element
    let valuesEqual: ((Subject.Element, Subject.Element) -> Bool)?
    /// Whether the current value comes first (`first: current`, the default).
    let sendsCurrentValue: Bool
    /// Whether the model is read on the main actor (`isolation: mainActor`, the default).
    let readsOnMainActor: Bool
    let whenNoDemand: ExpectedNoDemandPolicy
    let start: ExpectedStart
    let report: (String) -> Void

    init(
        drive: @escaping @MainActor () -> ObservedSequenceDrive<Subject>, failure: Failure.Type,
        sample: @escaping (Int) -> Subject.Element, valuesEqual: ((Subject.Element, Subject.Element) -> Bool)?,
        sendsCurrentValue: Bool, readsOnMainActor: Bool, whenNoDemand: ExpectedNoDemandPolicy,
        start: ExpectedStart, report: @escaping (String) -> Void
    ) {
        self.drive = drive
        self.sample = sample
        self.valuesEqual = valuesEqual
        self.sendsCurrentValue = sendsCurrentValue
        self.readsOnMainActor = readsOnMainActor
        self.whenNoDemand = whenNoDemand
        self.start = start
        self.report = report
    }

    /// Whether the first `next()` returns the current value: read when the first `next()` starts
    /// the iteration, or, started when the iterator is made, kept by the policy until then.
    private var firstNextReturnsTheCurrentValue: Bool {
        sendsCurrentValue && (start.isOnDemand || whenNoDemand.keepsValues)
    }

    /// Whether the checks of values after a change apply: they need the current value first, to
    /// know that tracking is registered, and a policy that keeps a value that comes while the
    /// consumer does not await (the consumer's task shows no sign of awaiting).
    private var checksChanges: Bool { firstNextReturnsTheCurrentValue && whenNoDemand.keepsValues }

    /// A consumer of a new model's sequence that has received the current value.
    @MainActor private func consumerWithTheCurrentValue(
        _ broken: BrokenExpectations
    ) async -> (owner: ObservedSequenceDrive<Subject>, consumer: Consumer) {
        let owner = drive()
        owner.fire(sample(1))
        let consumer = Consumer(owner.sequence)
        consumer.request()
        broken.expect(await consumer.results(reaching: 1), "the first next() returned")
        broken.expectSamples(consumer.values, [1], sample: sample, equal: valuesEqual)
        return (owner, consumer)
    }

    /// The first `next()` returns the value the model holds, not the one it was made with.
    @MainActor func firstNextReturnsTheCurrentValue() async {
        let broken = BrokenExpectations(report: report)
        guard firstNextReturnsTheCurrentValue else { return }
        let (_, consumer) = await consumerWithTheCurrentValue(broken)
        broken.expectEqual(consumer.nextResults, [.value], "what next() returned (the current value)")
        consumer.request()
        consumer.cancel()
        await consumer.ended()
    }

    /// For a main-actor model: the changes of one turn are read after it, as one value.
    @MainActor func nextReturnsTheValueAfterEachTurnOfChanges() async {
        await nextReturnsTheValueAfter(turns: [[2, 3], [2]])
    }

    /// For a `Sendable` model: each change is read after it is stored, once, in order.
    @MainActor func nextReturnsTheValueAfterEachChange() async {
        await nextReturnsTheValueAfter(turns: [[2], [3]])
    }

    /// Makes the changes of each of `turns` (samples) in one synchronous turn of the main actor,
    /// then asks for one value: the last sample of the turn, read after the changes are stored.
    @MainActor private func nextReturnsTheValueAfter(turns: [[Int]]) async {
        let broken = BrokenExpectations(report: report)
        guard checksChanges else { return }
        let (owner, consumer) = await consumerWithTheCurrentValue(broken)

        var expected = [1]
        for (index, turn) in turns.enumerated() {
            for change in turn { owner.fire(sample(change)) }
            expected += turn.suffix(1)
            consumer.request()
            broken.expect(
                await consumer.results(reaching: expected.count), "next() returned after turn \(index + 1) of changes")
            broken.expectSamples(consumer.values, expected, sample: sample, equal: valuesEqual)
        }
        consumer.request()
        consumer.cancel()
        await consumer.ended()
    }

    /// Cancelling the task that awaits `next()` returns `nil`; a change after it is read by nobody,
    /// and the iteration, its iterator still held, keeps no reference to the model.
    @MainActor func cancellingReturnsNilAndKeepsNoModel() async {
        let broken = BrokenExpectations(report: report)
        weak var model: AnyObject?
        let consumer: Consumer
        var returned: [NextResult] = [.end]
        do {
            let owner: ObservedSequenceDrive<Subject>
            if firstNextReturnsTheCurrentValue {
                (owner, consumer) = await consumerWithTheCurrentValue(broken)
                returned.insert(.value, at: 0)
            } else {
                owner = drive()
                consumer = Consumer(owner.sequence)
            }
            model = owner.model
            consumer.request()
            consumer.cancel()
            broken.expect(await consumer.ended(), "next() returned after the cancel")
            owner.fire(sample(2))
            await Self.mainQueueTurnsRun()
        }
        broken.expectEqual(consumer.nextResults, returned, "what next() returned")
        broken.expect(model == nil, "the model is released once the cancelled iteration's owner lets go of it")
    }

    /// The model, once nothing but the iteration could hold it, is deallocated while the consumer
    /// awaits `next()`: the loop ends (`next()` returns `nil`) without any change. Needs the current
    /// value first, to know the iteration has started.
    @MainActor func endsWhenTheModelIsDeallocated() async {
        let broken = BrokenExpectations(report: report)
        guard firstNextReturnsTheCurrentValue else { return }
        weak var model: AnyObject?
        let consumer: Consumer
        do {
            let owner: ObservedSequenceDrive<Subject>
            (owner, consumer) = await consumerWithTheCurrentValue(broken)
            model = owner.model
            consumer.request()
        }

        broken.expect(
            model == nil, "the model is deallocated while a consumer iterates (the iteration does not hold it)")
        broken.expect(await consumer.ended(), "next() returned nil once the model was deallocated")
        broken.expectEqual(consumer.nextResults, [.value, .end], "what next() returned")
    }

    /// Returns once everything sent to the main queue before the call has run: a main-actor model's
    /// change is read in such a turn.
    @MainActor private static func mainQueueTurnsRun() async {
        await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { ran.resume() }
        }
    }
}
