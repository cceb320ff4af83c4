import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// Each `whenNoDemand` policy and start policy of the push kinds, on the callback kind.
@Suite struct NoDemandPolicyTests {
    typealias Subscriber = TestSubscriber<Int, TestFailure>

    func deliveries<P: Publisher>(of makePublisher: (TestSource) -> P) -> [Int]
    where P.Output == Int, P.Failure == TestFailure {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .max(1))
        makePublisher(source).subscribe(subscriber)
        for value in 1...6 { source.emit(value) }
        subscriber.request(.unlimited)
        source.emit(7)
        return subscriber.values
    }

    @Test func dropDiscardsWhatArrivesWithoutDemand() {
        #expect(deliveries { $0.droppedEventsPublisher() } == [1, 7])
    }

    @Test func latestKeepsOnlyTheNewest() {
        #expect(deliveries { $0.latestEventsPublisher() } == [1, 6, 7])
    }

    @Test func bufferDropOldestKeepsTheLastThree() {
        #expect(deliveries { $0.bufferedEventsPublisher() } == [1, 4, 5, 6, 7])
    }

    @Test func bufferDropNewestKeepsTheFirstThree() {
        #expect(deliveries { $0.firstEventsPublisher() } == [1, 2, 3, 4, 7])
    }

    @Test func bufferedValuesAreDeliveredOneDemandAtATime() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .max(1))
        source.bufferedEventsPublisher().subscribe(subscriber)
        for value in 1...4 { source.emit(value) }
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func onSubscribeRegistersBeforeDemandAndBuffers() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .none)
        source.eagerEventsPublisher().subscribe(subscriber)
        #expect(source.registrationCount == 1)
        for value in 1...5 { source.emit(value) }
        #expect(subscriber.values.isEmpty)
        subscriber.request(.max(2))
        #expect(subscriber.values == [3, 4], "the buffer kept the last three; two were asked for")
        subscriber.request(.unlimited)
        #expect(subscriber.values == [3, 4, 5])
    }

    @Test func cancelDiscardsWaitingValues() {
        let source = TestSource()
        let subscriber = Subscriber(initialDemand: .none)
        source.eagerEventsPublisher().subscribe(subscriber)
        source.emit(1)
        subscriber.cancel()
        subscriber.request(.unlimited)
        #expect(subscriber.values.isEmpty)
        #expect(source.unregistrationCount == 1)
    }
}
