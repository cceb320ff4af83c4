// swift-tools-version: 6.1
// The committed generated code in Swift 5 language mode, with warnings as errors, as a package
// still in Swift 5 compiles it: the engine, the examples and fixtures with their doubles, and the
// generated XCTest scaffolds, run. Separate from the main package so that `swift test` there builds
// each file once. Build and test with `bash scripts/check-language-mode.sh` from the repository root;
// it first makes the links this package compiles (scripts/link-nested-packages.sh, which you run
// yourself before opening it in Xcode).
import PackageDescription

let openCombineOnLinux = Target.Dependency.product(
    name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))

let swift5: [SwiftSetting] = [.swiftLanguageMode(.v5), .unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "LanguageModeCheck",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")
    ],
    targets: [
        // Each target's directory holds links to everything in the main package's target of the same
        // name (scripts/nested-package-links.txt), so the files compiled here are exactly the ones
        // the main package compiles in Swift 6.
        .target(name: "RuntimeEngine", dependencies: [openCombineOnLinux], swiftSettings: swift5),
        .target(name: "GeneratedExamples", dependencies: [openCombineOnLinux], swiftSettings: swift5),
        .target(name: "GeneratedFixtures", dependencies: [openCombineOnLinux], swiftSettings: swift5),
        .testTarget(
            name: "GeneratedScaffoldTests",
            dependencies: ["GeneratedExamples", "GeneratedFixtures", openCombineOnLinux],
            swiftSettings: swift5),
    ]
)
