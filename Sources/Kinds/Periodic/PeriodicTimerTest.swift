import GeneratorEmitting

/// The periodic kind's own Combine test: ticks arrive every `interval` on the scheduler, and
/// cancelling stops the timer.
enum PeriodicTimerTest {
    /// `passesInterval`: the publisher takes the interval (`interval:`) rather than knowing it.
    static func scaffoldTest(interval: String, passesInterval: Bool) -> ScaffoldTest {
        ScaffoldTest(name: "ticksArriveEveryIntervalOnTheScheduler") { printer, expect in
            printer.lines(
                """
                let scheduler = VirtualTimeScheduler()
                var ticks = 0
                let publisher = Subject(scheduler: scheduler\(passesInterval ? ", interval: \(interval)" : "")) {
                    defer { ticks += 1 }
                    return self.sample(ticks)
                }
                let subscriber = Subscriber(initialDemand: .unlimited, clock: { scheduler.now.seconds })

                publisher.subscribe(subscriber)
                scheduler.advance(by: \(interval) * 3.5)
                subscriber.cancel()
                scheduler.advance(by: \(interval) * 3)

                let expected = [1.0, 2.0, 3.0].map { $0 * \(interval) }
                """)
            printer.line(expect.expectEqual("subscriber.valueTimes.count", "3"))
            printer.block("for (time, expectedTime) in zip(subscriber.valueTimes, expected)") {
                $0.line(expect.expectEqual("time", "expectedTime", accuracy: "1e-9"))
            }
            printer.line(expect.expectEqual("scheduler.pendingJobCount", "0", "cancel stopped the timer"))
        }
    }
}
