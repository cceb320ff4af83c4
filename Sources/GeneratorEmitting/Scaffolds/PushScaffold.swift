import GeneratorModel

/// The test case of a push kind, driven by hand through
/// `PushSourceDriver`: demand, cancellation, completion, the no-demand policy and concurrent
/// emission; a kind adds tests of its own (``kindTests``), as periodic adds one of its timer.
package struct PushScaffold {
    let text: DeclarationText
    let behavior: PushBehavior
    let sample: Sample
    let dialect: TestDialect
    /// Checks only the declaration's kind has, printed after the shared ones.
    var kindTests: [KindChecks] = []
    /// Whether the tests touch values of a main-actor sender (its samples may be such values).
    var isMainActor = false
    /// Whether the owner's factory sends a current value first (`initial:`).
    var sendsInitialValue = false
    /// Whether the stream holds its owner weakly and ends when it is deallocated: the owner-driven
    /// tests check that too.
    var endsWithOwner = false
    /// Whether each value is the owner itself: the lifetime tests then send none.
    var sendsTheOwner = false
    /// What else must be held weakly for the stream to end with the owner (``OwnerDrivenTests``).
    var alsoWatched: [String] = []
    /// Owner-driven tests only the declaration's kind has, printed after the shared ones.
    package var kindOwnerTests: ((inout SwiftPrinter) -> Void)?
    /// Whether `test:` gets the owner-driven tests every push kind shares (`OwnerDrivenTests`, which
    /// count registrations); `false` for a kind whose own owner tests replace them.
    var sharedOwnerTests = true

    package init(
        text: DeclarationText, behavior: PushBehavior, sample: Sample, dialect: TestDialect,
        kindTests: [KindChecks] = [], isMainActor: Bool = false, sendsInitialValue: Bool = false,
        endsWithOwner: Bool = false, sendsTheOwner: Bool = false,
        kindOwnerTests: ((inout SwiftPrinter) -> Void)? = nil, sharedOwnerTests: Bool = true,
        alsoWatched: [String] = []
    ) {
        self.alsoWatched = alsoWatched
        self.sharedOwnerTests = sharedOwnerTests
        self.text = text
        self.behavior = behavior
        self.sample = sample
        self.dialect = dialect
        self.kindTests = kindTests
        self.isMainActor = isMainActor
        self.sendsInitialValue = sendsInitialValue
        self.endsWithOwner = endsWithOwner
        self.sendsTheOwner = sendsTheOwner
        self.kindOwnerTests = kindOwnerTests
    }

    package func print(to printer: inout SwiftPrinter) {
        let typeName = text.typeName
        let policy = PolicyScenario(behavior.whenNoDemand)
        printer.suiteDoc(typeName, "driven through `PushSourceDriver`", policy: policy)
        printer.topLevel(
            dialect.suite("\(typeName)Tests", onMainActor: isMainActor), available: dialect.marksAvailability
        ) { printer in
            sample.printSuiteHead(
                of: text.subjectTypeName(.combine),
                valueIs: "send as the `index`th event",
                onMainThread: dialect.makesSamplesOnMainThread(onMainActor: isMainActor), sourceFile: text.sourceFile,
                to: &printer)
            printChecks(policy: policy, to: &printer)
            printTests(policy: policy, to: &printer)
            if sharedOwnerTests, let drive = text.declaration.testDrive {
                OwnerDrivenTests(
                    text: text, drive: drive, sample: sample, dialect: dialect,
                    isMainActor: isMainActor, sendsInitialValue: sendsInitialValue, endsWithOwner: endsWithOwner,
                    sendsTheOwner: sendsTheOwner, alsoWatched: alsoWatched
                ).print(to: &printer)
            }
            kindOwnerTests?(&printer)
        }
    }

    /// The description of the publisher the test support's `PushPublisherChecks` check.
    private func printChecks(policy: PolicyScenario, to printer: inout SwiftPrinter) {
        let checksType = PushPublisherCheck.supportType
        printer.block("var checks: \(checksType)<Subject>") { printer in
            printer.call(
                checksType,
                arguments: [
                    "make: Subject.init(register:unregister:)", "sample: sample",
                    "valuesEqual: \(sample.valuesEqual)", "whenNoDemand: \(policy.expectation)",
                    "start: .\(behavior.start.rawValue)", "report: \(dialect.reportFunctionName)",
                ])
        }
    }

    private func printTests(policy: PolicyScenario, to printer: inout SwiftPrinter) {
        var runs = CheckRuns<PushPublisherCheck>(
            genericArguments: "Subject",
            [
                .unlimitedDemandReceivesEveryValue, .demandOfTwoReceivesTwoOfFive, .zeroDemandReceivesNothing,
                .zeroThenFiveRequestedReceivesFive, .demandReplenishedFromReceiveKeepsValuesFlowing,
                .cancelStopsDeliveryReleasesTheSubscriberAndUnregistersOnce, .cancelInsideReceiveStopsDeliveryAtOnce,
                .finishIsDeliveredOnceWithoutDemandAndEndsEverything,
            ])
        if let failureSample = text.failureSample {
            runs.add(.failureIsDeliveredOnceAndEndsEverything, arguments: "failingWith: \(failureSample)")
        }
        runs.add(.valuesWithoutDemandFollowThePolicy, named: "valuesWithoutDemand\(policy.testSuffix)")
        runs.add(.valuesKeptWithoutDemandAreDeliveredBeforeTheCompletion)
        if policy.keepsValues {
            runs.add(.cancelDiscardsKeptValuesAndTheCompletion)
        }
        runs.add(.concurrentEmissionIsSerializedAndNothingIsLost)
        printer.checkTests(runs, in: dialect)
        for kindChecks in kindTests {
            kindChecks.print(to: &printer, dialect: dialect)
        }
    }
}

/// How the scaffolds name and describe a no-demand policy; what it delivers is the test support's
/// `ExpectedNoDemandPolicy`'s to say.
package struct PolicyScenario {
    /// The policy as the schema spells it.
    let name: String
    /// Ends the test's name: `testValuesWithoutDemandAreDropped`.
    package let testSuffix: String
    /// Whether the policy keeps values for later demand (and so a completion waits for them).
    package let keepsValues: Bool

    package init(_ policy: NoDemandPolicy) {
        switch policy {
        case .drop:
            name = "drop"
            expectation = ".drop"
            testSuffix = "AreDropped"
            keepsValues = false
        case .latest:
            name = "latest"
            expectation = ".latest"
            testSuffix = "LeaveOnlyTheLatest"
            keepsValues = true
        case let .buffer(size, rule):
            name = "{ buffer: \(size), whenFull: \(rule.rawValue) }"
            let dropsOldest = rule == .dropOldest
            expectation = ".buffer(\(size), dropsOldest: \(dropsOldest))"
            testSuffix = "AreBufferedUpTo\(size)" + (dropsOldest ? "DroppingTheOldest" : "DroppingTheNewest")
            keepsValues = true
        case .unbounded:
            name = "unbounded"
            expectation = ".unbounded"
            testSuffix = "AreAllKept"
            keepsValues = true
        }
        phrase = policy == .unbounded ? "keeping every value (no `whenNoDemand`)" : "with `whenNoDemand: \(name)`"
    }

    /// How a suite's doc says it: "with `whenNoDemand: latest`", or, for a sequence whose
    /// declaration leaves it out, that every value is kept.
    let phrase: String

    /// The policy as the test support's `ExpectedNoDemandPolicy` spells it.
    package let expectation: String
}
