import GeneratorModel

/// The test case of a push kind's sequence (callback, target/action), driven by hand through
/// `PushSourceDriver` and consumed by `SequenceTestConsumer`: a value sent while the consumer
/// awaits `next()`, values sent while it does not (the no-demand policy), the end and the failure
/// after the kept values, cancellation of the consuming task, the iterator's release and
/// concurrent producers.
package struct PushSequenceScaffold {
    let text: DeclarationText
    let behavior: PushBehavior
    let sample: Sample
    let dialect: TestDialect
    /// Whether the tests touch values of a main-actor sender (its samples may be such values).
    var isMainActor = false
    /// Whether the owner's factory sends a current value first (`initial:`).
    var sendsInitialValue = false
    /// Whether the stream holds its owner weakly and ends when it is deallocated: the owner-driven
    /// tests check that too.
    var endsWithOwner = false
    /// Whether each value is the owner itself: the lifetime tests then send none.
    var sendsTheOwner = false
    /// What else must be held weakly for the sequence to end with the owner (``OwnerDrivenTests``).
    var alsoWatched: [String] = []
    /// Whether `test:` gets the owner-driven tests every push kind shares (`OwnerDrivenSequenceTests`,
    /// which count registrations); `false` for a kind that drives its owner otherwise.
    var sharedOwnerTests = true
    /// Owner-driven tests only the declaration's kind has, printed after the shared ones.
    var kindOwnerTests: ((inout SwiftPrinter) -> Void)?

    package init(
        text: DeclarationText, behavior: PushBehavior, sample: Sample, dialect: TestDialect, isMainActor: Bool = false,
        sendsInitialValue: Bool = false, endsWithOwner: Bool = false, sendsTheOwner: Bool = false,
        kindOwnerTests: ((inout SwiftPrinter) -> Void)? = nil,
        sharedOwnerTests: Bool = true, alsoWatched: [String] = []
    ) {
        self.alsoWatched = alsoWatched
        self.sharedOwnerTests = sharedOwnerTests
        self.kindOwnerTests = kindOwnerTests
        self.text = text
        self.behavior = behavior
        self.sample = sample
        self.dialect = dialect
        self.isMainActor = isMainActor
        self.sendsInitialValue = sendsInitialValue
        self.endsWithOwner = endsWithOwner
        self.sendsTheOwner = sendsTheOwner
    }

    private var scaffolding: SequenceScaffolding {
        SequenceScaffolding(text: text, sample: sample, dialect: dialect, isMainActor: isMainActor)
    }
    private var onDemand: Bool { behavior.start == .onDemand }

    package func print(to printer: inout SwiftPrinter) {
        let policy = PolicyScenario(behavior.whenNoDemand)
        let scaffolding = scaffolding
        scaffolding.printSuite(
            driven: "driven through `PushSourceDriver`", policy: policy,
            valueIs: "send as the `index`th event", to: &printer
        ) { printer in
            printChecks(policy: policy, to: &printer)
            if sharedOwnerTests, let drive = text.declaration.testDrive {
                OwnerDrivenSequenceTests(
                    text: text, drive: drive, sample: sample, scaffolding: scaffolding,
                    sendsInitialValue: sendsInitialValue, endsWithOwner: endsWithOwner, sendsTheOwner: sendsTheOwner,
                    pushBehavior: behavior, alsoWatched: alsoWatched
                )
                .print(to: &printer)
            }
            kindOwnerTests?(&printer)
        }
    }

    private func printChecks(policy: PolicyScenario, to printer: inout SwiftPrinter) {
        scaffolding.printChecks(
            "\(PushSequenceCheck.supportType)<Subject, Subject.Failure>",
            arguments: [
                "make: Subject.init(register:unregister:)", "failure: Subject.Failure.self",
                "sample: sample", "valuesEqual: \(sample.valuesEqual)",
                "valuesAreDistinct: \(sample.isDistinct)", "whenNoDemand: \(policy.expectation)",
                "start: .\(behavior.start.rawValue)",
            ], to: &printer)
        var runs = CheckRuns<PushSequenceCheck>(genericArguments: "Subject, Subject.Failure")
        runs.add(.aValueSentWhileTheConsumerAwaitsNextIsDelivered)
        runs.add(
            .valuesSentWhileTheConsumerDoesNotAwaitFollowThePolicy,
            named: "valuesSentWhileTheConsumerDoesNotAwait\(policy.testSuffix)")
        runs.add(.finishUnregistersAtOnceAndEndsTheIterationAfterTheKeptValues)
        if let failureSample = text.failureSample {
            runs.add(.failureUnregistersAtOnceAndIsThrownAfterTheKeptValues, arguments: "failingWith: \(failureSample)")
        }
        if onDemand {
            runs.add(.cancellingTheTaskThatAwaitsNextUnregistersOnceAndReturnsNil)
            runs.add(.aTaskCancelledBeforeItsFirstNextGetsNilAndNeverRegisters)
        }
        for check: PushSequenceCheck in [
            .aCancelledTaskGetsNilNotTheKeptValuesAndUnregistersOnce, .releasingTheIteratorUnregistersOnce,
            .concurrentProducersWhileTheConsumerDoesNotAwaitLeaveWhatThePolicyKeeps,
            .concurrentProducersWhileTheConsumerConsumesDeliverNothingTwice,
        ] {
            runs.add(check)
        }
        scaffolding.checkTests(runs, &printer)
    }
}
