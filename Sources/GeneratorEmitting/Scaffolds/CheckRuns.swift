/// The checks one property of a suite runs (`checks`, `ownerChecks`, …), in the order its tests
/// list them, each with the name of the test that runs it and its arguments.
///
/// XCTest needs a test method per check. A Swift Testing suite runs them all through one
/// parameterized test instead, `@Test(arguments: [<Type>.Check.<check>, …]) func check(_:)`, which
/// reports each check as a test case of its own: the `@Test` macro expands to some thirty
/// functions, once per test rather than once per check. (A case is not rerun alone: the `Check`
/// enums are not `Encodable`, as some cases carry a value.)
package struct CheckRuns<Check: SupportChecks> {
    /// One check, the name of its XCTest method (`nil`: as the check) and the arguments it takes.
    struct Entry {
        let check: Check
        let name: String?
        let arguments: String
    }

    /// The suite's property that holds the checks: `checks`.
    let property: String
    /// The test support's type, with its generic arguments: `PushPublisherChecks<Subject>`.
    let checksType: String
    private(set) var entries: [Entry] = []

    /// `genericArguments`: those of the test support's type, as `Subject`.
    package init(on property: String = "checks", genericArguments: String, _ checks: [Check] = []) {
        self.property = property
        self.checksType = "\(Check.supportType)<\(genericArguments)>"
        for check in checks { add(check) }
    }

    /// Adds `check`, run with `arguments`; its XCTest method is named `name`, or as the check.
    package mutating func add(_ check: Check, named name: String? = nil, arguments: String = "") {
        entries.append(Entry(check: check, name: name, arguments: arguments))
    }

    /// The checks, with their arguments, as cases of the test support's `Check` enum: the first
    /// spelled in full, so that the others can be written `.<check>`.
    var cases: [String] {
        entries.enumerated().map { index, entry in
            let call = entry.arguments.isEmpty ? entry.check.rawValue : entry.check.call(entry.arguments)
            return (index == 0 ? "\(checksType).Check." : ".") + call
        }
    }

    /// The parameterized test's name: the property's, in the singular (`ownerChecks`: `ownerCheck`).
    var testName: String { property.hasSuffix("s") ? String(property.dropLast()) : property }
}

extension SwiftPrinter {
    /// The Swift Testing test that runs every check of `runs`, after a blank line:
    /// `@Test(arguments: [...])`, the test's other attributes (`attributes`, as its availability),
    /// then `func <name>(_ check: <Type>.Check)` (`async` when `awaited`, after `isolation`, as
    /// `@MainActor `) calling `run(_:)`.
    package mutating func parameterizedCheckTest(
        _ runs: CheckRuns<some SupportChecks>, awaited: Bool, attributes: String? = nil, isolation: String = ""
    ) {
        guard !runs.entries.isEmpty else { return }
        blankLine()
        let tail = "])" + (attributes.map { " " + $0 } ?? "")
        let oneLine = "@Test(arguments: [\(runs.cases.joined(separator: ", "))\(tail)"
        if fits(oneLine) {
            line(oneLine)
        } else {
            line("@Test(arguments: [")
            filled(runs.cases, last: ",")
            line(tail)
        }
        let head = "\(isolation)func \(runs.testName)(_ check: \(runs.checksType).Check)\(awaited ? " async" : "")"
        oneLineOrBlock(head, "\(awaited ? "await " : "")\(runs.property).run(check)")
    }

    /// The tests that run `runs`' checks, in `dialect`: for XCTest, a test per check, named as
    /// `checkTest(_:named:arguments:in:on:)` names it; for Swift Testing, one parameterized test (or
    /// a test of its own for a lone check, which gains nothing from one). `mainActorXCTest`: the
    /// checks are made on the main actor (a main-actor owner's), and an XCTest method is then a
    /// `@MainActor` `async` test, since XCTest on Linux cannot run synchronous `@MainActor` tests
    /// and a main-actor closure inside a nonisolated one may not use the test case.
    package mutating func checkTests(
        _ runs: CheckRuns<some SupportChecks>, in dialect: TestDialect, mainActorXCTest: Bool = false
    ) {
        guard dialect == .xctest || runs.entries.count == 1 else {
            return parameterizedCheckTest(runs, awaited: false)
        }
        for entry in runs.entries {
            if mainActorXCTest {
                mainActorCheckTest(
                    entry.check, named: entry.name ?? entry.check.rawValue, in: dialect, on: runs.property)
            } else {
                checkTest(entry.check, named: entry.name, arguments: entry.arguments, in: dialect, on: runs.property)
            }
        }
    }
}
