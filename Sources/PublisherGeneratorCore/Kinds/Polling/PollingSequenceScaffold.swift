/// The test case of a polling declaration's sequence, driven by hand through `PullSourceDriver` and
/// consumed by `SequenceTestConsumer`: one pull per `next()` and none ahead of time, the end at
/// `nil`, a thrown error, and a cancelled task that pulls nothing.
struct PollingSequenceScaffold {
    let text: DeclarationText
    let sample: Sample
    let dialect: TestDialect

    func print(to printer: inout SwiftPrinter) {
        let scaffolding = SequenceScaffolding(text: text, sample: sample, dialect: dialect)
        let failureSample = text.failureSample
        let expect = dialect
        scaffolding.printSuite(
            doc: "`\(scaffolding.typeName)` driven by hand through `PullSourceDriver` and consumed by "
                + "`SequenceTestConsumer`: one pull per `next()` and none ahead of time, the end at `nil`"
                + (failureSample == nil ? "" : ", a thrown error") + ", and a cancelled task that pulls nothing.",
            typeAliases: ["Driver = PullSourceDriver<Subject.Element, Subject.Failure>"],
            valueIs: "provide as the `index`th pull", to: &printer
        ) { printer in
            printer.lines(
                """
                func makeSubject(count: Int, ending: Subject.Failure? = nil) -> (sequence: Subject, driver: Driver) {
                    let driver = Driver(values: (0..<count).map(sample), ending: ending)
                    return (Subject(next: driver.next), driver)
                }
                """)
            scaffolding.test("eachNextPullsOnceAndNothingIsPulledAhead", &printer) { printer in
                printer.lines(
                    """
                    let (sequence, driver) = makeSubject(count: 5)
                    let consumer = Consumer(sequence)
                    """)
                printer.line(expect.expectEqual("driver.pullCount", "0", "nothing is pulled before next()"))
                printer.lines(
                    """
                    consumer.request(2)
                    await consumer.results(reaching: 2)

                    """)
                printer.line(expect.expectEqual("driver.pullCount", "2", "one pull per next(), none ahead"))
                printer.line(expect.expectEqual("consumer.nextResults", "[.value, .value]"))
                if sample.isEquatable {
                    printer.line(expect.expectEqual("consumer.values", SequenceScaffolding.samples([0, 1])))
                }
            }
            scaffolding.test("nilEndsTheIterationAndTheSourceIsNotAskedAgain", &printer) { printer in
                printer.lines(
                    """
                    let (sequence, driver) = makeSubject(count: 3)
                    let consumer = Consumer(sequence)

                    consumer.requestUntilEnd()
                    await consumer.ended()
                    consumer.request()
                    await consumer.results(reaching: 5)

                    """)
                scaffolding.printExpectResults(values: 3, then: ["end", "end"], to: &printer)
                printer.line(expect.expectEqual("driver.pullCount", "4", "three values and the end"))
            }
            if let failureSample {
                scaffolding.test("aThrownErrorIsThrownOnceThenNil", &printer) { printer in
                    printer.lines(
                        """
                        let (sequence, driver) = makeSubject(count: 2, ending: \(failureSample))
                        let consumer = Consumer(sequence)

                        consumer.requestUntilEnd()
                        await consumer.ended()
                        consumer.request()
                        await consumer.results(reaching: 4)

                        """)
                    scaffolding.printExpectResults(values: 2, then: ["failure", "end"], to: &printer)
                    printer.line(expect.expectNotNil("consumer.failure"))
                    printer.line(expect.expectEqual("driver.pullCount", "3", "two values and the failure"))
                }
            }
            scaffolding.test("aCancelledTaskGetsNilAndPullsNothing", &printer) { printer in
                printer.lines(
                    """
                    let (sequence, driver) = makeSubject(count: 5)
                    let consumer = Consumer(sequence)

                    consumer.request()
                    await consumer.results(reaching: 1)
                    consumer.cancel()
                    consumer.request(2)
                    await consumer.results(reaching: 3)

                    """)
                printer.line(expect.expectEqual("consumer.nextResults", "[.value, .end, .end]"))
                printer.line(expect.expectEqual("driver.pullCount", "1", "the cancelled task pulled nothing"))
            }
            if let drive = text.declaration.testDrive {
                OwnerDrivenSequenceTests(
                    text: text, drive: drive, sample: sample, scaffolding: scaffolding
                ).print(to: &printer)
            }
        }
    }
}
