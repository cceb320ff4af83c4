import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The callback kind against a registration API played by hand (`TestSource`).
@Suite struct CallbackPublisherTests {
    typealias Subscriber = TestSubscriber<Int, TestFailure>

    @Test func unlimitedDemandReceivesEverything() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .unlimited)
        source.droppedEventsPublisher().subscribe(subscriber)
        for value in 1...5 { source.emit(value) }
        #expect(subscriber.values == [1, 2, 3, 4, 5])
        #expect(subscriber.subscriptionCount == 1)
    }

    @Test func fixedDemandReceivesNoMoreThanRequested() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .max(2))
        source.droppedEventsPublisher().subscribe(subscriber)
        for value in 1...5 { source.emit(value) }
        #expect(subscriber.values == [1, 2])
    }

    @Test func zeroDemandRegistersNothingAndReceivesNothing() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .none)
        source.droppedEventsPublisher().subscribe(subscriber)
        source.emit(1)
        #expect(source.registrationCount == 0, "start: onDemand waits for demand")
        #expect(subscriber.values.isEmpty)
        subscriber.request(.max(5))
        #expect(source.registrationCount == 1)
        for value in 1...7 { source.emit(value) }
        #expect(subscriber.values == [1, 2, 3, 4, 5])
    }

    @Test func demandReturnedFromReceiveIsAdded() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .max(1), demandAfterValue: { $0 < 3 ? .max(1) : .none })
        source.droppedEventsPublisher().subscribe(subscriber)
        for value in 1...6 { source.emit(value) }
        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func requestingNoneIsANoOp() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .none)
        source.droppedEventsPublisher().subscribe(subscriber)
        subscriber.currentSubscription?.request(.none)
        #expect(source.registrationCount == 0)
        subscriber.request(.max(1))
        source.emit(1)
        subscriber.currentSubscription?.request(.none)
        source.emit(2)
        #expect(subscriber.values == [1])
    }

    @Test func demandSaturatesAtUnlimited() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .max(Int.max))
        source.droppedEventsPublisher().subscribe(subscriber)
        subscriber.request(.max(1))
        subscriber.request(.max(Int.max))
        for value in 1...3 { source.emit(value) }
        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func cancelInsideReceiveStopsDeliveryAtOnceAndUnregistersOnce() {
        let source = TestSource()
        let subscriber = Subscriber(
            initialDemand: .unlimited,
            onValue: { subscriber, value in
                if value == 2 { subscriber.cancel() }
            })
        source.droppedEventsPublisher().subscribe(subscriber)
        for value in 1...5 { source.emit(value) }
        source.finish()
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty, "no completion after cancel")
        #expect(source.unregistrationCount == 1)
        subscriber.cancel()
        subscriber.request(.max(3))
        #expect(source.unregistrationCount == 1, "cancel is idempotent")
        #expect(source.registrationCount == 1, "request after cancel is a no-op")
    }

    @Test func completionIsDeliveredWithoutDemandAndUnregisters() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .max(1))
        source.droppedEventsPublisher().subscribe(subscriber)
        source.emit(1)
        source.fail(TestFailure(code: 7))
        source.emit(2)
        source.finish()
        #expect(subscriber.events == [.subscription, .value(1), .completion(.failure(TestFailure(code: 7)))])
        #expect(source.unregistrationCount == 1)
        #expect(source.activeObserverCount == 0)
    }

    @Test func valuesWaitingForDemandAreDeliveredBeforeTheCompletion() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .max(1))
        source.bufferedEventsPublisher().subscribe(subscriber)
        for value in 1...3 { source.emit(value) }
        source.finish()
        #expect(subscriber.events == [.subscription, .value(1)], "the completion waits for the kept values")
        #expect(source.unregistrationCount == 1, "the source does not: it is let go of at once")
        #expect(source.activeObserverCount == 0)
        subscriber.request(.unlimited)
        #expect(subscriber.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
        #expect(source.unregistrationCount == 1 && !source.hasDuplicateUnregistration)
    }

    @Test func everySubscriberGetsItsOwnRegistration() {
        let source = TestSource()
        let publisher = source.droppedEventsPublisher()
        let first = Subscriber(initialDemand: .max(1))
        let second = Subscriber(initialDemand: .unlimited)
        publisher.subscribe(first)
        publisher.subscribe(second)
        #expect(source.registrationCount == 2)
        source.emit(1)
        source.emit(2)
        #expect(first.values == [1])
        #expect(second.values == [1, 2])
        first.cancel()
        #expect(source.unregistrationCount == 1)
        source.emit(3)
        #expect(second.values == [1, 2, 3])
    }

    @Test func valuesSentDuringRegistrationAreDeliveredAfterIt() {
        let source = TestSource()
        source.valuesSentDuringRegistration = [10, 11, 12]
        let subscriber = Subscriber(initialDemand: .max(2))
        source.droppedEventsPublisher().subscribe(subscriber)
        #expect(subscriber.values == [10, 11])
    }

    @Test func finishDuringRegistrationUnregistersExactlyOnce() {
        let source = TestSource()
        source.valuesSentDuringRegistration = [1]
        source.finishesDuringRegistration = true
        let subscriber = Subscriber(initialDemand: .unlimited)
        source.droppedEventsPublisher().subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(1), .completion(.finished)])
        #expect(source.unregistrationCount == 1)
        #expect(!source.hasDuplicateUnregistration)
    }

    @Test func oneShotOwnerlessPublisherSendsThenFinishes() {
        let subscriber = TestSubscriber<String, Never>(initialDemand: .max(1))
        OneShotPublisher(value: "done").subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value("done"), .completion(.finished)])
    }

    @Test func plainClosuresDriveThePublisherWithoutAnOwner() {
        var sendValue: DroppedEventsPublisher.Send?
        var unregistered: [Int] = []
        let publisher = DroppedEventsPublisher(
            register: { send, _, _ in
                sendValue = send
                return 42
            },
            unregister: { token in unregistered.append(token) })
        let subscriber = Subscriber(initialDemand: .unlimited)
        publisher.subscribe(subscriber)
        sendValue?(1)
        sendValue?(2)
        subscriber.cancel()
        sendValue?(3)
        #expect(subscriber.values == [1, 2])
        #expect(unregistered == [42])
    }
}
