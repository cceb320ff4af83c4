/// The test case of a push kind's sequence (callback, target/action), driven by hand through
/// `PushSourceDriver` and consumed by `SequenceTestConsumer`: a value sent while the consumer
/// awaits `next()`, values sent while it does not (the no-demand policy), the end and the failure
/// after the kept values, cancellation of the consuming task, the iterator's release and
/// concurrent producers.
struct PushSequenceScaffold {
    let text: DeclarationText
    let behavior: PushBehavior
    let sample: Sample
    let dialect: TestDialect
    /// Whether the tests touch values of a main-actor sender (its samples may be such values).
    var isMainActor = false

    private var scaffolding: SequenceScaffolding {
        SequenceScaffolding(text: text, sample: sample, dialect: dialect, isMainActor: isMainActor)
    }
    private var onDemand: Bool { behavior.start == .onDemand }
    /// The indices of the samples an idle consumer (``printIdleConsumer(to:)``) has received.
    private var first: [Int] { onDemand ? [0] : [] }
    /// `await ` where making an idle consumer awaits its first value.
    private var awaitIdle: String { onDemand ? "await " : "" }

    func print(to printer: inout SwiftPrinter) {
        let policy = PolicyScenario(behavior.whenNoDemand)
        let scaffolding = scaffolding
        scaffolding.printSuite(
            doc: "`\(scaffolding.typeName)` driven by hand through `PushSourceDriver` and consumed by "
                + "`SequenceTestConsumer`: a value sent while the consumer awaits `next()`, values sent while it "
                + "does not (`whenNoDemand: \(policy.name)`), the end and the failure after the kept values, "
                + "cancellation, the iterator's release and concurrent producers.",
            typeAliases: ["Driver = PushSourceDriver<Subject.Element, Subject.Failure>"],
            valueIs: "send as the `index`th event", to: &printer
        ) { printer in
            printer.lines(
                """
                func makeSubject() -> (sequence: Subject, driver: Driver) {
                    let driver = Driver()
                    return (Subject(register: driver.register, unregister: driver.unregister), driver)
                }
                """)
            printIdleConsumer(to: &printer)
            printAwaitingTests(policy: policy, to: &printer)
            printEndTests(policy: policy, to: &printer)
            printCancellationTests(to: &printer)
            printConcurrencyTests(to: &printer)
            if let drive = text.declaration.testDrive {
                OwnerDrivenSequenceTests(
                    text: text, drive: drive, sample: sample, scaffolding: scaffolding
                )
                .print(to: &printer)
            }
        }
    }

    /// `makeIdleConsumer()`: a consumer registered with the source and not awaiting `next()`.
    private func printIdleConsumer(to printer: inout SwiftPrinter) {
        if onDemand {
            scaffolding.helper(
                "func makeIdleConsumer() async -> (consumer: Consumer, driver: Driver)",
                doc: "A consumer that took `sample(0)` while it awaited its first `next()` and awaits nothing now: "
                    + "registered, between two calls.",
                makesSamples: true, to: &printer
            ) { printer in
                printer.lines(
                    """
                    let (sequence, driver) = makeSubject()
                    let consumer = Consumer(sequence)
                    consumer.request()
                    await driver.registrations(reaching: 1)
                    driver.emit(sample(0))
                    await consumer.results(reaching: 1)
                    return (consumer, driver)
                    """)
            }
        } else {
            scaffolding.helper(
                "func makeIdleConsumer() -> (consumer: Consumer, driver: Driver)",
                doc:
                    "A consumer whose iterator is made, so registered (`start: onSubscribe`), and that awaits nothing.",
                to: &printer
            ) { printer in
                printer.lines(
                    """
                    let (sequence, driver) = makeSubject()
                    return (Consumer(sequence), driver)
                    """)
            }
        }
    }

    // MARK: Awaiting and not awaiting

    private func printAwaitingTests(policy: PolicyScenario, to printer: inout SwiftPrinter) {
        let expect = dialect
        test("aValueSentWhileTheConsumerAwaitsNextIsDelivered", &printer) { printer in
            printer.lines(
                """
                let (sequence, driver) = makeSubject()
                let consumer = Consumer(sequence)
                """)
            if onDemand {
                printer.line(
                    expect.expectEqual("driver.registerCount", "0", "start: onDemand registers on the first next()"))
                printer.lines(
                    """
                    consumer.request()
                    // The first next() registers while it awaits: once registered, the consumer awaits.
                    await driver.registrations(reaching: 1)
                    driver.emit(sample(0))
                    await consumer.results(reaching: 1)

                    """)
            } else {
                printer.line(
                    expect.expectEqual(
                        "driver.registerCount", "1", "start: onSubscribe registers when the iterator is made"))
                if policy.keepsValues {
                    printer.lines(
                        """
                        consumer.request()
                        // Whether or not the consumer awaits yet, the value is its: delivered or kept for the call.
                        driver.emit(sample(0))
                        await consumer.results(reaching: 1)

                        """)
                } else {
                    printer.lines(
                        """
                        // Nothing shows when the consumer starts to await, and what comes before is dropped:
                        // send until the call returns.
                        await consumer.request(sendingUntilReturned: { driver.emit(sample(0)) })

                        """)
                }
            }
            printer.line(expect.expectEqual("consumer.nextResults", "[.value]"))
            if sample.isEquatable { printer.line(expect.expectEqual("consumer.values", "[sample(0)]")) }
            printer.line(expect.expectEqual("driver.registerCount", "1"))
            printer.line(expect.expectEqual("driver.unregisterCount", "0"))
        }
        test("valuesSentWhileTheConsumerDoesNotAwait\(policy.testSuffix)", &printer) { printer in
            printer.line("let (consumer, driver) = \(awaitIdle)makeIdleConsumer()")
            printer.blankLine()
            printer.line(
                onDemand
                    ? "// Value 0 came while the consumer awaited; values 1 to 5 come while it does not."
                    : "// Values 1 to 5 come while the consumer does not await.")
            printer.lines(
                """
                for index in 1..<6 { driver.emit(sample(index)) }
                driver.finish()
                consumer.requestUntilEnd()
                await consumer.ended()

                """)
            let delivered = first + policy.expectedIndices.dropFirst()
            printer.line(expect.expectEqual("consumer.values.count", "\(delivered.count)"))
            if sample.isEquatable {
                printer.line(expect.expectEqual("consumer.values", SequenceScaffolding.samples(delivered)))
            }
        }
    }

    // MARK: The end

    private func printEndTests(policy: PolicyScenario, to printer: inout SwiftPrinter) {
        let delivered = first.count + policy.expectedIndices.count - 1
        printEndTest(
            "finishUnregistersAtOnceAndEndsTheIterationAfterTheKeptValues", ending: "driver.finish()",
            isFailure: false, keepsValues: policy.keepsValues, delivered: delivered, to: &printer)
        guard let failureSample = text.failureSample else { return }
        printEndTest(
            "failureUnregistersAtOnceAndIsThrownAfterTheKeptValues", ending: "driver.fail(\(failureSample))",
            isFailure: true, keepsValues: policy.keepsValues, delivered: delivered, to: &printer)
    }

    /// Values 1 to 5 come while the consumer does not await, then `ending` (and a finish, which
    /// changes nothing): the source is unregistered at once, and `next()` returns the `delivered`
    /// values, then the end, then `nil`.
    private func printEndTest(
        _ name: String, ending: String, isFailure: Bool, keepsValues: Bool, delivered: Int,
        to printer: inout SwiftPrinter
    ) {
        let expect = dialect
        test(name, &printer) { printer in
            printer.lines(
                """
                let (consumer, driver) = \(awaitIdle)makeIdleConsumer()

                for index in 1..<6 { driver.emit(sample(index)) }
                \(ending)
                driver.finish()

                """)
            printer.line(
                expect.expectEqual(
                    "driver.unregisterCount", "1", "the \(isFailure ? "failure" : "end") unregisters at once"))
            if !keepsValues { printer.line("// Nothing was kept, so the end comes at the first call.") }
            printer.lines(
                """
                consumer.requestUntilEnd()
                await consumer.ended()
                consumer.request()
                await consumer.results(reaching: \(delivered + 2))
                await consumer.releaseIterator()

                """)
            scaffolding.printExpectResults(
                values: delivered, then: [isFailure ? "failure" : "end", "end"],
                isFailure ? "the kept values, then the failure, then nil" : "the kept values, then nil, and nil again",
                to: &printer)
            if isFailure { printer.line(expect.expectNotNil("consumer.failure")) }
            printer.line(expect.expectEqual("driver.registerCount", "1"))
            printer.line(expect.expectEqual("driver.unregisterCount", "1", "unregistered exactly once"))
        }
    }

    // MARK: Cancellation and release

    private func printCancellationTests(to printer: inout SwiftPrinter) {
        let expect = dialect
        if onDemand {
            test("cancellingTheTaskThatAwaitsNextUnregistersOnceAndReturnsNil", &printer) { printer in
                printer.lines(
                    """
                    let (sequence, driver) = makeSubject()
                    let consumer = Consumer(sequence)
                    consumer.request()
                    await driver.registrations(reaching: 1)

                    consumer.cancel()
                    consumer.cancel()
                    await consumer.ended()
                    """)
                printer.line(
                    expect.expectEqual("driver.unregisterCount", "1", "the cancellation unregisters at once"))
                printer.lines(
                    """
                    driver.emit(sample(0))
                    consumer.request()
                    await consumer.results(reaching: 2)
                    await consumer.releaseIterator()

                    """)
                printer.line(
                    expect.expectEqual(
                        "consumer.nextResults", "[.end, .end]", "nil for the awaited call and later ones"))
                printer.line(expect.expectEqual("driver.registerCount", "1"))
                printer.line(expect.expectEqual("driver.unregisterCount", "1", "unregistered exactly once"))
            }
            test("aTaskCancelledBeforeItsFirstNextGetsNilAndNeverRegisters", &printer) { printer in
                printer.lines(
                    """
                    let (sequence, driver) = makeSubject()
                    let consumer = Consumer(sequence)

                    consumer.cancel()
                    consumer.request()
                    await consumer.ended()
                    await consumer.releaseIterator()

                    """)
                printer.line(expect.expectEqual("consumer.nextResults", "[.end]"))
                printer.line(expect.expectEqual("driver.registerCount", "0"))
                printer.line(expect.expectEqual("driver.unregisterCount", "0"))
            }
        }
        test("aCancelledTaskGetsNilNotTheKeptValuesAndUnregistersOnce", &printer) { printer in
            printer.lines(
                """
                let (consumer, driver) = \(awaitIdle)makeIdleConsumer()

                for index in 1..<6 { driver.emit(sample(index)) }
                consumer.cancel()
                consumer.request()
                await consumer.results(reaching: \(first.count + 1))
                await consumer.releaseIterator()

                """)
            scaffolding.printExpectResults(values: first.count, then: ["end"], to: &printer)
            printer.line(expect.expectEqual("driver.unregisterCount", "1", "unregistered exactly once"))
        }
        test("releasingTheIteratorUnregistersOnce", &printer) { printer in
            printer.lines(
                """
                let (consumer, driver) = \(awaitIdle)makeIdleConsumer()

                await consumer.releaseIterator()
                driver.emit(sample(1))
                driver.finish()

                """)
            printer.line(expect.expectEqual("driver.registerCount", "1"))
            printer.line(expect.expectEqual("driver.unregisterCount", "1", "unregistered exactly once"))
            printer.line(expect.expectFalse("driver.isRegistered"))
        }
    }

    // MARK: Concurrent producers

    private func printConcurrencyTests(to printer: inout SwiftPrinter) {
        let expect = dialect
        let (kept, lastIsKept) =
            switch behavior.whenNoDemand {
            case .drop: (0, false)
            case .latest: (1, true)
            case let .buffer(size, rule): (min(size, 1_000), rule == .dropOldest)
            }
        test("concurrentProducersWhileTheConsumerDoesNotAwaitLeaveWhatThePolicyKeeps", &printer) { printer in
            printer.lines(
                """
                let (consumer, driver) = \(awaitIdle)makeIdleConsumer()
                let producers = ConcurrentProducers((1...1_000).map(sample))

                producers.send { driver.emit($0) }
                driver.finish()
                consumer.requestUntilEnd()
                await consumer.ended()

                """)
            printer.line(expect.expectEqual("consumer.values.count", "\(first.count + kept)"))
            if sample.isDistinct {
                let delivered = first.isEmpty ? "consumer.values" : "Array(consumer.values.dropFirst())"
                printer.line(
                    expect.expectEqual("producers.problems(in: \(delivered), lastIsKept: \(lastIsKept))", "[]"))
            }
            printer.line(expect.expectEqual("driver.unregisterCount", "1"))
        }
        test("concurrentProducersWhileTheConsumerConsumesDeliverNothingTwice", &printer) { printer in
            printer.lines(
                """
                let (sequence, driver) = makeSubject()
                let consumer = Consumer(sequence)
                let producers = ConcurrentProducers((0..<1_000).map(sample))

                consumer.requestUntilEnd()
                await driver.registrations(reaching: 1)
                producers.send { driver.emit($0) }
                driver.finish()
                await consumer.ended()

                """)
            printer.line(expect.expectTrue("consumer.values.count <= 1_000", "nothing delivered twice"))
            // A consumer registered on its first call awaits it; a keeping policy keeps the last value.
            if onDemand || kept > 0 {
                printer.line(expect.expectTrue("consumer.values.count >= 1", "what was promised arrived"))
            }
            printer.line(expect.expectEqual("consumer.nextResults.last", ".end"))
            if sample.isDistinct {
                printer.line(
                    expect.expectEqual("producers.problems(in: consumer.values, lastIsKept: \(lastIsKept))", "[]"))
            }
            printer.line(expect.expectEqual("driver.unregisterCount", "1"))
        }
    }

    private func test(_ name: String, _ printer: inout SwiftPrinter, _ body: (inout SwiftPrinter) -> Void) {
        scaffolding.test(name, &printer, body)
    }
}
