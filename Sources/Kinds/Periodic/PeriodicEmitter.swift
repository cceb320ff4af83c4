import GeneratorEmitting
import GeneratorLanguage
import GeneratorModel

/// `kind: periodic`: a repeating timer on any Combine scheduler. `value` runs at every tick inside
/// a factory that has `scheduler` and `options`.
struct PeriodicEmitter: KindEmitter {
    let text: DeclarationText
    let source: PeriodicSource

    /// The factories' and initializers' generic parameter, the scheduler's or clock's type:
    /// `Context`, unless the declaration's types mention that name, which it would capture.
    var context: String { GeneratedNames.unclaimed("Context", in: text.declaration.writtenTypes) }

    /// The interval inside the generated types: the literal, or their initializers' `interval`.
    var interval: String {
        switch source.interval.value {
        case let .seconds(seconds): DeclarationText.doubleLiteral(seconds)
        case .parameter: "interval"
        }
    }

    /// The factory parameter that gives the interval, as the factory's body names it.
    private var intervalParameter: String? {
        guard case let .parameter(name) = source.interval.value else { return nil }
        return SwiftNames.escaped(name)
    }

    /// The initializers' `interval:` parameter, when the factory gives the interval; with a
    /// comma after it, to sit before `value`.
    var intervalInitParameter: String { intervalParameter == nil ? "" : "interval: Double, " }

    /// The interval generated tests run the types with: the schema's, or one second.
    private var testInterval: String { intervalParameter == nil ? interval : "1.0" }

    /// Whether the streams hold the owner weakly and end when it is deallocated
    /// (`lifetime: endsWithOwner`).
    var endsWithOwner: Bool { source.lifetime == .endsWithOwner }

    func printDeclaration(forms: [EmittedForm], to printer: inout SwiftPrinter) {
        for form in forms {
            switch form {
            case .combine: printPublisher(to: &printer)
            case .async: printSequence(to: &printer)
            }
            printer.blankLine()
        }
        guard let first = forms.first else { return }
        // Qualified: in the owner's extension a nested type of the owner could take the name.
        let output = "\(text.typeName(first)).\(text.elementName(first))"
        let value =
            endsWithOwner
            ? SchemaCodeFunction(
                role: "TickValue",
                summary: "The value a tick sends (the schema's `value`), read on the owner the stream still holds.",
                result: output, code: [source.value]
            ) { $0.embedded(source.value, in: text.sourceFile) }
            : SchemaCodeFunction(
                role: "TickValue",
                summary: "What makes the value each tick sends (the schema's `value`). The factory of each form hands "
                    + "it to its type.",
                result: "() -> \(output)", code: [source.value]
            ) { printer in
                let local = text.localName("publisherValue", around: [source.value])
                printer.block("func \(local)() -> \(output)") { $0.embedded(source.value, in: text.sourceFile) }
                printer.line("return \(local)")
            }
        text.printFactories(forms: forms, to: &printer, schemaCode: [value]) { form in
            switch form {
            case .combine:
                FactorySignature(
                    generics: "<\(context): Scheduler>",
                    leading: ["scheduler: \(context)", "options: \(context).SchedulerOptions? = nil"])
            case .async:
                FactorySignature(
                    generics: "<\(context): Clock>", leading: ["clock: \(context) = ContinuousClock()"],
                    constraints: "\(context).Duration == Swift.Duration",
                    availability: GeneratedAttributes.clockAvailability)
            }
        } body: { factory, printer in
            let timing =
                switch factory.form {
                case .combine: ["scheduler: scheduler", "options: options"]
                case .async: ["clock: clock"]
                }
            let interval = intervalParameter.map { ["interval: \($0)"] } ?? []
            // With `endsWithOwner`, the owner through an `OwnerHold`, and its value read on the
            // owner the hold still has at each tick.
            let valueArguments =
                endsWithOwner
                ? ["owner: OwnerHold(self)", "value: { $0.\(text.call(value)) }"] : ["value: \(text.call(value))"]
            printer.call(factory.make, arguments: timing + interval + valueArguments)
        }
    }

    var seconds: String {
        switch source.interval.value {
        case .seconds(1): "second"
        case .seconds: "\(interval) seconds"
        case .parameter: "`interval` seconds"
        }
    }

    /// The doc line of `interval:` and the check the initializers make of it.
    var intervalDoc: String {
        intervalParameter == nil ? "" : "\n///   - interval: Seconds between ticks, greater than zero."
    }

    var intervalCheck: String {
        intervalParameter == nil
            ? "" : "\n    precondition(interval > 0, \"the interval between ticks must be greater than zero\")"
    }

    private func printPublisher(to printer: inout SwiftPrinter) {
        let behavior = source.behavior
        let behaviorDoc =
            "Ticks every \(seconds) on any Combine scheduler, starting \(text.startPhrase(behavior)); cancelling "
            + "stops the timer. \(lifetimePhrase(ending: "finishes", kept: "after the values kept for it"))"
            + text.noDemandPhrase(behavior)
        PushPublisherStruct(text: text, behavior: behavior, behaviorDoc: behaviorDoc).print(to: &printer)
        printer.blankLine()
        let access = text.access
        let typeName = text.typeName
        printer.topLevel("nonisolated extension \(typeName)") { printer in
            printer.lines(
                """
                /// Creates the publisher on `scheduler`, evaluating `value` at every tick.
                ///
                /// - Parameters:
                ///   - scheduler: The scheduler the timer runs on; a virtual-time scheduler in tests.
                ///   - options: Scheduler options for the timer.\(intervalDoc)
                ///   - value: Evaluated at every tick.
                \(access)init<\(context): Scheduler>(
                    scheduler: \(context), options: \(context).SchedulerOptions? = nil, \(intervalInitParameter)value: @escaping () -> Output
                ) {\(intervalCheck)
                    self.init(attaching: { events in
                        let stride = \(context).SchedulerTimeType.Stride.seconds(\(interval))
                        let timer = scheduler.schedule(
                            after: scheduler.now.advanced(by: stride), interval: stride,
                            tolerance: scheduler.minimumTolerance, options: options
                        ) { events.send(value()) }
                        return { timer.cancel() }
                    })
                }
                """)
            if endsWithOwner { printOwnerInitializer(to: &printer) }
        }
    }

    private func printSequence(to printer: inout SwiftPrinter) {
        let behavior = source.behavior
        let kept =
            switch behavior.whenNoDemand {
            case .drop: "are dropped"
            case .latest: "leave one tick, returned at once by the next `next()`"
            case let .buffer(size, _): "are kept, up to \(size), and returned at once by the next calls"
            case .unbounded: "are all kept, and returned at once by the next calls"
            }
        let doc = { (printer: inout SwiftPrinter) in
            printer.docComment(text.summary)
            printer.line("///")
            printer.docComment(
                "Each iteration ticks every \(seconds) on a clock (`ContinuousClock` unless another is given), "
                    + "starting \(text.iterationStartPhrase(behavior)); `value` is evaluated as each tick is returned. "
                    + "Ticks that come while the consumer is not awaiting `next()` \(kept). A cancelled task's `next()` "
                    + "returns `nil`. "
                    + lifetimePhrase(ending: "ends", kept: "kept ticks included, as their values were to be read on it")
            )
        }
        // Always the engine's type: the kind takes no `typeParameters` and never sends its receiver's own
        // type, the exceptions that keep a struct in the other kinds.
        printEngineSequence(doc: doc, to: &printer)
    }

    func printScaffold(_ form: EmittedForm, to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        switch form {
        case .combine:
            let ownerTests = ownerTests(dialect: dialect)
            PushScaffold(
                text: text, behavior: source.behavior, sample: sample, dialect: dialect,
                kindTests: [
                    PeriodicTimerTest.scaffoldTest(interval: testInterval, passesInterval: intervalParameter != nil)
                ],
                kindOwnerTests: ownerTests.map { ownerTests in { ownerTests.printPublisherTests(to: &$0) } },
                sharedOwnerTests: false
            )
            .print(to: &printer)
        case .async:
            PeriodicSequenceScaffold(
                text: text, behavior: source.behavior, sample: sample, dialect: dialect, interval: testInterval,
                passesInterval: intervalParameter != nil,
                ownerTests: ownerTests(dialect: dialect)
            ).print(to: &printer)
        }
    }

    /// The tests through the owner `test:` makes, when it makes one.
    private func ownerTests(dialect: TestDialect) -> PeriodicOwnerTests? {
        guard text.declaration.testDrive != nil else { return nil }
        return PeriodicOwnerTests(
            text: text, dialect: dialect, interval: testInterval, endsWithOwner: endsWithOwner,
            periodicInterval: source.interval.value)
    }
}
