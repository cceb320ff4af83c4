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
            for check: Check in [
                .eachNextPullsOnceAndNothingIsPulledAhead, .nilEndsTheIterationAndTheSourceIsNotAskedAgain,
            ] {
                scaffolding.checkTest(check, &printer)
            }
            if let failureSample {
                scaffolding.checkTest(
                    Check.aThrownErrorIsThrownOnceThenNil, arguments: "failingWith: \(failureSample)", &printer)
            }
            scaffolding.checkTest(Check.aCancelledTaskGetsNilAndPullsNothing, &printer)
            if let drive = text.declaration.testDrive {
                OwnerDrivenSequenceTests(
                    text: text, drive: drive, sample: sample, scaffolding: scaffolding
                ).print(to: &printer)
            }
        }
    }
}
