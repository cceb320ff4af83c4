import GeneratorModel

/// The tests a declaration's `test:` asks for: the publisher its owner's factory makes, so that the
/// schema's own `register`, `unregister`, `next`, `value` and `event` run against the owner the
/// schema names (a test double or the real type). Printed inside the kind's suite, after the tests
/// that drive the publisher from closures; they use its `sample`.
package struct OwnerDrivenTests {
    let text: DeclarationText
    let drive: TestDrive
    let sample: Sample
    let dialect: TestDialect
    /// Whether the owner is a main-actor sender: the schema's code becomes `@MainActor` functions.
    let isMainActor: Bool
    /// Whether the owner's factory sends a current value first (`initial:`).
    var sendsInitialValue = false
    /// Whether the publisher holds its owner weakly and finishes when it is deallocated.
    var endsWithOwner = false
    /// Whether each value is the owner itself: the lifetime check then sends none.
    var sendsTheOwner = false
    /// What else must be held weakly for the stream to end with the owner, as code reaching it from
    /// `owner` (a delegate's holder: `owner.textStorage`).
    var alsoWatched: [String] = []

    package init(
        text: DeclarationText, drive: TestDrive, sample: Sample, dialect: TestDialect, isMainActor: Bool,
        sendsInitialValue: Bool = false, endsWithOwner: Bool = false, sendsTheOwner: Bool = false,
        alsoWatched: [String] = []
    ) {
        self.alsoWatched = alsoWatched
        self.endsWithOwner = endsWithOwner
        self.sendsTheOwner = sendsTheOwner
        self.text = text
        self.drive = drive
        self.sample = sample
        self.dialect = dialect
        self.isMainActor = isMainActor
        self.sendsInitialValue = sendsInitialValue
    }

    /// XCTest cases of main-actor senders run each body inside `MainActor.assumeIsolated`.
    var onMainThread: Bool { dialect.makesSamplesOnMainThread(onMainActor: isMainActor) }

    package func print(to printer: inout SwiftPrinter) {
        let isolation = isMainActor && dialect == .xctest ? "@MainActor " : ""
        printer.blankLine()
        printer.line("/// A new owner as `test:` makes it, with its publisher and the schema's code on it.")
        printer.block("\(isolation)func makeOwnerDrive() -> OwnerDrive<Subject, Subject.Output>") { printer in
            printArrangement(to: &printer)
        }
        printer.blankLine()
        switch text.declaration.source.delivery {
        case let .push(behavior):
            printer.block("\(isolation)var ownerChecks: \(PushOwnerCheck.supportType)<Subject>") { printer in
                printer.call(
                    PushOwnerCheck.supportType,
                    arguments: [
                        "drive: makeOwnerDrive", "sample: sample",
                        "valuesEqual: \(sample.valuesEqual)",
                        "start: .\(behavior.start.rawValue)",
                    ] + (sendsInitialValue ? ["sendsInitialValue: true"] : [])
                        + (endsWithOwner && sendsTheOwner ? ["sendsTheOwner: true"] : []) + [
                            "report: \(dialect.reportFunctionName)"
                        ])
            }
            let registersWhen = behavior.start == .onDemand ? "OnTheFirstDemand" : "AtSubscription"
            var runs = CheckRuns<PushOwnerCheck>(on: "ownerChecks", genericArguments: "Subject")
            runs.add(
                .registersAndUnregistersOnceOnCancel, named: "ownerRegisters\(registersWhen)AndUnregistersOnceOnCancel")
            runs.add(.unregistersWhenTheSubscriptionIsReleased, named: "ownerUnregistersWhenTheSubscriptionIsReleased")
            if drive.finish != nil {
                runs.add(.unregistersOnceOnCompletion, named: "ownerUnregistersOnceOnCompletion")
                runs.add(
                    .unregistersAtOnceWhenFinishedWithoutDemand,
                    named: "ownerUnregistersAtOnceWhenFinishedWithoutDemand")
            }
            if sendsInitialValue {
                runs.add(.sendsTheCurrentValueFirst, named: "ownerSendsTheCurrentValueFirstForTheFirstDemand")
            }
            if endsWithOwner {
                runs.add(.finishesWhenTheOwnerIsDeallocated, named: "ownerFinishesWhenTheOwnerIsDeallocated")
            }
            printer.checkTests(runs, in: dialect, mainActorXCTest: onMainThread)
        case .pull:
            printer.block("\(isolation)var ownerChecks: \(PullOwnerCheck.supportType)<Subject>") { printer in
                printer.call(
                    PullOwnerCheck.supportType,
                    arguments: ["drive: makeOwnerDrive", "report: \(dialect.reportFunctionName)"])
            }
            var runs = CheckRuns<PullOwnerCheck>(on: "ownerChecks", genericArguments: "Subject")
            runs.add(.isPulledOnlyForDemandOncePerValue, named: "ownerIsPulledOnlyForDemandOncePerValue")
            runs.add(.isNotPulledAfterCancel, named: "ownerIsNotPulledAfterCancel")
            printer.checkTests(runs, in: dialect, mainActorXCTest: onMainThread)
        }
    }

    /// The owner, its publisher and the local functions the schema's code becomes, returned as an
    /// `OwnerDrive`.
    private func printArrangement(to printer: inout SwiftPrinter) {
        let written = drive.publisher.map { [EmbeddedDeclaration.constant("publisher", $0)] } ?? []
        printer.embeddedDeclarations(
            [.constant("owner", drive.owner)] + written
                + drive.localFunctions(value: "Subject.Output", isMainActor: isMainActor),
            in: text.sourceFile)
        if drive.publisher == nil {
            printer.line(
                "let publisher\(text.subjectAnnotation) = \(text.factoryReceiverInTests).\(text.factoryName)()")
        }
        printer.blankLine()
        printer.lines(drive.ownerDrive(source: "publisher", passesOwner: endsWithOwner, alsoWatched: alsoWatched))
    }
}

extension TestDrive {
    /// The local functions the schema's `fire` (taking a `value`), `finish`, `registrations` and
    /// `pulls` become. For a main-actor owner they are `@MainActor`: local functions do not take
    /// the isolation of the closure they are in.
    func localFunctions(value: String, isMainActor: Bool) -> [EmbeddedDeclaration] {
        let isolation = isMainActor ? "@MainActor " : ""
        var functions: [EmbeddedDeclaration] = []
        if let fire { functions.append(.function("\(isolation)func fire(_ value: \(value))", fire)) }
        if let finish { functions.append(.function("\(isolation)func finish()", finish)) }
        if let registrations { functions.append(.function("\(isolation)func registrations() -> Int", registrations)) }
        if let pulls { functions.append(.function("func pulls() -> Int", pulls)) }
        return functions
    }

    /// The `OwnerDrive` of `source` and the local functions; with the owner itself when
    /// `passesOwner` (the lifetime checks watch it be released), if its deallocation, and that of
    /// each of `alsoWatched`, is found at once.
    func ownerDrive(source: String, passesOwner: Bool = false, alsoWatched: [String] = []) -> String {
        guard fire != nil, registrations != nil else { return "return OwnerDrive(source: \(source), pulls: pulls)" }
        let finish = finish == nil ? "nil" : "finish"
        let drive = "OwnerDrive(source: \(source), fire: fire, finish: \(finish), registrations: registrations"
        guard passesOwner else { return "return \(drive))" }
        // Only an owner whose deallocation is found at once: on Linux, one that keeps the watch.
        let watches = (["owner"] + alsoWatched).map { "OwnerLifetime.watches(\($0))" }.joined(separator: " && ")
        return "let watched: AnyObject? = \(watches) ? owner : nil\nreturn \(drive), owner: watched)"
    }
}
