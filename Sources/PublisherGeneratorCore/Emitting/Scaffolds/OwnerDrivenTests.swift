/// The tests a declaration's `test:` asks for: the publisher its owner's factory makes, so that the
/// schema's own `register`, `unregister`, `next`, `value` and `event` run against the owner the
/// schema names (a test double or the real type). Printed inside the kind's suite, after the tests
/// that drive the publisher from closures; they use its `sample`.
struct OwnerDrivenTests {
    let text: DeclarationText
    let drive: TestDrive
    let sample: Sample
    let dialect: TestDialect
    /// Whether the owner is a main-actor sender: the schema's code becomes `@MainActor` functions.
    let isMainActor: Bool
    /// XCTest cases of main-actor senders run each body inside `MainActor.assumeIsolated`.
    var onMainThread: Bool { dialect.makesSamplesOnMainThread(onMainActor: isMainActor) }

    func print(to printer: inout SwiftPrinter) {
        switch text.declaration.source.delivery {
        case let .push(behavior): printPushTests(start: behavior.start, to: &printer)
        case .pull: printPollingTests(to: &printer)
        }
    }

    // MARK: Push kinds

    private func printPushTests(start: StartPolicy, to printer: inout SwiftPrinter) {
        let expect = dialect
        let registersWhen = start == .onDemand ? "OnTheFirstDemand" : "AtSubscription"
        test("ownerRegisters\(registersWhen)AndUnregistersOnceOnCancel", usingSamples: true, &printer) { printer in
            printer.lines(
                """
                let subscriber = Subscriber(initialDemand: .none)

                publisher.subscribe(subscriber)
                """)
            if start == .onDemand {
                printer.line(
                    expect.expectEqual("registrations()", "0", "start: onDemand registers on the first demand"))
            } else {
                printer.line(expect.expectEqual("registrations()", "1", "start: onSubscribe registers at subscription"))
            }
            printer.lines(
                """
                subscriber.request(.unlimited)
                fire(samples[0])
                fire(samples[1])

                """)
            printer.line(expect.expectEqual("registrations()", "1", "registered once"))
            printer.line("subscriber.assertValueCount(2)")
            if sample.isEquatable { printer.line(expect.expectEqual("subscriber.values", "Array(samples[0...1])")) }
            printer.lines(
                """
                subscriber.cancel()
                subscriber.cancel()
                fire(samples[2])

                """)
            printer.line(expect.expectEqual("registrations()", "0", "unregistered exactly once, on cancel"))
            printer.line("subscriber.assertValueCount(2)")
        }
        test("ownerUnregistersWhenTheSubscriptionIsReleased", &printer) { printer in
            printer.line(
                "var cancellable: AnyCancellable? = publisher.sink(receiveCompletion: { _ in }, receiveValue: { _ in })"
            )
            printer.blankLine()
            printer.line(expect.expectEqual("registrations()", "1", "sink asks for every value"))
            printer.line(expect.expectNotNil("cancellable"))
            printer.line("cancellable = nil")
            printer.line(expect.expectEqual("registrations()", "0", "unregistered when the subscription is released"))
        }
        if drive.finish != nil {
            test("ownerUnregistersOnceOnCompletion", usingSamples: true, &printer) { printer in
                printer.lines(
                    """
                    let subscriber = Subscriber(initialDemand: .unlimited)

                    publisher.subscribe(subscriber)
                    fire(samples[0])
                    finish()

                    subscriber.assertValueCount(1)
                    subscriber.assertFinishedOnce()
                    """)
                printer.line(expect.expectEqual("registrations()", "0", "unregistered on completion"))
            }
        }
    }

    // MARK: Polling

    private func printPollingTests(to printer: inout SwiftPrinter) {
        let expect = dialect
        test("ownerIsPulledOnlyForDemandOncePerValue", &printer) { printer in
            printer.lines(
                """
                let subscriber = Subscriber(initialDemand: .none)

                publisher.subscribe(subscriber)
                """)
            printer.line(expect.expectEqual("pulls()", "0", "nothing is pulled without demand"))
            printer.line("subscriber.request(.max(2))")
            printer.blankLine()
            printer.line("let delivered = subscriber.values.count + subscriber.completions.count")
            printer.line(expect.expectTrue("subscriber.values.count <= 2", "no more values than demanded"))
            printer.line(expect.expectEqual("pulls()", "delivered", "one pull per value, and one for the end"))
        }
        test("ownerIsNotPulledAfterCancel", &printer) { printer in
            printer.lines(
                """
                let subscriber = Subscriber(initialDemand: .none)
                publisher.subscribe(subscriber)

                subscriber.cancel()
                subscriber.request(.max(2))

                """)
            printer.line(expect.expectEqual("pulls()", "0", "a cancelled subscription pulls nothing"))
        }
    }

    // MARK: Shared

    /// A test whose body starts by making the owner, its publisher and the local functions the
    /// schema's code becomes; `usingSamples`: and three samples, `samples[0...2]`.
    private func test(
        _ name: String, usingSamples: Bool = false, _ printer: inout SwiftPrinter,
        _ body: (inout SwiftPrinter) -> Void
    ) {
        printer.test(name, in: dialect) { printer in
            // Made before the main-actor closure below, which may not use the test case itself.
            if usingSamples { printer.line("let samples = (0..<3).map(sample)") }
            if onMainThread {
                printer.block("MainActor.assumeIsolated") { printer in
                    printArrangement(to: &printer)
                    body(&printer)
                }
            } else {
                printArrangement(to: &printer)
                body(&printer)
            }
        }
    }

    private func printArrangement(to printer: inout SwiftPrinter) {
        let file = text.sourceFile
        printer.block("let owner =", close: "}()") { $0.embedded(drive.owner, in: file) }
        if let publisher = drive.publisher {
            printer.block("let publisher =", close: "}()") { $0.embedded(publisher, in: file) }
        } else {
            printer.line("let publisher = owner.\(text.factoryName)()")
        }
        drive.printLocalFunctions(value: "Subject.Output", isMainActor: isMainActor, in: file, to: &printer)
    }
}

extension TestDrive {
    /// The local functions the schema's `fire` (taking a `value`), `finish`, `registrations` and
    /// `pulls` become, then a blank line. For a main-actor owner they are `@MainActor`: local
    /// functions do not take the isolation of the closure they are in.
    func printLocalFunctions(value: String, isMainActor: Bool, in file: String?, to printer: inout SwiftPrinter) {
        let isolation = isMainActor ? "@MainActor " : ""
        if let fire {
            printer.block("\(isolation)func fire(_ value: \(value))") { $0.embedded(fire, in: file) }
        }
        if let finish {
            printer.block("\(isolation)func finish()") { $0.embedded(finish, in: file) }
        }
        if let registrations {
            printer.block("\(isolation)func registrations() -> Int") { $0.embedded(registrations, in: file) }
        }
        if let pulls {
            printer.block("func pulls() -> Int") { $0.embedded(pulls, in: file) }
        }
        printer.blankLine()
    }
}
