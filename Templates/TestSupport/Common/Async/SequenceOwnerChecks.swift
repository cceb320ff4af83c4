import Foundation

// MARK: - Checks through the real owner

/// The guarantees a push sequence gives through its real owner, the one `test:` names: so the
/// schema's own `register` and `unregister` (or `event` and `value`) run, on the consumer's task
/// while the test reads `registrations`. Each check makes a new owner with `drive`, runs on its
/// caller's actor and reports what it found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PushSequenceOwnerChecks<Subject: AsyncSequence, Failure: Error> {
    typealias Consumer = SequenceTestConsumer<Subject.Element, Failure>

    let drive: () -> OwnerDrive<Subject, Subject.Element>
    let sample: (Int) -> Subject.Element
    let valuesEqual: ((Subject.Element, Subject.Element) -> Bool)?
    let whenNoDemand: ExpectedNoDemandPolicy
    let start: ExpectedStart
    /// Whether the owner's sequence sends a current value right after registering (`initial:`).
    let sendsInitialValue: Bool
    /// Whether each value is the owner itself (a target/action declaration without `value`): the
    /// lifetime checks then send none, since a value kept or received holds the owner.
    let sendsTheOwner: Bool
    let report: (String) -> Void

    init(
        drive: @escaping () -> OwnerDrive<Subject, Subject.Element>, failure: Failure.Type,
        sample: @escaping (Int) -> Subject.Element, valuesEqual: ((Subject.Element, Subject.Element) -> Bool)?,
        whenNoDemand: ExpectedNoDemandPolicy, start: ExpectedStart, sendsInitialValue: Bool = false,
        sendsTheOwner: Bool = false, report: @escaping (String) -> Void
    ) {
        self.sendsTheOwner = sendsTheOwner
        self.drive = drive
        self.sample = sample
        self.valuesEqual = valuesEqual
        self.whenNoDemand = whenNoDemand
        self.start = start
        self.sendsInitialValue = sendsInitialValue
        self.report = report
    }

    private var onDemand: Bool { start.isOnDemand }

    /// Whether the first `next()` returns the current value: it is sent when the first `next()`
    /// registers, or, registered when the iterator is made, kept by the policy until then.
    private var firstNextReturnsTheCurrentValue: Bool {
        sendsInitialValue && (onDemand || whenNoDemand.keepsValues)
    }

    /// A consumer of a new owner's sequence, registered and holding `sample(0)`, awaiting nothing.
    private func consumerWithOneValue(
        checkingRegistration: Bool, _ broken: BrokenExpectations, isolation: isolated (any Actor)? = #isolation
    ) async -> (owner: OwnerDrive<Subject, Subject.Element>, consumer: Consumer) {
        let owner = drive()
        let consumer = Consumer(owner.source)
        if checkingRegistration {
            if onDemand {
                broken.expectEqual(
                    owner.registrations(), 0, "registrations (start: onDemand registers on the first next())")
            } else {
                broken.expectEqual(
                    owner.registrations(), 1, "registrations (start: onSubscribe registers when the iterator is made)")
            }
        }
        if firstNextReturnsTheCurrentValue {
            // The one value is the current value, sent (or kept) when the source registered.
            consumer.request()
            await consumer.results(reaching: 1)
        } else if onDemand {
            consumer.request()
            // The first next() registers while it awaits, on the consumer's task.
            let registered = await eventually { owner.registrations() == 1 }
            broken.expect(registered, "the first next() registered")
            owner.fire(sample(0))
            await consumer.results(reaching: 1)
        } else {
            await consumer.requestOneValue(keptWhileNotAwaiting: whenNoDemand.keepsValues) { owner.fire(sample(0)) }
        }
        return (owner, consumer)
    }

    /// Registers on the first `next()` (when the iterator is made, for `start: onSubscribe`), once.
    func registersAndUnregistersOnceOnCancel(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (owner, consumer) = await consumerWithOneValue(checkingRegistration: true, broken)
        var returned: [NextResult] = [.value]
        if firstNextReturnsTheCurrentValue {
            // The current value came first; a fired value follows it.
            await consumer.requestOneValue(keptWhileNotAwaiting: whenNoDemand.keepsValues) { owner.fire(sample(0)) }
            returned.append(.value)
        }

        broken.expectEqual(owner.registrations(), 1, "registrations (registered once)")
        broken.expectEqual(consumer.nextResults, returned, "what next() returned")
        broken.expectSamples(
            Array(consumer.values.dropFirst(returned.count - 1)), [0], sample: sample, equal: valuesEqual)
        consumer.request()
        consumer.cancel()
        await consumer.ended()
        let unregistered = await eventually { owner.registrations() == 0 }
        owner.fire(sample(1))

        broken.expect(unregistered, "unregistered on cancel")
        broken.expectEqual(consumer.nextResults, returned + [.end], "what next() returned")
    }

    func unregistersWhenItsIteratorIsReleased(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (owner, consumer) = await consumerWithOneValue(checkingRegistration: false, broken)

        await consumer.releaseIterator()
        let unregistered = await eventually { owner.registrations() == 0 }

        broken.expect(unregistered, "unregistered when the iterator is released")
    }

    /// For owners whose `test:` says how to `finish`.
    func unregistersWhenTheSourceFinishes(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let (owner, consumer) = await consumerWithOneValue(checkingRegistration: false, broken)

        owner.finish?()
        consumer.requestUntilEnd()
        await consumer.ended()
        let unregistered = await eventually { owner.registrations() == 0 }

        broken.expectEqual(consumer.nextResults, [.value, .end], "what next() returned")
        broken.expect(unregistered, "unregistered when the source finished")
    }

    /// For owners whose `test:` says how to `finish`: a source that finishes while the consumer does
    /// not await and values are kept for it (as the no-demand policy keeps them) is unregistered at
    /// once; `next()` still returns the kept values, then the end.
    func unregistersAtOnceWhenTheSourceFinishesWhileValuesAreKept(
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let broken = BrokenExpectations(report: report)
        let (owner, consumer) = await consumerWithOneValue(checkingRegistration: false, broken)

        for index in 1...5 { owner.fire(sample(index)) }
        owner.finish?()

        broken.expectEqual(
            owner.registrations(), 0, "registrations (unregistered as soon as the source finishes, values kept)")
        consumer.requestUntilEnd()
        await consumer.ended()

        broken.expectSamples(consumer.values, whenNoDemand.deliveredOfSix, sample: sample, equal: valuesEqual)
        broken.expectEqual(consumer.nextResults.last, NextResult.end, "the end after the kept values")
        broken.expectEqual(owner.registrations(), 0, "registrations (unregistered once)")
    }

    /// For owners held weakly (target/action senders): the owner, once nothing but the iteration
    /// could hold it, is deallocated while a consumer holds an iterator and values are kept for
    /// it; `next()` returns the kept values, then `nil`, without any further event.
    func endsWhenTheOwnerIsDeallocated(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        weak var released: AnyObject?
        let consumer: Consumer
        do {
            if sendsTheOwner {
                // No value: one the consumer received or the iteration keeps would hold the owner.
                let owner = drive()
                guard owner.owner != nil else { return }
                consumer = Consumer(owner.source)
                consumer.request()
                let registered = await eventually { owner.registrations() == 1 }
                broken.expect(registered, "registered (the first next(), or the iterator made)")
                released = owner.owner
            } else {
                guard drive().owner != nil else { return }
                let (owner, made) = await consumerWithOneValue(checkingRegistration: false, broken)
                consumer = made
                released = owner.owner
                for index in 1...5 { owner.fire(sample(index)) }
                consumer.requestUntilEnd()
            }
        }

        // A nonisolated owner's registration call, on the consumer's task, may still hold it a moment.
        let deallocated = await eventually { released == nil }
        broken.expect(
            deallocated, "the owner is deallocated while a consumer holds an iterator (the iteration does not hold it)")
        broken.expect(await consumer.ended(), "the iteration ended when the owner was deallocated")
        broken.expectEqual(
            consumer.values.count, sendsTheOwner ? 0 : whenNoDemand.deliveredOfSix.count,
            "values (the one awaited, then the kept ones)")
        broken.expectEqual(consumer.nextResults.last, NextResult.end, "the end after the kept values")
    }

    /// For owners whose declaration has `initial:`: the first `next()` returns the current value
    /// without any event (unless the iterator registered when made and its policy drops what comes
    /// before a `next()`: then the current value meets nobody, as any value would).
    func sendsTheCurrentValueFirst(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        guard firstNextReturnsTheCurrentValue else { return }
        let owner = drive()
        let consumer = Consumer(owner.source)

        consumer.request()
        let returned = await consumer.results(reaching: 1)

        broken.expect(returned, "the first next() returned without an event")
        broken.expectEqual(consumer.nextResults, [.value], "what next() returned (the current value)")
        broken.expectEqual(owner.registrations(), 1, "registrations")
        consumer.request()
        consumer.cancel()
        await consumer.ended()
        let unregistered = await eventually { owner.registrations() == 0 }
        broken.expect(unregistered, "unregistered on cancel")
    }
}

/// The guarantees a pull sequence gives through its real owner: the schema's own `next` is asked
/// once per `next()` and never ahead. Each check makes a new owner with `drive`, runs on its
/// caller's actor and reports what it found broken through `report`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct PullSequenceOwnerChecks<Subject: AsyncSequence, Failure: Error> {
    typealias Consumer = SequenceTestConsumer<Subject.Element, Failure>

    let drive: () -> OwnerDrive<Subject, Subject.Element>
    let report: (String) -> Void

    init(
        drive: @escaping () -> OwnerDrive<Subject, Subject.Element>, failure: Failure.Type,
        report: @escaping (String) -> Void
    ) {
        self.drive = drive
        self.report = report
    }

    func isPulledOncePerNextAndNeverAhead(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let consumer = Consumer(owner.source)
        broken.expectEqual(owner.pulls(), 0, "pulls (nothing is pulled before next())")
        consumer.request(2)
        await consumer.results(reaching: 2)

        let answered = consumer.values.count + (consumer.hasEnded ? 1 : 0)
        broken.expectEqual(owner.pulls(), answered, "pulls (one per value, and one for the end)")
    }

    func isNotPulledByACancelledTask(isolation: isolated (any Actor)? = #isolation) async {
        let broken = BrokenExpectations(report: report)
        let owner = drive()
        let consumer = Consumer(owner.source)
        consumer.cancel()
        consumer.request()
        await consumer.ended()

        broken.expectEqual(owner.pulls(), 0, "pulls (a cancelled task pulls nothing)")
    }
}
