/// The settings generated code must compile in: each mode is a library target holding the
/// publishers, plus one test target per test framework holding the scaffolds.
enum CompileMode: String, CaseIterable {
    case swift6
    case swift5
    /// Swift 6 with `.defaultIsolation(MainActor.self)`, as Xcode 26 app targets compile.
    case mainActor

    /// The library target's name, which the scaffolds `@testable import`.
    var module: String {
        switch self {
        case .swift6: "Swift6"
        case .swift5: "Swift5"
        case .mainActor: "MainActorByDefault"
        }
    }

    /// The `swiftSettings:` of its targets in the work package's manifest.
    var settings: String {
        switch self {
        case .swift6: "strict"
        case .swift5: "strict + [.swiftLanguageMode(.v5)]"
        case .mainActor: "strict + mainActorByDefault"
        }
    }
}

enum ScaffoldFramework: String, CaseIterable {
    case xctest
    case swiftTesting

    var targetSuffix: String { self == .xctest ? "XCTests" : "SwiftTestingTests" }
}
