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
        return called
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

    /// The cases of each `Check` enum the test support declares (`AwaitedChecks.swift`), which an
    /// XCTest case runs from a synchronous test (`checks.runAndWait(.<case>)`), by the checks type
    /// it extends.
    static func awaitedCheckCases() throws -> [String: Set<String>] {
        let text = try String(
            contentsOf: root.appending(path: "Templates/TestSupport/Common/Async/AwaitedChecks.swift"), encoding: .utf8)
        var cases: [String: Set<String>] = [:]
        var type: String?
        var inEnum = false
        for line in text.split(separator: "\n") {
            if let match = line.wholeMatch(of: /nonisolated extension (\w+Checks): AwaitedChecking \{/) {
                type = String(match.1)
                cases[String(match.1)] = []
            } else if line.hasSuffix("enum Check {") {
                inEnum = true
            } else if inEnum, line.hasPrefix("    }") {
                inEnum = false
            } else if inEnum, let type, let match = line.wholeMatch(of: /\s+case (.*)/) {
                // `case a, b(failingWith: Failure)`: the names before each argument list.
                let names = match.1.replacing(/\([^)]*\)/, with: "").split(separator: ",")
                cases[type]?.formUnion(names.map { $0.trimmingCharacters(in: .whitespaces) })
            }
        }
        return cases
    }

    /// A check added to a type whose checks XCTest runs by case must be a case too: else the
    /// scaffold that names it does not compile, or, named by Swift Testing's alone, XCTest never
    /// runs it. And a case names a check the type declares.
    @Test func everyAwaitedCheckIsACaseOfItsTypesCheckEnum() throws {
        let declared = try Self.declaredChecks()
        let cases = try Self.awaitedCheckCases()
        #expect(cases.count >= 4, "found only \(cases.keys.sorted()) in AwaitedChecks.swift")
        for (type, names) in cases.sorted(by: { $0.key < $1.key }) {
            let checks = declared[type]?.checks ?? []
            for check in checks.subtracting(names).sorted() {
                Issue.record("\(type).\(check) is no case of \(type).Check, which XCTest's runAndWait takes")
            }
            for name in names.subtracting(checks).sorted() {
                Issue.record("\(type).Check.\(name) names no check of \(type)")
            }
        }
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
    }
}
