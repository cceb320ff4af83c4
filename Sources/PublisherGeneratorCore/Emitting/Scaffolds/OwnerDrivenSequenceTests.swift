/// The tests a declaration's `test:` asks for, for its sequence: the sequence the owner's async
/// factory makes, consumed by `SequenceTestConsumer`, so that the schema's own `register`,
/// `unregister`, `next`, `value` and `event` run against the owner the schema names. Printed inside
/// the sequence's suite, after the tests that drive it from closures.
///
/// The consumer's task registers inside its first `next()` while the test reads `registrations`
/// and fires: a nonisolated owner must allow that from two threads (as a source that calls back
/// from any thread does); a main-actor owner is only touched on the main actor.
struct OwnerDrivenSequenceTests {
    let text: DeclarationText
    let drive: TestDrive
    let sample: Sample
    let scaffolding: SequenceScaffolding

    private var dialect: TestDialect { scaffolding.dialect }
    private var isMainActor: Bool { scaffolding.isMainActor }

    /// How the tests make the sequence.
    enum SequenceSource {
        /// The async factory, without arguments.
        case factory(String)
        /// The schema's `publisher:` with the Combine factory's name replaced by the async one's.
        case written(Located<String>)
    }

    func print(to printer: inout SwiftPrinter) {
        guard let sequence = sequenceSource else {
            printer.blankLine()
            let note =
                "`test: publisher:` does not call `\(text.factoryName(.combine))`, so no sequence can be made from it: "
                + "only the publisher has owner-driven tests."
            for line in SwiftPrinter.wrapped(Substring(note), to: SwiftPrinter.docCommentWidth - 3) {
                printer.line("// " + line)
            }
            return
        }
        switch text.declaration.source.delivery {
        case let .push(behavior): printPushTests(behavior: behavior, sequence: sequence, to: &printer)
        case .pull: printPollingTests(sequence: sequence, to: &printer)
        }
    }

    /// `nil` when `publisher:` does not call the Combine factory, so no sequence can be made from it.
    var sequenceSource: SequenceSource? {
        let asyncFactory = text.factoryName(.async)
        guard let publisher = drive.publisher else { return .factory("owner.\(asyncFactory)()") }
        let call = ".\(text.factoryName(.combine))("
        guard publisher.value.contains(call) else { return nil }
        // After a dot a keyword needs no backticks.
        let bare = asyncFactory.filter { $0 != "`" }
        return .written(
            Located(publisher.value.replacingOccurrences(of: call, with: ".\(bare)("), at: publisher.location))
    }

    // MARK: Push kinds

    private func printPushTests(behavior: PushBehavior, sequence: SequenceSource, to printer: inout SwiftPrinter) {
        let expect = dialect
        let onDemand = behavior.start == .onDemand
        /// Makes the consumer and gets it registered and holding `samples[0]`, awaiting nothing.
        func printConsumerWithOneValue(checksRegistration: Bool, to printer: inout SwiftPrinter) {
            printer.line("let consumer = Consumer(sequence)")
            if checksRegistration {
                printer.line(
                    onDemand
                        ? expect.expectEqual("registrations()", "0", "start: onDemand registers on the first next()")
                        : expect.expectEqual(
                            "registrations()", "1", "start: onSubscribe registers when the iterator is made"))
            }
            if onDemand {
                printer.lines(
                    """
                    consumer.request()
                    // The first next() registers while it awaits, on the consumer's task.
                    let registered = await eventually { registrations() == 1 }
                    """)
                printer.line(expect.expectTrue("registered", "the first next() registered"))
                printer.line("fire(samples[0])")
                printer.line("await consumer.results(reaching: 1)")
            } else if behavior.whenNoDemand != .drop {
                printer.line("consumer.request()")
                printer.line("fire(samples[0])")
                printer.line("await consumer.results(reaching: 1)")
            } else {
                printer.line("// Nothing shows when the consumer starts to await: fire until the call returns.")
                printer.line("await consumer.request(sendingUntilReturned: { fire(samples[0]) })")
            }
            printer.blankLine()
        }
        let registersWhen = onDemand ? "OnTheFirstNext" : "WhenItsIteratorIsMade"
        test("ownerSequenceRegisters\(registersWhen)AndUnregistersOnceOnCancel", &printer, sequence: sequence) {
            printer in
            printConsumerWithOneValue(checksRegistration: true, to: &printer)
            printer.line(expect.expectEqual("registrations()", "1", "registered once"))
            printer.line(expect.expectEqual("consumer.nextResults", "[.value]"))
            if sample.isEquatable { printer.line(expect.expectEqual("consumer.values", "[samples[0]]")) }
            printer.lines(
                """
                consumer.request()
                consumer.cancel()
                await consumer.ended()
                let unregistered = await eventually { registrations() == 0 }
                fire(samples[1])

                """)
            printer.line(expect.expectTrue("unregistered", "unregistered on cancel"))
            printer.line(expect.expectEqual("consumer.nextResults", "[.value, .end]"))
        }
        test("ownerSequenceUnregistersWhenItsIteratorIsReleased", &printer, sequence: sequence) { printer in
            printConsumerWithOneValue(checksRegistration: false, to: &printer)
            printer.lines(
                """
                await consumer.releaseIterator()
                let unregistered = await eventually { registrations() == 0 }

                """)
            printer.line(expect.expectTrue("unregistered", "unregistered when the iterator is released"))
        }
        guard drive.finish != nil else { return }
        test("ownerSequenceUnregistersWhenTheSourceFinishes", &printer, sequence: sequence) { printer in
            printConsumerWithOneValue(checksRegistration: false, to: &printer)
            printer.lines(
                """
                finish()
                consumer.requestUntilEnd()
                await consumer.ended()
                let unregistered = await eventually { registrations() == 0 }

                """)
            printer.line(expect.expectEqual("consumer.nextResults", "[.value, .end]"))
            printer.line(expect.expectTrue("unregistered", "unregistered when the source finished"))
        }
    }

    // MARK: Polling

    private func printPollingTests(sequence: SequenceSource, to printer: inout SwiftPrinter) {
        let expect = dialect
        test("ownerSequenceIsPulledOncePerNextAndNeverAhead", &printer, sequence: sequence) { printer in
            printer.line("let consumer = Consumer(sequence)")
            printer.line(expect.expectEqual("pulls()", "0", "nothing is pulled before next()"))
            printer.lines(
                """
                consumer.request(2)
                await consumer.results(reaching: 2)

                let answered = consumer.values.count + (consumer.hasEnded ? 1 : 0)
                """)
            printer.line(expect.expectEqual("pulls()", "answered", "one pull per value, and one for the end"))
        }
        test("ownerSequenceIsNotPulledByACancelledTask", &printer, sequence: sequence) { printer in
            printer.lines(
                """
                let consumer = Consumer(sequence)
                consumer.cancel()
                consumer.request()
                await consumer.ended()

                """)
            printer.line(expect.expectEqual("pulls()", "0", "a cancelled task pulls nothing"))
        }
    }

    // MARK: Shared

    /// A test whose body starts by making the owner, its sequence and the local functions the
    /// schema's code becomes; push kinds also make three samples, `samples[0...2]`.
    private func test(
        _ name: String, _ printer: inout SwiftPrinter, sequence: SequenceSource,
        _ body: (inout SwiftPrinter) -> Void
    ) {
        scaffolding.test(name, &printer) { printer in
            if case .push = text.declaration.source.delivery { printer.line("let samples = (0..<3).map(sample)") }
            printArrangement(sequence: sequence, to: &printer)
            body(&printer)
        }
    }

    private func printArrangement(sequence: SequenceSource, to printer: inout SwiftPrinter) {
        let file = text.sourceFile
        printer.block("let owner =", close: "}()") { $0.embedded(drive.owner, in: file) }
        switch sequence {
        case let .factory(call): printer.line("let sequence = \(call)")
        case let .written(code): printer.block("let sequence =", close: "}()") { $0.embedded(code, in: file) }
        }
        drive.printLocalFunctions(value: "Subject.Element", isMainActor: isMainActor, in: file, to: &printer)
    }
}
