/// The settings generated code must compile in, each a module of its own per batch: the
/// publishers, plus one module per test framework for the scaffolds.
enum CompileMode: String, CaseIterable, Sendable {
    case swift6
    case swift5
    /// Swift 6 with default MainActor isolation and the two isolation features of Xcode 26's
    /// "Approachable Concurrency", as Tests/IsolationCheck compiles.
    case mainActor

    /// The publishers' module, which the scaffolds `@testable import`.
    var module: String {
        switch self {
        case .swift6: "Swift6"
        case .swift5: "Swift5"
        case .mainActor: "MainActorByDefault"
        }
    }

    var compilerFlags: [String] {
        switch self {
        case .swift6: ["-swift-version", "6"]
        case .swift5: ["-swift-version", "5"]
        case .mainActor:
            [
                "-swift-version", "6", "-default-isolation", "MainActor",
                "-enable-upcoming-feature", "InferIsolatedConformances",
                "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
            ]
        }
    }
}

enum ScaffoldFramework: String, CaseIterable, Sendable {
    case xctest
    case swiftTesting

    var moduleSuffix: String { self == .xctest ? "XCTests" : "SwiftTestingTests" }
}
