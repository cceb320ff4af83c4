import GeneratorEmitting
import GeneratorModel

/// The tests a delegate declaration's `test:` adds to its publisher's suite, through the test
/// support's `DelegateOwnerChecks`: the owner's proxy is shared and removed once, and the app's own
/// delegate (a class the scaffold declares, counting the calls it receives) hears every call and is
/// put back.
struct DelegateOwnerTests {
    let text: DeclarationText
    let source: DelegateSource
    let drive: TestDrive
    let sample: Sample
    let dialect: TestDialect

    private var isMainActor: Bool { source.isolation == .mainActor }
    private var onMainThread: Bool { dialect.makesSamplesOnMainThread(onMainActor: isMainActor) }
    private var actor: String { isMainActor ? "@MainActor " : "" }
    private var property: String { source.property.value }
    private var sendsInitialValue: Bool { source.initial != nil }

    func print(to printer: inout SwiftPrinter) {
        guard let fire = drive.fire else { return }
        printer.blankLine()
        printAppDelegate(to: &printer)
        printer.blankLine()
        let file = text.sourceFile
        let isolation = isMainActor && dialect == .xctest ? "@MainActor " : ""
        printer.line("/// A new owner as `test:` makes it, with its publisher, its delegate and an app delegate.")
        printer.block("\(isolation)func makeDelegateDrive() -> DelegateOwnerDrive<Subject>") { printer in
            // Each call makes a new publisher on the same owner: `test: publisher:` when given.
            let makePublisher = "\(actor)func makePublisher() -> Subject"
            let written = drive.publisher.map { [EmbeddedDeclaration.function(makePublisher, $0)] } ?? []
            printer.embeddedDeclarations(
                [.constant("owner", drive.owner)] + written + [
                    .function("\(actor)func fire(_ value: Subject.Output)", fire)
                ],
                in: file)
            if drive.publisher == nil { printer.line("\(makePublisher) { owner.\(text.factoryName)() }") }
            let forward = DelegateProxyEmitter.forwardingMethodName(property: property)
            printer.lines(
                """
                \(actor)func forwardToNewAppDelegate() -> AnyObject {
                    let appDelegate = AppDelegate()
                    owner.\(forward)(to: appDelegate)
                    return appDelegate
                }

                return DelegateOwnerDrive(
                    publisher: makePublisher, fire: fire, delegate: { owner.\(property) },
                    forwardToNewAppDelegate: forwardToNewAppDelegate,
                    callsReceived: { ($0 as? AppDelegate)?.calls ?? -1 })
                """)
        }
        printer.blankLine()
        printer.block("\(isolation)var delegateChecks: \(DelegateOwnerCheck.supportType)<Subject>") { printer in
            printer.call(
                DelegateOwnerCheck.supportType,
                arguments: [
                    "drive: makeDelegateDrive", "sample: sample",
                    "valuesEqual: \(sample.valuesEqual)",
                ] + (sendsInitialValue ? ["sendsInitialValue: true"] : []) + ["report: \(dialect.reportFunctionName)"])
        }
        // Named `owner…`, like the other tests that drive the real owner.
        let checks: [DelegateOwnerCheck] = [
            .sharesOneProxyAndRemovesItOnceWhenTheLastConsumerEnds, .forwardsEveryCallToTheAppDelegateAndPutsItBack,
        ]
        var runs = CheckRuns<DelegateOwnerCheck>(on: "delegateChecks", genericArguments: "Subject")
        for check in checks + (sendsInitialValue ? [.sendsTheCurrentValueFirstToEachConsumer] : []) {
            runs.add(check, named: "owner" + check.rawValue.prefix(1).uppercased() + check.rawValue.dropFirst())
        }
        printer.checkTests(runs, in: dialect, mainActorXCTest: onMainThread)
    }

    /// The app's own delegate: implements every declared method, counting the calls, and answers
    /// like the proxy would.
    private func printAppDelegate(to printer: inout SwiftPrinter) {
        let isolation = isMainActor ? "@MainActor" : "nonisolated"
        let superclass = source.runtime == .objc ? "NSObject, " : ""
        printer.line("/// The app's own delegate in these tests: counts the calls it receives.")
        printer.block("\(isolation) final class AppDelegate: \(superclass)\(source.protocolName.value)") { printer in
            printer.line("var calls = 0")
            for method in source.methods {
                let answer =
                    method.answer
                    ?? source.requiredMethods.first { $0.signature.selector == method.signature.selector }?.answer
                printer.blankLine()
                printer.method(method.signature) { printer in
                    printer.line("calls += 1")
                    if let answer { printer.line("return \(answer.value)") }
                }
            }
            // The protocol's other required methods, which the owner may call too: not counted.
            for required in source.requiredMethods
            where !source.methods.contains(where: { $0.signature.selector == required.signature.selector }) {
                printer.blankLine()
                printer.method(required.signature) { printer in
                    if let answer = required.answer { printer.line(answer.value) }
                }
            }
        }
    }
}
