// swift-tools-version: 6.1
// The AppKit goldens (Tests/GeneratedApple/Generated) as an app would use them: the generated
// publishers with the engine, and their generated XCTest scaffolds with the test support, plus a
// test of the real control. Every Swift file here is a link to what the generator emits, except
// Tests/AppleControlsTests/AppKitSenderTests.swift. Only Apple platforms have AppKit: built and
// tested by .github/workflows/apple.yml; on Linux, scripts/check-apple.sh type-checks the same
// files against stub Apple modules (and fails if the links here differ from what it compiles).
// The links are not committed: run `bash scripts/link-nested-packages.sh` from the repository root
// before opening this package in Xcode or building it.
import PackageDescription

let package = Package(
    name: "AppKitApp",
    platforms: [.macOS(.v10_15)],
    targets: [
        .target(name: "AppleControls", swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(name: "AppleControlsTests", dependencies: ["AppleControls"]),
    ],
    swiftLanguageModes: [.v6]
)
