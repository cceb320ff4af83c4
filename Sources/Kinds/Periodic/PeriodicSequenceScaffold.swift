import GeneratorEmitting
import GeneratorModel

/// The test case of a periodic declaration's sequence, on a `ManualClock` and consumed by
/// `SequenceTestConsumer`: a tick every interval and none before, ticks that come while the
/// consumer does not await (the no-demand policy), values evaluated as they are returned, and
/// cancellation of the consuming task.
struct PeriodicSequenceScaffold {
    let text: DeclarationText
    let behavior: PushBehavior
    let sample: Sample
    let dialect: TestDialect
    /// The interval literal, in seconds.
    let interval: String
    /// Whether the sequence takes the interval (`interval:`) rather than knowing it.
    var passesInterval = false
    /// The tests through the owner `test:` makes, when it makes one.
    var ownerTests: PeriodicOwnerTests?

    func print(to printer: inout SwiftPrinter) {
        let scaffolding = SequenceScaffolding(
            text: text, sample: sample, dialect: dialect, availability: GeneratedAttributes.clockAvailability)
        let policy = PolicyScenario(behavior.whenNoDemand)
        let tick = ".seconds(\(interval))"
        scaffolding.printSuite(
            driven: "ticking every \(interval) seconds on a `ManualClock`", policy: policy,
            valueIs: "return for the `index`th tick", to: &printer
        ) { printer in
            typealias Check = TickSequenceCheck
            scaffolding.printChecks(
                "\(Check.supportType)<Subject, Subject.Failure>",
                arguments: [
                    "make: { Subject(clock: $0, \(passesInterval ? "interval: \(interval), " : "")value: $1) }",
                    "failure: Subject.Failure.self", "sample: sample",
                    "valuesEqual: \(sample.valuesEqual)", "whenNoDemand: \(policy.expectation)",
                    "interval: \(tick)",
                ], to: &printer)
            var runs = CheckRuns<Check>(
                genericArguments: "Subject, Subject.Failure", [.ticksEveryIntervalOnTheClockAndNotBefore])
            runs.add(
                .ticksThatComeWhileTheConsumerDoesNotAwaitFollowThePolicy,
                named: "ticksThatComeWhileTheConsumerDoesNotAwait\(policy.testSuffix)")
            runs.add(.cancellingTheTaskThatAwaitsATickEndsItsSleepWithNil)
            runs.add(.aCancelledTaskGetsNilWithoutSleeping)
            scaffolding.checkTests(runs, &printer)
            ownerTests?.printSequenceTests(to: &printer, scaffolding: scaffolding)
        }
    }
}
