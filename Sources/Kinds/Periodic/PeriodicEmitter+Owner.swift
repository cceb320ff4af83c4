import GeneratorEmitting
import GeneratorModel

/// What `lifetime: endsWithOwner` changes in a periodic declaration: the factories hand the types
/// the owner through an `OwnerHold` and the value as a function of the owner, read at each tick on
/// the owner the hold still has; the publisher finishes and the iteration ends when the owner is
/// deallocated.
extension PeriodicEmitter {
    /// How the streams end with their owner, for the documentation of both forms: `kept`, what
    /// becomes of the ticks kept for lack of demand.
    func lifetimePhrase(ending: String, kept: String) -> String {
        guard endsWithOwner else { return "" }
        return "The owner is held weakly where its deallocation is found at once (with the Objective-C runtime; "
            + "without it, when the owner conforms to `LifetimeAnchoring`), strongly until the stream ends otherwise. "
            + "Held weakly, once it is deallocated the timer stops and the stream \(ending) at once, \(kept), and "
            + "nothing more is sent. "
    }

    /// The publisher's initializer the factories call: the owner held by `hold`, and `value` read
    /// on it at each tick.
    func printOwnerInitializer(to printer: inout SwiftPrinter) {
        printer.blankLine()
        printer.lines(
            """
            /// Creates the publisher of ticks of `hold`'s owner on `scheduler`, evaluating `value` on the
            /// owner at every tick; it finishes when the owner is deallocated.
            ///
            /// - Parameters:
            ///   - scheduler: The scheduler the timer runs on; a virtual-time scheduler in tests.
            ///   - options: Scheduler options for the timer.\(intervalDoc)
            ///   - hold: Holds the owner, weakly where its deallocation is found at once.
            ///   - value: Evaluated on the owner at every tick.
            init<\(context): Scheduler, Owner: AnyObject>(
                scheduler: \(context), options: \(context).SchedulerOptions? = nil, \(intervalInitParameter)owner hold: OwnerHold<Owner>,
                value: @escaping (Owner) -> Output
            ) {\(intervalCheck)
                self.init(attaching: { events in
                    // The owner went before the stream attached: the stream has ended.
                    guard let owner = hold.owner else {
                        events.finish()
                        return {}
                    }
                    let lifetime = withExtendedLifetime(owner) { hold.watch(ended: { events.finish() }) }
                    let stride = \(context).SchedulerTimeType.Stride.seconds(\(interval))
                    let timer = scheduler.schedule(
                        after: scheduler.now.advanced(by: stride), interval: stride,
                        tolerance: scheduler.minimumTolerance, options: options
                    ) {
                        // Gone since the last tick: the watch finishes the stream.
                        if let owner = hold.owner { events.send(value(owner)) }
                    }
                    return {
                        // An owner deallocated meanwhile has nothing to unwatch.
                        lifetime?.stopWatching(hold.owner)
                        timer.cancel()
                    }
                })
            }
            """)
    }
}
