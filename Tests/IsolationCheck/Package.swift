// swift-tools-version: 6.2
// The committed generated code, compiled as an Xcode 26 app target compiles it: Swift 6 mode,
// every unannotated declaration on the main actor (SE-0466), warnings as errors. Separate from the
// main package so that its minimum stays swift-tools-version 6.1. Build with
// `bash scripts/check-isolation.sh` from the repository root; it first makes the links this package
// compiles (scripts/link-nested-packages.sh, which you run yourself before opening it in Xcode).
import PackageDescription

let openCombineOnLinux = Target.Dependency.product(
    name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))

/// What a new Xcode 26 app target uses, and no warnings: default MainActor isolation, and the two
/// upcoming features of Xcode's "Approachable Concurrency" that concern isolation (a main-actor type
/// would get a main-actor conformance; nonisolated async functions run on the caller's actor).
let mainActorByDefault: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .unsafeFlags(["-warnings-as-errors"]),
]

let package = Package(
    name: "IsolationCheck",
    // The generated code's documented minimum (Combine's first releases), so that on a Mac the same
    // build also checks `@available` and typed-throws availability (the DocC article ApplePlatforms).
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")
    ],
    targets: [
        // Each target's directory holds links to everything in the main package's target of the same
        // name (scripts/nested-package-links.txt), so the files compiled here are exactly the ones
        // the main package compiles, with the same exclusions.
        .target(name: "GeneratedExamples", dependencies: [openCombineOnLinux], swiftSettings: mainActorByDefault),
        .target(name: "GeneratedFixtures", dependencies: [openCombineOnLinux], swiftSettings: mainActorByDefault),
        .testTarget(
            name: "GeneratedScaffoldTests",
            dependencies: ["GeneratedExamples", "GeneratedFixtures", openCombineOnLinux],
            swiftSettings: mainActorByDefault),
        .testTarget(
            name: "GeneratedSwiftTestingScaffoldTests",
            dependencies: ["GeneratedFixtures", openCombineOnLinux],
            swiftSettings: mainActorByDefault),
        // Sequences consumed from main-actor code, as an app target does.
        .testTarget(name: "AsyncConsumers", dependencies: ["GeneratedFixtures"], swiftSettings: mainActorByDefault),
        // Schemas that emit only the async form: the module and its tests need no Combine at all.
        .target(
            name: "GeneratedAsyncOnly", exclude: ["Engine/Combine"],
            swiftSettings: mainActorByDefault),
        .testTarget(
            name: "GeneratedAsyncOnlyScaffoldTests", dependencies: ["GeneratedAsyncOnly"],
            exclude: ["TestSupport/Combine"], swiftSettings: mainActorByDefault),
    ],
    swiftLanguageModes: [.v6]
)
