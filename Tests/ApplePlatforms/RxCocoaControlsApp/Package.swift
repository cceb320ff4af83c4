// swift-tools-version: 6.1
// RxCocoa's UIKit sources that need no delegate and are declared nowhere else
// (Tests/Fixtures/ApplePlatforms/RxCocoaControls.publishers.yaml: a button's primary action, a
// gesture recognizer's event, the application's notifications), as an app would use them: the
// generated publishers with the engine, and their generated XCTest scaffolds with the test support.
// Every Swift file here is a link to what the generator emits. Only Apple platforms have UIKit:
// built and tested by .github/workflows/apple.yml; on Linux, scripts/check-apple.sh type-checks the
// same files against stub Apple modules (and fails if the links here differ from what it compiles).
// The links are not committed: run `bash scripts/link-nested-packages.sh` from the repository root
// before opening this package in Xcode or building it.
import PackageDescription

let package = Package(
    name: "RxCocoaControlsApp",
    platforms: [.iOS(.v13)],
    targets: [
        .target(name: "AppleControls", swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(name: "AppleControlsTests", dependencies: ["AppleControls"]),
    ],
    swiftLanguageModes: [.v6]
)
