/// The test case of a push kind (callback, target/action, periodic), driven by hand through
/// `PushSourceDriver`: demand, cancellation, completion, the no-demand policy and concurrent
/// emission; a kind adds tests of its own (``kindTests``), as periodic adds one of its timer.
struct PushScaffold {
    let text: DeclarationText
    let behavior: PushBehavior
    let sample: Sample
    let dialect: TestDialect
    /// Tests only the declaration's kind has, printed after the shared ones.
    var kindTests: [ScaffoldTest] = []
    /// Whether the tests touch values of a main-actor sender (its samples may be such values).
    var isMainActor = false

    func print(to printer: inout SwiftPrinter) {
        let typeName = text.typeName
        let policy = PolicyScenario(behavior.whenNoDemand)
        printer.lines(
            """
            /// `\(typeName)` driven by hand through `PushSourceDriver`: demand, cancellation,
            /// completion, the `whenNoDemand: \(policy.name)` policy and concurrent emission.
            """)
        printer.topLevel(
            dialect.suite("\(typeName)Tests", onMainActor: isMainActor), available: dialect.marksAvailability
        ) { printer in
            sample.printSuiteHead(
                of: typeName, driver: "PushSourceDriver", valueIs: "send as the `index`th event",
                onMainThread: dialect.makesSamplesOnMainThread(onMainActor: isMainActor), sourceFile: text.sourceFile,
                to: &printer)
            printer.lines(
                """
                func makeSubject() -> (publisher: Subject, driver: Driver) {
                    let driver = Driver()
                    return (Subject(register: driver.register, unregister: driver.unregister), driver)
                }
                """)
            printTests(policy: policy, to: &printer)
            if let drive = text.declaration.testDrive {
                OwnerDrivenTests(
                    text: text, drive: drive, sample: sample, dialect: dialect,
                    isMainActor: isMainActor
                ).print(to: &printer)
            }
        }
    }

    private func printTests(policy: PolicyScenario, to printer: inout SwiftPrinter) {
        let expect = dialect
        let equatable = sample.isEquatable
        test("unlimitedDemandReceivesEveryValue", &printer) { printer in
            printer.lines(
                """
                let (publisher, driver) = makeSubject()
                let subscriber = Subscriber(initialDemand: .unlimited)

                publisher.subscribe(subscriber)
                for index in 0..<5 { driver.emit(sample(index)) }

                subscriber.assertValueCount(5)
                """)
            if equatable { printer.line(expect.expectEqual("subscriber.values", "(0..<5).map(sample)")) }
            printer.line("subscriber.assertNoCompletion()")
            printer.line(expect.expectEqual("subscriber.subscriptionCount", "1"))
        }
        test("demandOfTwoReceivesTwoOfFive", &printer) { printer in
            printer.lines(
                """
                let (publisher, driver) = makeSubject()
                let subscriber = Subscriber(initialDemand: .max(2))

                publisher.subscribe(subscriber)
                for index in 0..<5 { driver.emit(sample(index)) }

                subscriber.assertValueCount(2)
                """)
            if equatable { printer.line(expect.expectEqual("subscriber.values", "[sample(0), sample(1)]")) }
        }
        test("zeroDemandReceivesNothing", &printer) { printer in
            printer.lines(
                """
                let (publisher, driver) = makeSubject()
                let subscriber = Subscriber(initialDemand: .none)

                publisher.subscribe(subscriber)
                for index in 0..<5 { driver.emit(sample(index)) }

                subscriber.assertValueCount(0)
                """)
            if behavior.start == .onDemand {
                printer.line(
                    expect.expectEqual("driver.registerCount", "0", "start: onDemand registers on the first demand"))
            } else {
                printer.line(
                    expect.expectEqual("driver.registerCount", "1", "start: onSubscribe registers at subscription"))
            }
        }
        test("zeroThenFiveRequestedReceivesFive", &printer) { printer in
            printer.lines(
                """
                let (publisher, driver) = makeSubject()
                let subscriber = Subscriber(initialDemand: .none)

                publisher.subscribe(subscriber)
                subscriber.request(.max(5))
                for index in 0..<7 { driver.emit(sample(index)) }

                subscriber.assertValueCount(5)
                """)
            printer.line(expect.expectEqual("driver.registerCount", "1"))
        }
        test("demandReplenishedFromReceiveKeepsValuesFlowing", &printer) { printer in
            printer.lines(
                """
                let (publisher, driver) = makeSubject()
                let subscriber = Subscriber(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })

                publisher.subscribe(subscriber)
                for index in 0..<100 { driver.emit(sample(index)) }

                subscriber.assertValueCount(100)
                """)
        }
        test("cancelStopsDeliveryReleasesTheSubscriberAndUnregistersOnce", &printer) { printer in
            printer.lines(
                """
                let (publisher, driver) = makeSubject()
                var subscriber: Subscriber? = Subscriber(initialDemand: .unlimited)
                let released = WeakReference(subscriber)

                publisher.subscribe(subscriber!)
                driver.emit(sample(0))
                subscriber?.cancel()
                driver.emit(sample(1))
                driver.finish()
                subscriber?.cancel()

                """)
            printer.line(expect.expectEqual("subscriber?.values.count", "1"))
            printer.line("subscriber?.assertNoCompletion()")
            printer.line(expect.expectEqual("driver.unregisterCount", "1", "unregistered exactly once"))
            printer.line("subscriber = nil")
            printer.line(expect.expectNil("released.object", "the subscription let go of its subscriber"))
        }
        test("cancelInsideReceiveStopsDeliveryAtOnce", &printer) { printer in
            printer.lines(
                """
                let (publisher, driver) = makeSubject()
                let subscriber = Subscriber(initialDemand: .unlimited, onValue: { subscriber, _ in subscriber.cancel() })

                publisher.subscribe(subscriber)
                for index in 0..<3 { driver.emit(sample(index)) }

                subscriber.assertValueCount(1)
                """)
            printer.line(expect.expectEqual("driver.unregisterCount", "1"))
        }
        test("finishIsDeliveredOnceWithoutDemandAndEndsEverything", &printer) { printer in
            printer.lines(
                """
                let (publisher, driver) = makeSubject()
                let subscriber = Subscriber(initialDemand: .max(1))

                publisher.subscribe(subscriber)
                driver.emit(sample(0))
                driver.finish()
                driver.emit(sample(1))
                driver.finish()

                subscriber.assertValueCount(1)
                subscriber.assertFinishedOnce()
                """)
            printer.line(expect.expectEqual("driver.unregisterCount", "1"))
            printer.line(expect.expectFalse("driver.isRegistered"))
        }
        if let failureSample = text.failureSample {
            test("failureIsDeliveredOnceAndEndsEverything", &printer) { printer in
                printer.lines(
                    """
                    let (publisher, driver) = makeSubject()
                    let subscriber = Subscriber(initialDemand: .unlimited)

                    publisher.subscribe(subscriber)
                    driver.fail(\(failureSample))
                    driver.emit(sample(0))

                    subscriber.assertValueCount(0)
                    subscriber.assertFailedOnce()
                    """)
                printer.line(expect.expectEqual("driver.unregisterCount", "1"))
            }
        }
        test("valuesWithoutDemand\(policy.testSuffix)", &printer) { printer in
            printSixValuesAgainstADemandOfOne(to: &printer)
            printer.lines(
                """
                subscriber.request(.unlimited)

                // Value 0 met demand; values 1 to 5 arrived without it.
                subscriber.assertValueCount(\(policy.expectedIndices.count))
                """)
            if equatable {
                printer.line(expect.expectEqual("subscriber.values", "\(policy.expectedIndicesLiteral).map(sample)"))
            }
        }
        test("valuesKeptWithoutDemandAreDeliveredBeforeTheCompletion", &printer) { printer in
            printSixValuesAgainstADemandOfOne(to: &printer)
            printer.line("driver.finish()")
            printer.blankLine()
            guard policy.keepsValues else {
                printer.lines(
                    """
                    // Nothing was kept, so the completion comes at once.
                    subscriber.assertValueCount(1)
                    subscriber.assertFinishedOnce()
                    """)
                printer.line(expect.expectEqual("driver.unregisterCount", "1"))
                return
            }
            printer.lines(
                """
                // Value 0 met demand; the completion waits for the values kept without it.
                subscriber.assertValueCount(1)
                subscriber.assertNoCompletion()
                """)
            printer.line(
                expect.expectEqual("driver.unregisterCount", "0", "registered until the completion is delivered"))
            printer.line("subscriber.request(.unlimited)")
            printer.blankLine()
            printer.line("subscriber.assertValueCount(\(policy.expectedIndices.count))")
            if equatable {
                printer.line(expect.expectEqual("subscriber.values", "\(policy.expectedIndicesLiteral).map(sample)"))
            }
            printer.line("subscriber.assertFinishedOnce()")
            printer.line(expect.expectEqual("driver.unregisterCount", "1"))
        }
        if policy.keepsValues {
            test("cancelDiscardsKeptValuesAndTheCompletion", &printer) { printer in
                printSixValuesAgainstADemandOfOne(to: &printer)
                printer.lines(
                    """
                    driver.finish()
                    subscriber.cancel()
                    subscriber.request(.unlimited)

                    subscriber.assertValueCount(1)
                    subscriber.assertNoCompletion()
                    """)
                printer.line(expect.expectEqual("driver.unregisterCount", "1"))
            }
        }
        test("concurrentEmissionIsSerializedAndNothingIsLost", &printer) { printer in
            printer.lines(
                """
                let (publisher, driver) = makeSubject()
                let subscriber = Subscriber(initialDemand: .unlimited)
                let samples = SharedForTest((0..<1_000).map(sample))

                publisher.subscribe(subscriber)
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    for index in stride(from: thread, to: 1_000, by: 4) { driver.emit(samples.value[index]) }
                }

                subscriber.assertValueCount(1_000)
                subscriber.assertSerialized()
                """)
        }
        for kindTest in kindTests {
            test(kindTest.name, &printer) { kindTest.printBody(&$0, expect) }
        }
    }

    /// The arrangement of the no-demand tests: a demand of one, then six values, so value 0 meets
    /// demand and values 1 to 5 arrive without it.
    private func printSixValuesAgainstADemandOfOne(to printer: inout SwiftPrinter) {
        printer.lines(
            """
            let (publisher, driver) = makeSubject()
            let subscriber = Subscriber(initialDemand: .max(1))

            publisher.subscribe(subscriber)
            for index in 0..<6 { driver.emit(sample(index)) }
            """)
    }

    private func test(_ name: String, _ printer: inout SwiftPrinter, _ body: (inout SwiftPrinter) -> Void) {
        printer.test(name, in: dialect, body)
    }
}

/// What the no-demand test expects: value 0 meets demand, values 1...5 arrive without it, then
/// demand becomes unlimited.
struct PolicyScenario {
    /// The policy as the schema spells it.
    let name: String
    /// Ends the test's name: `testValuesWithoutDemandAreDropped`.
    let testSuffix: String
    /// The indices of the samples the subscriber receives.
    let expectedIndices: [Int]

    init(_ policy: NoDemandPolicy) {
        let late = Array(1...5)
        switch policy {
        case .drop:
            name = "drop"
            testSuffix = "AreDropped"
            expectedIndices = [0]
        case .latest:
            name = "latest"
            testSuffix = "LeaveOnlyTheLatest"
            expectedIndices = [0, 5]
        case let .buffer(size, rule):
            name = "{ buffer: \(size), whenFull: \(rule.rawValue) }"
            let dropsOldest = rule == .dropOldest
            testSuffix = "AreBufferedUpTo\(size)" + (dropsOldest ? "DroppingTheOldest" : "DroppingTheNewest")
            expectedIndices = [0] + (dropsOldest ? Array(late.suffix(size)) : Array(late.prefix(size)))
        }
    }

    /// Whether the policy keeps values for later demand (and so a completion waits for them).
    var keepsValues: Bool { expectedIndices.count > 1 }

    /// `[0, 5]`.
    var expectedIndicesLiteral: String {
        "[" + expectedIndices.map(String.init).joined(separator: ", ") + "]"
    }
}
