/// The test case of a polling publisher, driven by hand through `PullSourceDriver`: it asks for
/// values only while there is demand, finishes at `nil`, fails on a thrown error and stops on
/// cancel.
struct PollingScaffold {
    let text: DeclarationText
    let sample: Sample
    let dialect: TestDialect

    func print(to printer: inout SwiftPrinter) {
        let typeName = text.typeName
        let failureSample = text.failureSample
        let canFail = failureSample != nil
        let expect = dialect
        printer.lines(
            """
            /// `\(typeName)` driven by hand through `PullSourceDriver`: it asks for values only
            /// while there is demand, finishes at `nil`\(canFail ? ", fails on a thrown error" : ""), and stops on cancel.
            """)
        printer.topLevel(dialect.suite("\(typeName)Tests"), available: dialect.marksAvailability) { printer in
            sample.printSuiteHead(
                of: typeName, driver: "PullSourceDriver", valueIs: "provide as the `index`th pull",
                sourceFile: text.sourceFile,
                to: &printer)
            printer.lines(
                """
                func makeSubject(count: Int, ending: Subject.Failure? = nil) -> (publisher: Subject, driver: Driver) {
                    let driver = Driver(values: (0..<count).map(sample), ending: ending)
                    return (Subject(next: driver.next), driver)
                }
                """)
            test("pullsOnlyWhatIsDemanded", &printer) { printer in
                printer.lines(
                    """
                    let (publisher, driver) = makeSubject(count: 5)
                    let subscriber = Subscriber(initialDemand: .max(2))

                    publisher.subscribe(subscriber)

                    subscriber.assertValueCount(2)
                    """)
                printer.line(expect.expectEqual("driver.pullCount", "2"))
                if sample.isEquatable {
                    printer.line(expect.expectEqual("subscriber.values", "[sample(0), sample(1)]"))
                }
            }
            test("zeroDemandPullsNothing", &printer) { printer in
                printer.lines(
                    """
                    let (publisher, driver) = makeSubject(count: 5)
                    let subscriber = Subscriber(initialDemand: .none)

                    publisher.subscribe(subscriber)

                    subscriber.assertValueCount(0)
                    """)
                printer.line(expect.expectEqual("driver.pullCount", "0"))
            }
            test("nilFinishesTheStream", &printer) { printer in
                printer.lines(
                    """
                    let (publisher, _) = makeSubject(count: 3)
                    let subscriber = Subscriber(initialDemand: .unlimited)

                    publisher.subscribe(subscriber)

                    subscriber.assertValueCount(3)
                    subscriber.assertFinishedOnce()
                    """)
            }
            if let failureSample {
                test("aThrownErrorFailsTheStream", &printer) { printer in
                    printer.lines(
                        """
                        let (publisher, _) = makeSubject(count: 2, ending: \(failureSample))
                        let subscriber = Subscriber(initialDemand: .unlimited)

                        publisher.subscribe(subscriber)

                        subscriber.assertValueCount(2)
                        subscriber.assertFailedOnce()
                        """)
                }
            }
            test("demandReplenishedFromReceivePullsOneAtATime", &printer) { printer in
                printer.lines(
                    """
                    let (publisher, driver) = makeSubject(count: 10_000)
                    let subscriber = Subscriber(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })

                    publisher.subscribe(subscriber)

                    subscriber.assertValueCount(10_000)
                    subscriber.assertFinishedOnce()
                    """)
                printer.line(expect.expectEqual("driver.pullCount", "10_001"))
            }
            test("cancelInsideReceiveStopsPulling", &printer) { printer in
                printer.lines(
                    """
                    let (publisher, driver) = makeSubject(count: 5)
                    let subscriber = Subscriber(initialDemand: .unlimited, onValue: { subscriber, _ in subscriber.cancel() })

                    publisher.subscribe(subscriber)

                    subscriber.assertValueCount(1)
                    subscriber.assertNoCompletion()
                    """)
                printer.line(expect.expectEqual("driver.pullCount", "1"))
            }
            if let drive = text.declaration.testDrive {
                OwnerDrivenTests(
                    text: text, drive: drive, sample: sample, dialect: dialect, isMainActor: false
                ).print(to: &printer)
            }
        }
    }

    private func test(_ name: String, _ printer: inout SwiftPrinter, _ body: (inout SwiftPrinter) -> Void) {
        printer.test(name, in: dialect, body)
    }
}
