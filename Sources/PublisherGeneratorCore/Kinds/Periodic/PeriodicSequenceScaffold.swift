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

    func print(to printer: inout SwiftPrinter) {
        let scaffolding = SequenceScaffolding(
            text: text, sample: sample, dialect: dialect, availability: GeneratedAttributes.clockAvailability)
        let policy = PolicyScenario(behavior.whenNoDemand)
        let expect = dialect
        let tick = ".seconds(\(interval))"
        scaffolding.printSuite(
            doc: "`\(scaffolding.typeName)` on a `ManualClock`, consumed by `SequenceTestConsumer`: a tick every "
                + "\(interval) seconds and none before, ticks that come while the consumer does not await "
                + "(`whenNoDemand: \(policy.name)`), values evaluated as they are returned, and cancellation.",
            typeAliases: [], valueIs: "return for the `index`th tick", to: &printer
        ) { printer in
            printer.docComment(
                "The sequence on a new manual clock; its ticks return `sample(0)`, `sample(1)`, … and count "
                    + "their evaluations.")
            if let availability = scaffolding.memberAvailability { printer.line(availability) }
            printer.lines(
                """
                func makeSubject() -> (sequence: Subject, clock: ManualClock, evaluations: TestCount) {
                    let clock = ManualClock()
                    let evaluations = TestCount()
                    let samples = SharedForTest((0..<16).map(sample))
                    let sequence = Subject(clock: clock) {
                        defer { evaluations.increment() }
                        return samples.value[evaluations.value % 16]
                    }
                    return (sequence, clock, evaluations)
                }
                """)
            scaffolding.test("ticksEveryIntervalOnTheClockAndNotBefore", &printer) { printer in
                printer.lines(
                    """
                    let (sequence, clock, evaluations) = makeSubject()
                    let consumer = Consumer(sequence)

                    consumer.request()
                    await clock.sleepers(reaching: 1)
                    clock.advance(by: \(tick) * 0.5)
                    """)
                printer.line(expect.expectEqual("consumer.nextResults", "[]", "no tick before the interval"))
                printer.lines(
                    """
                    clock.advance(by: \(tick) * 0.5)
                    await consumer.results(reaching: 1)
                    consumer.request()
                    await clock.sleepers(reaching: 1)
                    clock.advance(by: \(tick))
                    await consumer.results(reaching: 2)

                    """)
                printer.line(expect.expectEqual("consumer.nextResults", "[.value, .value]"))
                if sample.isEquatable {
                    printer.line(expect.expectEqual("consumer.values", SequenceScaffolding.samples([0, 1])))
                }
                printer.line(expect.expectEqual("evaluations.value", "2", "one evaluation per tick returned"))
            }
            scaffolding.test("ticksThatComeWhileTheConsumerDoesNotAwait\(policy.testSuffix)", &printer) { printer in
                printer.lines(
                    """
                    let (sequence, clock, evaluations) = makeSubject()
                    let consumer = Consumer(sequence)
                    consumer.request()
                    await clock.sleepers(reaching: 1)
                    clock.advance(by: \(tick))
                    await consumer.results(reaching: 1)

                    // Tick 1 came while the consumer awaited; ticks 2 to 6 come while it does not.
                    clock.advance(by: \(tick) * 5.5)
                    """)
                printer.line(expect.expectEqual("evaluations.value", "1", "a tick is evaluated when it is returned"))
                printer.lines(
                    """
                    consumer.requestUntilEnd()
                    // Kept ticks are returned at once; then the consumer sleeps until tick 7.
                    await clock.sleepers(reaching: 1)
                    consumer.cancel()
                    await consumer.ended()

                    """)
                let delivered = policy.expectedIndices.count
                scaffolding.printExpectResults(values: delivered, then: ["end"], to: &printer)
                printer.line(expect.expectEqual("evaluations.value", "\(delivered)"))
            }
            scaffolding.test("cancellingTheTaskThatAwaitsATickEndsItsSleepWithNil", &printer) { printer in
                printer.lines(
                    """
                    let (sequence, clock, evaluations) = makeSubject()
                    let consumer = Consumer(sequence)
                    consumer.request()
                    await clock.sleepers(reaching: 1)

                    consumer.cancel()
                    await consumer.ended()
                    """)
                printer.line(expect.expectEqual("clock.sleeperCount", "0", "the cancelled sleep left the clock"))
                printer.lines(
                    """
                    clock.advance(by: \(tick) * 3)
                    consumer.request()
                    await consumer.results(reaching: 2)

                    """)
                printer.line(expect.expectEqual("consumer.nextResults", "[.end, .end]"))
                printer.line(expect.expectEqual("evaluations.value", "0"))
            }
            scaffolding.test("aCancelledTaskGetsNilWithoutSleeping", &printer) { printer in
                printer.lines(
                    """
                    let (sequence, clock, evaluations) = makeSubject()
                    let consumer = Consumer(sequence)

                    consumer.cancel()
                    consumer.request()
                    await consumer.ended()

                    """)
                printer.line(expect.expectEqual("consumer.nextResults", "[.end]"))
                printer.line(expect.expectEqual("clock.sleeperCount", "0"))
                printer.line(expect.expectEqual("evaluations.value", "0"))
            }
        }
    }
}
