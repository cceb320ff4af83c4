import GeneratorEmitting

/// The test case of a polling declaration's sequence, driven by hand through `PullSourceDriver` and
/// consumed by `SequenceTestConsumer`: one pull per `next()` and none ahead of time, the end at
/// `nil`, a thrown error, and a cancelled task that pulls nothing.
struct PollingSequenceScaffold {
    let text: DeclarationText
    let sample: Sample
    let dialect: TestDialect

    func print(to printer: inout SwiftPrinter) {
        let scaffolding = SequenceScaffolding(text: text, sample: sample, dialect: dialect)
        let failureSample = text.failureSample
        scaffolding.printSuite(
            driven: "driven through `PullSourceDriver`", policy: nil,
            valueIs: "provide as the `index`th pull", to: &printer
        ) { printer in
            typealias Check = PullSequenceCheck
            scaffolding.printChecks(
                "\(Check.supportType)<Subject, Subject.Failure>",
                arguments: [
                    "make: { Subject(next: $0.next) }", "failure: Subject.Failure.self", "sample: sample",
                    "valuesEqual: \(sample.valuesEqual)",
                ], to: &printer)
            var runs = CheckRuns<Check>(
                genericArguments: "Subject, Subject.Failure",
                [.eachNextPullsOnceAndNothingIsPulledAhead, .nilEndsTheIterationAndTheSourceIsNotAskedAgain])
            if let failureSample {
                runs.add(.aThrownErrorIsThrownOnceThenNil, arguments: "failingWith: \(failureSample)")
            }
            runs.add(.aCancelledTaskGetsNilAndPullsNothing)
            scaffolding.checkTests(runs, &printer)
            if let drive = text.declaration.testDrive {
                OwnerDrivenSequenceTests(
                    text: text, drive: drive, sample: sample, scaffolding: scaffolding
                ).print(to: &printer)
            }
        }
    }
}
