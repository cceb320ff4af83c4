/// How the scaffolds say things in the chosen test framework: the suite and test heads and the
/// assertions. The scaffold bodies are written once, in terms of these.
package enum TestDialect {
    case xctest
    case swiftTesting

    package init(_ framework: TestSupportGenerator.Framework) {
        switch framework {
        case .xctest: self = .xctest
        case .swiftTesting: self = .swiftTesting
        }
    }

    var module: String {
        switch self {
        case .xctest: "XCTest"
        case .swiftTesting: "Testing"
        }
    }

    /// The head of the test suite for `name`, up to its opening brace. Nonisolated: the tests drive
    /// the publishers from several threads, and the doubles they use are nonisolated, so the suite
    /// behaves the same in a test module whose default isolation is `MainActor`.
    /// The head of a suite. `onMainActor`: its tests make or touch values of a main-actor sender.
    /// A Swift Testing suite is then `@MainActor`; an XCTest case stays `nonisolated`, because
    /// XCTest on Linux cannot run `@MainActor` test methods (its test list casts each method to a
    /// nonisolated function type and traps), and makes its samples on the main thread instead
    /// (``makesSamplesOnMainThread(onMainActor:)``).
    package func suite(_ name: String, onMainActor: Bool = false) -> String {
        switch self {
        case .xctest: "nonisolated final class \(name): XCTestCase"
        case .swiftTesting: "@Suite \(onMainActor ? "@MainActor" : "nonisolated") struct \(name)"
        }
    }

    /// Whether a suite whose tests touch main-actor values makes its samples on the main thread
    /// with the test support's `madeOnMainActor`: XCTest runs synchronous test methods there.
    package func makesSamplesOnMainThread(onMainActor: Bool) -> Bool {
        onMainActor && self == .xctest
    }

    /// Whether the suite carries `@available`: XCTest cases do; Swift Testing's macros reject it.
    package var marksAvailability: Bool { self == .xctest }

    /// How the scaffold file's header says a suite runs its checks: XCTest, a test method per check;
    /// Swift Testing, one parameterized test per `…Checks` property (``CheckRuns``).
    var runsEachCheck: String {
        switch self {
        case .xctest: "each test runs one of them, named for the guarantee it checks"
        case .swiftTesting:
            "one parameterized test runs each of them as a test case of its own, named for the guarantee it checks"
        }
    }

    /// The head of a test whose behaviour `name` states in lower camel case.
    func test(_ name: String) -> String {
        switch self {
        case .xctest: "func test\(name.prefix(1).uppercased())\(name.dropFirst())()"
        case .swiftTesting: "@Test func \(name)()"
        }
    }

    /// The head of an `async` test: its attribute line, if it needs one of its own, and its
    /// declaration. `onMainActor`: an XCTest method of a main-actor suite is `@MainActor` itself
    /// (XCTest runs `async` tests off the main thread, and can run `@MainActor` ones, unlike
    /// synchronous ones); a Swift Testing suite is `@MainActor` already. `availability`: for Swift
    /// Testing, which takes it on the test, not the suite.
    package func asyncTest(
        _ name: String, onMainActor: Bool, availability: String?
    ) -> (attributes: String?, head: String) {
        switch self {
        case .xctest:
            let isolation = onMainActor ? "@MainActor " : ""
            return (nil, "\(isolation)func test\(name.prefix(1).uppercased())\(name.dropFirst())() async")
        case .swiftTesting:
            guard let availability else { return (nil, "@Test func \(name)() async") }
            return ("@Test \(availability)", "func \(name)() async")
        }
    }

    /// What a member of a suite needs to say for it to use declarations available later than
    /// Combine (the clock): an XCTest case says it once, for every member; a Swift Testing suite
    /// cannot, so each member does.
    func memberAvailability(_ availability: String?) -> String? {
        self == .swiftTesting ? availability : nil
    }

    package func expectEqual(_ actual: String, _ expected: String, _ message: String? = nil) -> String {
        switch self {
        case .xctest: "XCTAssertEqual(\(actual), \(expected)\(Self.argument(message)))"
        case .swiftTesting: "#expect(\(actual) == \(expected)\(Self.argument(message)))"
        }
    }

    package func expectEqual(_ actual: String, _ expected: String, accuracy: String) -> String {
        switch self {
        case .xctest: "XCTAssertEqual(\(actual), \(expected), accuracy: \(accuracy))"
        case .swiftTesting: "#expect(abs(\(actual) - \(expected)) <= \(accuracy))"
        }
    }

    /// What the test support's checks are given as their `report`: the function each scaffold file
    /// declares (``reportFunctionDeclaration``), which records a broken expectation as a failure of
    /// the running test. A function rather than a closure in each suite: a closure is a function of
    /// its own, and its conversion more, compiled again for every suite.
    package var reportFunctionName: String { "recordBrokenExpectation" }

    /// The declaration of ``reportFunctionName``, once per scaffold file: private, so that the files of
    /// one test module each have their own.
    var reportFunctionDeclaration: String {
        let record =
            switch self {
            case .xctest: "XCTFail(message)"
            case .swiftTesting: "Issue.record(Comment(rawValue: message))"
            }
        return """
            /// Records what a check found broken as a failure of the running test: each suite's `report`.
            \(GeneratedAttributes.availability)
            nonisolated private func \(reportFunctionName)(_ message: String) { \(record) }
            """
    }

    private static func argument(_ message: String?) -> String {
        message.map { #", "\#($0)""# } ?? ""
    }
}

extension SwiftPrinter {
    /// A test of the suite being printed, after a blank line.
    mutating func test(_ name: String, in dialect: TestDialect, _ body: (inout SwiftPrinter) -> Void) {
        blankLine()
        block(dialect.test(name), body)
    }

    /// A test that runs one check of the test support's conformance checks (`checks.<check>`, or
    /// those named `checks`) with `arguments`, which reports what it finds broken: named `name`, or
    /// as the check; on one line when it fits, with no blank line between it and a check test before
    /// it.
    package mutating func checkTest(
        _ check: some SupportChecks, named name: String? = nil, arguments: String = "", in dialect: TestDialect,
        on checks: String = "checks"
    ) {
        runMember { $0.oneLineOrBlock(dialect.test(name ?? check.rawValue), "\(checks).\(check.call(arguments))") }
    }

    /// ``checkTest(_:named:arguments:in:on:)`` as a `@MainActor` `async` test, for XCTest cases of
    /// a main-actor owner: XCTest on Linux cannot run synchronous `@MainActor` tests, and a
    /// main-actor closure inside a nonisolated one may not use the test case.
    package mutating func mainActorCheckTest(
        _ check: some SupportChecks, named name: String, in dialect: TestDialect, on checks: String
    ) {
        let head = dialect.asyncTest(name, onMainActor: true, availability: nil).head
        runMember { $0.oneLineOrBlock(head, "\(checks).\(check.call())") }
    }

    /// `head { call }` on one line when it fits, else a block around the call.
    mutating func oneLineOrBlock(_ head: String, _ call: String) {
        let oneLine = "\(head) { \(call) }"
        if indent + oneLine.count <= Self.lineLimit {
            line(oneLine)
        } else {
            block(head) { $0.call(call) }
        }
    }

    /// A call on one line, or with its arguments on a line of their own when it does not fit.
    mutating func call(_ call: String) {
        guard indent + call.count > Self.lineLimit, let open = call.firstIndex(of: "(") else {
            line(call)
            return
        }
        line(String(call[...open]))
        indented { $0.line(String(call[call.index(after: open)...])) }
    }

    /// An `async` test of the suite being printed, after a blank line.
    package mutating func asyncTest(
        _ name: String, in dialect: TestDialect, onMainActor: Bool = false, availability: String? = nil,
        _ body: (inout SwiftPrinter) -> Void
    ) {
        blankLine()
        let (attributes, head) = dialect.asyncTest(name, onMainActor: onMainActor, availability: availability)
        if let attributes { line(attributes) }
        block(head, body)
    }
}

extension SwiftPrinter {
    /// The doc comment of a scaffold suite, on one line when it fits: its subject, how the tests
    /// drive it (`driven`), and the no-demand policy if it has one (on a line of its own when the
    /// whole does not fit). The file's header says what every suite does.
    package mutating func suiteDoc(_ subject: String, _ driven: String, policy: PolicyScenario?) {
        let head = "`\(subject)` \(driven)"
        guard let policy else { return docComment(head + ".") }
        let oneLine = "\(head), \(policy.phrase)."
        docComment(indent + 4 + oneLine.count <= Self.docCommentWidth ? oneLine : "\(head),\n\(policy.phrase).")
    }
}
