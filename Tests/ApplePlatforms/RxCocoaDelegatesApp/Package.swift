// swift-tools-version: 6.1
// RxCocoa's UIKit delegate sources that are declared nowhere else, or only with CombineCocoa's tuples
// (Tests/Fixtures/ApplePlatforms/RxCocoaDelegates.publishers.yaml: a collection view's prefetching,
// focus and display events, a navigation controller, a search bar, a tab bar controller, a text view
// and its text storage), as an app would use them: the generated publishers with the engine, and their generated
// XCTest scaffolds with the test support, which call each owner's delegate as UIKit does. Every
// Swift file here but one is a link to what the generator emits; TextViewThroughTextStorageTests
// edits a real text view's text storage. Only Apple platforms have UIKit: built and
// tested by .github/workflows/apple.yml; on Linux, scripts/check-apple.sh type-checks the same files
// against stub Apple modules (and fails if the links here differ from what it compiles).
// The links are not committed: run `bash scripts/link-nested-packages.sh` from the repository root
// before opening this package in Xcode or building it.
import PackageDescription

let package = Package(
    name: "RxCocoaDelegatesApp",
    platforms: [.iOS(.v13)],
    targets: [
        .target(name: "AppleControls", swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(name: "AppleControlsTests", dependencies: ["AppleControls"]),
    ],
    swiftLanguageModes: [.v6]
)
