// swift-tools-version: 6.1
// The concurrency stress tests (`ConcurrencyStressTests`, in Tests/EngineBehaviourTests) and only
// what they compile against, built with ThreadSanitizer by `bash scripts/check-thread-sanitizer.sh`
// from the repository root. Separate from the main package so that the sanitized build compiles
// the generated code and its tests, not the generator, its dependencies and every other test
// target. Each target links everything in the main package's target of the same name
// (scripts/nested-package-links.txt), so the files compiled here are the ones the main package
// compiles.
import PackageDescription

let openCombineOnLinux = Target.Dependency.product(
    name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))

/// As the main package compiles its generated code.
let generatedCodeSettings: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "ThreadSanitizerCheck",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")
    ],
    targets: [
        .target(name: "GeneratedExamples", dependencies: [openCombineOnLinux], swiftSettings: generatedCodeSettings),
        .target(name: "GeneratedFixtures", dependencies: [openCombineOnLinux], swiftSettings: generatedCodeSettings),
        .target(name: "DelegateCallHarness"),
        .testTarget(
            name: "EngineBehaviourTests",
            dependencies: ["GeneratedExamples", "GeneratedFixtures", "DelegateCallHarness", openCombineOnLinux]),
    ]
)
