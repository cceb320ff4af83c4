// swift-tools-version: 6.1
// RxCocoa's AppKit sources (Tests/Fixtures/ApplePlatforms/RxCocoaMac.publishers.yaml: control events,
// a button's state, a slider's value, a text field's and a text view's text), as an app would use
// them: the generated publishers with the engine, and their generated XCTest scaffolds with the test
// support. Every Swift file here is a link to what the generator emits. Only macOS has AppKit: built
// and tested by .github/workflows/apple.yml; on Linux, scripts/check-apple.sh type-checks the same
// files against stub Apple modules (and fails if the links here differ from what it compiles).
// The links are not committed: run `bash scripts/link-nested-packages.sh` from the repository root
// before opening this package in Xcode or building it.
import PackageDescription

let package = Package(
    name: "RxCocoaMacApp",
    platforms: [.macOS(.v10_15)],
    targets: [
        .target(name: "AppleControls", swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(name: "AppleControlsTests", dependencies: ["AppleControls"]),
    ],
    swiftLanguageModes: [.v6]
)
