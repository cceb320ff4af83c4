import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The periodic kind on a virtual-time scheduler: exact tick times, the no-demand policy, cancel.
@Suite struct PeriodicPublisherTests {
    @Test func ticksArriveAtExactIntervals() {
        let scheduler = VirtualTimeScheduler()
        let counter = TickCounter()
        var times: [Double] = []
        let subscriber = TestSubscriber<Int, Never>(
            initialDemand: .unlimited, onValue: { _, _ in times.append(scheduler.now.seconds) })
        counter.ticksPublisher(scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: 3.5)
        #expect(subscriber.values == [1, 2, 3])
        #expect(times == [1, 2, 3])
    }

    @Test func noTimerBeforeDemand() {
        let scheduler = VirtualTimeScheduler()
        let counter = TickCounter()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        counter.ticksPublisher(scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: 5)
        #expect(scheduler.pendingJobCount == 0, "start: onDemand schedules nothing without demand")
        #expect(counter.tickCount == 0)
        subscriber.request(.max(2))
        scheduler.advance(by: 2)
        #expect(subscriber.values == [1, 2])
    }

    @Test func ticksWithoutDemandAreBufferedAsTheSchemaSays() {
        // Ticks keeps 2 values without demand, dropping the oldest.
        let scheduler = VirtualTimeScheduler()
        let counter = TickCounter()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        counter.ticksPublisher(scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: 5)
        #expect(subscriber.values == [1])
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 4, 5], "ticks 2 and 3 were dropped as the oldest")
        scheduler.advance(by: 1)
        #expect(subscriber.values == [1, 4, 5, 6])
    }

    @Test func cancelStopsTheTimer() {
        let scheduler = VirtualTimeScheduler()
        let counter = TickCounter()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        counter.ticksPublisher(scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: 2)
        subscriber.cancel()
        #expect(scheduler.pendingJobCount == 0)
        scheduler.advance(by: 5)
        #expect(subscriber.values == [1, 2])
        #expect(counter.tickCount == 2)
    }

    @Test func onSubscribeStartsAtOnceAndKeepsTheLatestTick() {
        let scheduler = VirtualTimeScheduler()
        let subscriber = TestSubscriber<String, Never>(initialDemand: .none)
        BeatsPublisher(scheduler: scheduler).subscribe(subscriber)
        #expect(scheduler.pendingJobCount == 1, "start: onSubscribe schedules the timer at once")
        scheduler.advance(by: 2)
        #expect(subscriber.values.isEmpty)
        subscriber.request(.max(3))
        #expect(subscriber.values == ["beat"], "only the latest beat waited")
        scheduler.advance(by: 0.5)
        #expect(subscriber.values == ["beat", "beat"])
    }
}
