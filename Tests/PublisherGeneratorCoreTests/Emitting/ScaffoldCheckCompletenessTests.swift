import Foundation
import GeneratorEmitting
import PublisherGeneratorCore
import Testing

/// The scaffolds' part of kind completeness (issue 32, item 3): every check the emitted test support
/// declares (each method of a `…Checks` type in `Templates/TestSupport/Common`) is named by the
/// emitter's typed list (``SupportChecks``) and called by a scaffold of its form, in the scaffolds
/// rendered from the project's schemas. A check added to the test support that no scaffold calls,
/// or dropped from the scaffold that called it, fails here by name.
@Suite struct ScaffoldCheckCompletenessTests {
    static let root = FixturePaths.packageRoot

    /// The test support of each form, by the form's name.
    static let supportFiles = ["Combine": RuntimeFile.combineTestSupport, "async": RuntimeFile.asyncTestSupport]

    /// The checks of every `…Checks` type the test support declares, by type: its methods that are
    /// neither private nor static.
    static func declaredChecks() throws -> [String: (form: String, checks: Set<String>)] {
        var declared: [String: (form: String, checks: Set<String>)] = [:]
        for (form, file) in supportFiles {
            let texts = try RuntimeFiles(directory: root.appending(path: "Templates")).partPaths(of: file).map {
                try String(contentsOf: root.appending(path: "Templates").appending(path: $0), encoding: .utf8)
            }
            var type: String?
            for line in texts.joined(separator: "\n").split(separator: "\n") {
                if let match = line.wholeMatch(of: /nonisolated struct (\w+Checks)<.*/) {
                    type = String(match.1)
                    declared[String(match.1)] = (form, [])
                } else if line == "}" {
                    type = nil
                } else if let type, let match = line.wholeMatch(of: #/    (?:@MainActor )?func (\w+)\(.*/#) {
                    declared[type]?.checks.insert(String(match.1))
                }
            }
        }
        return declared
    }

    /// The scaffolds of every schema set the project generates tests for, in both frameworks.
    static func renderedScaffolds() throws -> [String] {
        let renders: [(schemas: String, module: String)] = [
            ("Tests/Fixtures/Generation", "GeneratedFixtures"), ("Schemas/Examples", "GeneratedExamples"),
            ("Tests/Fixtures/AsyncOnly", "GeneratedAsyncOnly"), ("Tests/Fixtures/ApplePlatforms", "AppleControls"),
            ("Tests/Fixtures/CombineCocoa", "AppleControls"),
        ]
        var scaffolds: [String] = []
        for render in renders {
            for framework in [TestSupportGenerator.Framework.xctest, .swiftTesting] {
                let diagnostics = CollectingDiagnosticSink()
                let pipeline = GenerationPipeline(
                    product: .tests(module: render.module, framework: framework), includeSupport: false)
                let outcome = try pipeline.run(
                    .paths([root.appending(path: render.schemas).path]), through: .render, diagnostics: diagnostics)
                #expect(outcome.succeeded, "\(render.schemas): \(diagnostics.diagnostics)")
                scaffolds += outcome.outputs.filter { $0.name.hasSuffix(".publisherTests.swift") }.map(\.contents)
            }
        }
        return scaffolds
    }

    /// The checks a scaffold calls, as `Type.check`: calls on a property the suite declares as
    /// `var <property>: <Type>Checks<…>`, whichever suite it is in.
    static func calledChecks(in scaffold: String) -> Set<String> {
        var called: Set<String> = []
        var properties: [Substring: Substring] = [:]
        for line in scaffold.split(separator: "\n") {
            // A suite starts at the left margin: its properties are its own.
            if line.contains("class ") || line.contains("struct "), line.first != " " { properties = [:] }
            if let match = line.firstMatch(of: /var (\w+): (\w+Checks)</) { properties[match.1] = match.2 }
            for match in line.matches(of: /(\w+)\.(\w+)\(/) {
                if let type = properties[match.1] { called.insert("\(type).\(match.2)") }
            }
            // XCTest runs a sequence's checks from synchronous tests: `checks.runAndWait(.<check>)`.
            for match in line.matches(of: /(\w+)\.runAndWait\(\.(\w+)/) {
                if let type = properties[match.1] { called.insert("\(type).\(match.2)") }
            }
        }
        return called.union(checksRunByCase(in: scaffold).flatMap { type, cases in cases.map { "\(type).\($0)" } })
    }

    /// The checks a Swift Testing scaffold runs through a parameterized test, by type:
    /// `@Test(arguments: [<Type><…>.Check.<check>, .<check>(…), …])`.
    static func checksRunByCase(in scaffold: String) -> [String: Set<String>] {
        var run: [String: Set<String>] = [:]
        var type: String?
        for line in scaffold.split(separator: "\n") {
            if let match = line.firstMatch(of: /(\w+Checks)<[^>]*>\.Check\./) { type = String(match.1) }
            guard let current = type else { continue }
            // Each case starts with a dot after `[`, a comma or the line's indentation.
            for match in line.matches(of: /(?:^\s*|\[|, )(?:\w+Checks<[^>]*>\.Check)?\.(\w+)/) {
                run[current, default: []].insert(String(match.1))
            }
            if line.contains("])") { type = nil }
        }
        return run
    }

    @Test func everyDeclaredCheckIsNamedByTheTypedList() throws {
        let declared = try Self.declaredChecks()
        #expect(!declared.isEmpty, "no …Checks type found in the test support")
        let listed = Dictionary(
            uniqueKeysWithValues: SupportCheckTypes.all.map { ($0.supportType, Set($0.checkNames)) })
        for (type, (form, checks)) in declared.sorted(by: { $0.key < $1.key }) {
            guard let names = listed[type] else {
                Issue.record("the test support's \(type) (\(form)) has no SupportChecks enum in SupportCheckTypes.all")
                continue
            }
            for check in checks.subtracting(names).sorted() {
                Issue.record("\(type).\(check) (\(form)) is declared by the test support but named by no case")
            }
            for check in names.subtracting(checks).sorted() {
                Issue.record("\(type).\(check) is a case, but the test support declares no such check")
            }
        }
        for type in Set(listed.keys).subtracting(declared.keys).sorted() {
            Issue.record("SupportCheckTypes.all lists \(type), which the test support does not declare")
        }
    }

    @Test func everyDeclaredCheckIsCalledByAScaffoldOfItsForm() throws {
        let called = try Self.renderedScaffolds().reduce(into: Set<String>()) {
            $0.formUnion(Self.calledChecks(in: $1))
        }
        for (type, (form, checks)) in try Self.declaredChecks().sorted(by: { $0.key < $1.key }) {
            for check in checks.sorted() where !called.contains("\(type).\(check)") {
                Issue.record("\(type).\(check) (\(form)) is called by no scaffold rendered from the project's schemas")
            }
        }
    }

    /// The files that declare the checks types' `Check` enums and `run(_:)`: the sequences' (which
    /// XCTest runs with `runAndWait`, and Swift Testing by case) and the publishers' (which Swift
    /// Testing runs by case).
    static let checkEnumFiles = [
        "Templates/TestSupport/Common/Async/AwaitedChecks.swift",
        "Templates/TestSupport/Common/Combine/ChecksByCase.swift",
    ]

    /// The cases of each `Check` enum the test support declares (``checkEnumFiles``), and the
    /// checks its `run(_:)` switch calls for each case, by the checks type it extends.
    static func checkEnums() throws -> [String: (cases: Set<String>, runs: [String: Set<String>])] {
        var enums: [String: (cases: Set<String>, runs: [String: Set<String>])] = [:]
        for file in checkEnumFiles {
            let text = try String(contentsOf: root.appending(path: file), encoding: .utf8)
            var type: String?
            var inEnum = false
            var runCase: String?
            for line in text.split(separator: "\n") {
                if let match = line.wholeMatch(of: /nonisolated extension (\w+Checks)(?:: AwaitedChecking)? \{/) {
                    type = String(match.1)
                    enums[String(match.1)] = ([], [:])
                } else if line == "}" {
                    type = nil
                } else if line.hasSuffix("enum Check: Sendable {") {
                    inEnum = true
                } else if inEnum, line.hasPrefix("    }") {
                    inEnum = false
                } else if inEnum, let type, let match = line.wholeMatch(of: /\s+case (.*)/) {
                    // `case a, b(failingWith: Failure)`: the names before each argument list.
                    let names = match.1.replacing(/\([^)]*\)/, with: "").split(separator: ",")
                    enums[type]?.cases.formUnion(names.map { $0.trimmingCharacters(in: .whitespaces) })
                } else if let type {
                    // `case .a: a()`, `case let .b(failure):` then `b(failingWith: failure)` below.
                    var rest = line[...]
                    if let match = line.firstMatch(of: /case (?:let )?\.(\w+)[^:]*:/) {
                        runCase = String(match.1)
                        rest = line[match.range.upperBound...]
                    }
                    if let runCase {
                        for call in rest.matches(of: /(\w+)\(/) {
                            enums[type]?.runs[runCase, default: []].insert(String(call.1))
                        }
                    }
                }
            }
        }
        return enums
    }

    /// A check added to a type whose checks are run by case must be a case too: else XCTest's
    /// `runAndWait` or Swift Testing's parameterized test never runs it. A case names a check the
    /// type declares, and `run(_:)` runs that check for it.
    @Test func everyCheckIsACaseOfItsTypesCheckEnumAndRunRunsIt() throws {
        let declared = try Self.declaredChecks()
        let enums = try Self.checkEnums()
        #expect(enums.count >= 9, "found only \(enums.keys.sorted()) in \(Self.checkEnumFiles)")
        for (type, found) in enums.sorted(by: { $0.key < $1.key }) {
            let checks = declared[type]?.checks ?? []
            for check in checks.subtracting(found.cases).sorted() {
                Issue.record("\(type).\(check) is no case of \(type).Check, which runAndWait and run(_:) take")
            }
            for name in found.cases.subtracting(checks).sorted() {
                Issue.record("\(type).Check.\(name) names no check of \(type)")
            }
            for name in found.cases.sorted() where found.runs[name]?.contains(name) != true {
                Issue.record("\(type).run(.\(name)) does not call \(type).\(name)")
            }
        }
    }

    /// Every type a Swift Testing scaffold runs by case declares a `Check` enum this test reads.
    @Test func everyTypeRunByCaseHasACheckEnum() throws {
        let enums = try Self.checkEnums()
        var runByCase: Set<String> = []
        for scaffold in try Self.renderedScaffolds() {
            runByCase.formUnion(Self.checksRunByCase(in: scaffold).keys)
        }
        #expect(runByCase.count >= 5, "found only \(runByCase.sorted()) run by case")
        for type in runByCase.subtracting(enums.keys).sorted() {
            Issue.record(
                "a scaffold runs \(type)'s checks by case, but no file of \(Self.checkEnumFiles) declares its Check")
        }
    }

    /// The reading of `run(_:)` finds a case that calls no check, or the wrong one.
    @Test func theReadingOfRunFindsEachCasesCall() throws {
        let enums = try Self.checkEnums()
        let pushChecks = try #require(enums["PushPublisherChecks"])
        #expect(pushChecks.runs["zeroDemandReceivesNothing"] == ["zeroDemandReceivesNothing"])
        #expect(
            pushChecks.runs["failureIsDeliveredOnceAndEndsEverything"] == ["failureIsDeliveredOnceAndEndsEverything"])
    }

    /// The reading above finds calls: a scaffold that calls a check is seen to.
    @Test func theReadingFindsCallsOnTheSuitesProperties() {
        let scaffold = """
            final class ATests: XCTestCase {
                var checks: PushPublisherChecks<Subject> {
                func testA() { checks.unlimitedDemandReceivesEveryValue() }
            }
            final class BTests: XCTestCase {
                func testB() { checks.zeroDemandReceivesNothing() }
            }
            """
        #expect(Self.calledChecks(in: scaffold) == ["PushPublisherChecks.unlimitedDemandReceivesEveryValue"])
        let parameterized = """
            @Suite struct CTests {
                @Test(arguments: [
                    PushOwnerChecks<Subject>.Check.registersAndUnregistersOnceOnCancel, .unregistersOnceOnCompletion,
                    .sendsTheCurrentValueFirst(failingWith: TestFailure(code: 7)),
                ])
                func ownerCheck(_ check: PushOwnerChecks<Subject>.Check) { ownerChecks.run(check) }
            }
            """
        #expect(
            Self.calledChecks(in: parameterized) == [
                "PushOwnerChecks.registersAndUnregistersOnceOnCancel", "PushOwnerChecks.unregistersOnceOnCompletion",
                "PushOwnerChecks.sendsTheCurrentValueFirst",
            ])
    }
}
