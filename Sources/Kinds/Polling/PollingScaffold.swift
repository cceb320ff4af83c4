import GeneratorEmitting

/// The test case of a polling publisher, driven by hand through `PullSourceDriver`: it asks for
/// values only while there is demand, finishes at `nil`, fails on a thrown error and stops on
/// cancel.
struct PollingScaffold {
    let text: DeclarationText
    let sample: Sample
    let dialect: TestDialect

    func print(to printer: inout SwiftPrinter) {
        let typeName = text.typeName
        let failureSample = text.failureSample
        printer.suiteDoc(typeName, "driven through `PullSourceDriver`", policy: nil)
        printer.topLevel(dialect.suite("\(typeName)Tests"), available: dialect.marksAvailability) { printer in
            sample.printSuiteHead(
                of: typeName, valueIs: "provide as the `index`th pull",
                sourceFile: text.sourceFile,
                to: &printer)
            typealias Check = PullPublisherCheck
            printer.block("var checks: \(Check.supportType)<Subject>") { printer in
                printer.call(
                    Check.supportType,
                    arguments: [
                        "make: { Subject(next: $0.next) }", "sample: sample",
                        "valuesEqual: \(sample.valuesEqual)", "report: \(dialect.reportFunctionName)",
                    ])
            }
            var runs = CheckRuns<Check>(
                genericArguments: "Subject", [.pullsOnlyWhatIsDemanded, .zeroDemandPullsNothing, .nilFinishesTheStream])
            if let failureSample {
                runs.add(.aThrownErrorFailsTheStream, arguments: "failingWith: \(failureSample)")
            }
            runs.add(.demandReplenishedFromReceivePullsOneAtATime)
            runs.add(.cancelInsideReceiveStopsPulling)
            printer.checkTests(runs, in: dialect)
            if let drive = text.declaration.testDrive {
                OwnerDrivenTests(
                    text: text, drive: drive, sample: sample, dialect: dialect, isMainActor: false
                ).print(to: &printer)
            }
        }
    }
}
