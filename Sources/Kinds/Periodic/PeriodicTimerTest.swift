import GeneratorEmitting

/// The periodic kind's own Combine test: ticks arrive every `interval` on the scheduler, and
/// cancelling stops the timer; checked by the test support's `PeriodicPublisherChecks`.
enum PeriodicTimerTest {
    /// `passesInterval`: the publisher takes the interval (`interval:`) rather than knowing it.
    static func scaffoldTest(interval: String, passesInterval: Bool) -> KindChecks {
        let make = "Subject(scheduler: $0\(passesInterval ? ", interval: \(interval)" : ""), value: $1)"
        return KindChecks(
            property: "timerChecks", genericArguments: "Subject",
            arguments: ["make: { \(make) }", "sample: sample", "interval: \(interval)"],
            checks: [PeriodicPublisherCheck.ticksArriveEveryIntervalOnTheScheduler])
    }
}
