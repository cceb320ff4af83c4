import GeneratorEmitting
import GeneratorModel

/// The periodic sequence as the engine's type: a typealias of `PeriodicTicks`, or of
/// `OwnedPeriodicTicks` with `lifetime: endsWithOwner` (its iterations can end with an owner),
/// tagged with the declaration, and its initializers in an extension of that name, which give the
/// engine the interval, the no-demand policy and the start.
extension PeriodicEmitter {
    func printEngineSequence(doc: (inout SwiftPrinter) -> Void, to printer: inout SwiftPrinter) {
        // The publisher prints the tag, unless the file emits the sequence alone.
        if text.formsInFile.first == .async { text.printSourceTag(to: &printer) }
        text.printFormAlias(
            .async, of: endsWithOwner ? "OwnedPeriodicTicks" : "PeriodicTicks", passesFailure: false,
            availability: GeneratedAttributes.clockAvailability, doc: doc, to: &printer)
        printer.blankLine()
        let access = text.access
        let behavior = source.behavior
        let ticks = [
            "clock: clock", "interval: .seconds(\(interval))", "whenNoDemand: \(text.policyLiteral(behavior))",
            "start: \(text.startLiteral(behavior))",
        ]
        printer.topLevel(
            "nonisolated extension \(text.typeName(.async))", availability: GeneratedAttributes.clockAvailability
        ) { printer in
            printer.lines(
                """
                /// Creates the sequence on `clock`, evaluating `value` at every tick.
                ///
                /// - Parameters:
                ///   - clock: The clock the ticks follow; a manual clock in tests.\(intervalDoc)
                ///   - value: Evaluated as each tick is returned.
                \(access)init<\(context): Clock>(clock: \(context) = ContinuousClock(), \(intervalInitParameter)value: @escaping () -> Element)
                where \(context).Duration == Swift.Duration {\(intervalCheck)
                """)
            printer.indented { $0.call("self.init", arguments: ticks + ["value: value"]) }
            printer.line("}")
            guard endsWithOwner else { return }
            printer.blankLine()
            printer.lines(
                """
                /// Creates the sequence of ticks of `hold`'s owner on `clock`, evaluating `value` on the
                /// owner as each tick is returned; an iteration ends when the owner is deallocated.
                ///
                /// - Parameters:
                ///   - clock: The clock the ticks follow; a manual clock in tests.\(intervalDoc)
                ///   - hold: Holds the owner, weakly where its deallocation is found at once.
                ///   - value: Evaluated on the owner as each tick is returned.
                init<\(context): Clock, Owner: AnyObject>(
                    clock: \(context) = ContinuousClock(), \(intervalInitParameter)owner hold: OwnerHold<Owner>,
                    value: @escaping (Owner) -> Element
                ) where \(context).Duration == Swift.Duration {\(intervalCheck)
                """)
            printer.indented { $0.call("self.init", arguments: ticks + ["owner: hold", "value: value"]) }
            printer.line("}")
        }
    }
}
