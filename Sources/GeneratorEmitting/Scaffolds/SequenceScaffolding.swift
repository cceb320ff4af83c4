/// What the scaffolds of the three sequence shapes (push, polling, periodic) share: the suite's
/// head, its tests' heads, and how they spell what `next()` returned.
package struct SequenceScaffolding {
    let text: DeclarationText
    let sample: Sample
    let dialect: TestDialect
    /// Whether the tests touch values of a main-actor sender (its samples may be such values).
    var isMainActor = false
    /// The availability of the sequence when it is later than Combine's (the clock).
    var availability: String? = nil

    package init(
        text: DeclarationText, sample: Sample, dialect: TestDialect, isMainActor: Bool = false,
        availability: String? = nil
    ) {
        self.text = text
        self.sample = sample
        self.dialect = dialect
        self.isMainActor = isMainActor
        self.availability = availability
    }

    var typeName: String { text.typeName(.async) }

    /// Whether functions that make samples must run on the main actor: XCTest makes a main-actor
    /// sender's samples with the test support's `madeOnMainActor`.
    var samplesOnMainActor: Bool { dialect.makesSamplesOnMainThread(onMainActor: isMainActor) }

    /// The suite, with its doc comment above it (how the tests drive the sequence, `driven`, and
    /// its `policy`): its head (`Subject` and `sample`), then `body`.
    package func printSuite(
        driven: String, policy: PolicyScenario?, valueIs role: String, to printer: inout SwiftPrinter,
        _ body: (inout SwiftPrinter) -> Void
    ) {
        printer.suiteDoc(typeName, driven, policy: policy)
        printer.topLevel(
            dialect.suite("\(typeName)Tests", onMainActor: isMainActor), available: dialect.marksAvailability,
            availability: availability ?? GeneratedAttributes.availability
        ) { printer in
            sample.printSuiteHead(
                of: text.subjectTypeName(.async), element: "Subject.Element", valueIs: role,
                onMainThread: samplesOnMainActor,
                memberAvailability: memberAvailability, sourceFile: text.sourceFile, to: &printer)
            body(&printer)
        }
    }

    /// What each member of the suite says about availability (Swift Testing suites of clock-driven
    /// sequences only).
    package var memberAvailability: String? { dialect.memberAvailability(availability) }

    /// An `async` test of the suite.
    func test(_ name: String, _ printer: inout SwiftPrinter, _ body: (inout SwiftPrinter) -> Void) {
        printer.asyncTest(
            name, in: dialect, onMainActor: samplesOnMainActor, availability: memberAvailability, body)
    }

    /// A test that runs one check of the test support's conformance checks (`checks.<check>`),
    /// which reports what it finds broken: on one line when it fits, with no blank line between it
    /// and a check test before it. Named `name`, or as the check.
    ///
    /// An XCTest case runs it from a synchronous test (`checks.runAndWait(.<check>)`, on the main
    /// actor for a main-actor sender's samples): an `async` test method compiles to several
    /// functions, a synchronous one to one. Checks the suite makes on the main actor (a main-actor
    /// owner's) keep an `@MainActor` `async` test, since a synchronous XCTest method is not
    /// isolated to it; so do Swift Testing's, whose tests may be `async` at no such cost in number.
    package func checkTest(
        _ check: some SupportChecks, named name: String? = nil, arguments: String = "", on checks: String = "checks",
        _ printer: inout SwiftPrinter
    ) {
        let madeOnMainActor = samplesOnMainActor && checks != "checks"
        if dialect == .xctest, !madeOnMainActor {
            let named = "." + (arguments.isEmpty ? check.rawValue : check.call(arguments))
            let call = (
                function: "\(checks).runAndWait", arguments: [named] + (samplesOnMainActor ? ["onMainActor: true"] : [])
            )
            let head = dialect.test(name ?? check.rawValue)
            printer.runMember { printer in
                let oneLine = "\(call.function)(\(call.arguments.joined(separator: ", ")))"
                guard printer.indent + head.count + oneLine.count + 6 > SwiftPrinter.lineLimit else {
                    return printer.oneLineOrBlock(head, oneLine)
                }
                printer.block(head) { $0.call(call.function, arguments: call.arguments) }
            }
            return
        }
        let (attributes, head) = dialect.asyncTest(
            name ?? check.rawValue, onMainActor: samplesOnMainActor, availability: memberAvailability)
        printer.runMember { printer in
            if let attributes { printer.line(attributes) }
            printer.oneLineOrBlock(head, "await \(checks).\(check.call(arguments))")
        }
    }

    /// The tests that run `runs`' checks: for XCTest, a test per check (``checkTest(_:named:arguments:on:_:)``);
    /// for Swift Testing, one parameterized `async` test (or a test of its own for a lone check).
    package func checkTests(_ runs: CheckRuns<some SupportChecks>, _ printer: inout SwiftPrinter) {
        guard dialect == .xctest || runs.entries.count == 1 else {
            return printer.parameterizedCheckTest(runs, awaited: true, attributes: memberAvailability)
        }
        for entry in runs.entries {
            checkTest(entry.check, named: entry.name, arguments: entry.arguments, on: runs.property, &printer)
        }
    }

    /// The suite's description of its sequence for the test support's checks: `var checks`, made
    /// by `type`'s initializer with `arguments`, then `report`.
    package func printChecks(_ type: String, arguments: [String], to printer: inout SwiftPrinter) {
        printer.blankLine()
        if let memberAvailability { printer.line(memberAvailability) }
        printer.block("var checks: \(type)") { printer in
            printer.call(
                String(type.prefix { $0 != "<" }), arguments: arguments + ["report: \(dialect.reportFunctionName)"])
        }
    }
}
