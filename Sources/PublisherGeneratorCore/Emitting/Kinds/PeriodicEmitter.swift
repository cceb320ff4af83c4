/// `kind: periodic`: a repeating timer on any Combine scheduler. `value` runs at every tick inside
/// a factory that has `scheduler` and `options`.
struct PeriodicEmitter: KindEmitter {
    static let namesInScope = ["scheduler", "options", "publisherValue"]

    let text: DeclarationText
    let source: PeriodicSource

    private var interval: String { DeclarationText.doubleLiteral(source.interval.value) }

    func printPublisher(to printer: inout SwiftPrinter) {
        let behavior = source.behavior
        let seconds = source.interval.value == 1 ? "second" : "\(interval) seconds"
        let behaviorDoc =
            "Ticks every \(seconds) on any Combine scheduler, starting \(text.startPhrase(behavior)); cancelling "
            + "stops the timer. \(text.noDemandPhrase(behavior))"
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
                ///   - options: Scheduler options for the timer.
                ///   - value: Evaluated at every tick.
                \(access)init<Context: Scheduler>(
                    scheduler: Context, options: Context.SchedulerOptions? = nil, value: @escaping () -> Output
                ) {
                    self.init(attach: { send, _, _ in
                        let interval = Context.SchedulerTimeType.Stride.seconds(\(interval))
                        let timer = scheduler.schedule(
                            after: scheduler.now.advanced(by: interval), interval: interval,
                            tolerance: scheduler.minimumTolerance, options: options
                        ) { send(value()) }
                        return { timer.cancel() }
                    })
                }
                """)
        }
        printer.blankLine()
        let parameters = text.parameters(leading: ["scheduler: Context", "options: Context.SchedulerOptions? = nil"])
        if let owner = text.owner {
            printer.topLevel("nonisolated extension \(owner)") { printer in
                printer.docComment(text.summary)
                printer.signature(
                    "\(access)func \(text.factoryName)<Context: Scheduler>", parameters, returning: typeName
                ) { printer in
                    // Qualified: in the owner's extension a nested type of the owner could take the name.
                    printer.block("func publisherValue() -> \(typeName).Output") {
                        $0.embedded(source.value, in: text.sourceFile)
                    }
                    printer.line("return \(typeName)(scheduler: scheduler, options: options, value: publisherValue)")
                }
            }
        } else {
            printer.topLevel("nonisolated extension \(typeName)") { printer in
                printer.docComment(text.summary)
                printer.signature("\(access)init<Context: Scheduler>", parameters) { printer in
                    printer.block("func publisherValue() -> Output") { $0.embedded(source.value, in: text.sourceFile) }
                    printer.line("self.init(scheduler: scheduler, options: options, value: publisherValue)")
                }
            }
        }
    }

    func printScaffold(to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        PushScaffold(text: text, behavior: source.behavior, sample: sample, dialect: dialect, interval: interval)
            .print(to: &printer)
    }
}
