// swift-tools-version: 6.1
// CombineCocoa's 24 publishers that need no delegate (Tests/Fixtures/CombineCocoa/
// CombineCocoaControls.publishers.yaml), as an app would use them: the generated publishers with
// the engine, and their generated XCTest scaffolds with the test support, plus a test of a real
// scroll view. Every Swift file here is a link to what the generator emits, except
// Tests/AppleControlsTests/ScrollViewReachedBottomTests.swift. Only Apple platforms have UIKit:
// built and tested by .github/workflows/apple.yml; on Linux, scripts/check-apple.sh type-checks the
// same files against stub Apple modules (and fails if the links here differ from what it compiles).
// The links are not committed: run `bash scripts/link-nested-packages.sh` from the repository root
// before opening this package in Xcode or building it.
import PackageDescription

let package = Package(
    name: "CombineCocoaControlsApp",
    platforms: [.iOS(.v13)],
    targets: [
        .target(name: "AppleControls", swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(name: "AppleControlsTests", dependencies: ["AppleControls"]),
    ],
    swiftLanguageModes: [.v6]
)
