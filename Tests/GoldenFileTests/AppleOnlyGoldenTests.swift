import Foundation
import TestHelpers
import Testing

/// The generated code of UIKit and AppKit senders needs Apple's SDKs (`#selector`, `NSControl`),
/// so Linux compiles it only against stub Apple modules (`scripts/check-apple.sh`, in CI). Its
/// goldens (`Tests/GeneratedApple/Generated`) are recorded and parsed, with the engine's AppKit
/// forwarder, by `ReferenceTests`; here they are held to what makes them Apple-only, and the tests
/// of real controls must parse too. `.github/workflows/apple.yml` compiles all of it on a Mac.
@Suite struct AppleOnlyGoldenTests {
    static let goldens = ReferenceTests.packageRoot.appending(path: "Tests/GeneratedApple/Generated")

    /// The tests of real controls in `Tests/ApplePlatforms`, which the workflow runs on a Mac.
    static let realControlTests = [
        "Tests/ApplePlatforms/UIKitApp/Tests/AppleControlsTests/UIKitSenderTests.swift",
        "Tests/ApplePlatforms/AppKitApp/Tests/AppleControlsTests/AppKitSenderTests.swift",
        "Tests/ApplePlatforms/UIKitDelegatesApp/Tests/AppleControlsTests/UIKitDelegateTests.swift",
        "Tests/ApplePlatforms/UIKitDataSourcesApp/Tests/AppleControlsTests/UIKitDataSourceTests.swift",
        "Tests/ApplePlatforms/CombineCocoaControlsApp/Tests/AppleControlsTests/ScrollViewReachedBottomTests.swift",
    ].map { ReferenceTests.packageRoot.appending(path: $0) }

    @Test func theTestsOfRealControlsParse() async throws {
        let run = try await SwiftCommand.parse(Self.realControlTests)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.isEmpty, "\(run.output)")
    }

    /// What makes these goldens Apple-only is there: selectors for UIKit, the forwarder for AppKit,
    /// and both on the main actor. A UIKit sender calls the engine's target, an `NSObject` with an
    /// `@objc` action where the Objective-C runtime is, one class for every declaration.
    @Test func uikitAndAppKitSendersUseTheirOwnAPIsOnTheMainActor() throws {
        let uikit = try String(contentsOf: Self.goldens.appending(path: "Controls.publishers.swift"), encoding: .utf8)
        #expect(
            uikit.contains(
                "sender.addTarget(target, action: #selector(MainActorActionTarget.handle(_:)), for: event)"))
        #expect(uikit.contains("let target = MainActorActionTarget(sender: sender) {"))
        #expect(!uikit.contains("class Target"), "each declaration's own target class is gone")
        #expect(uikit.contains("MainActorTargetAttachment.attach"))
        let targetPart = "Templates/Engine/Shared/TargetAction/ActionTarget.swift"
        let target = try String(
            contentsOf: ReferenceTests.packageRoot.appending(path: targetPart), encoding: .utf8)
        #expect(target.contains("#if canImport(ObjectiveC)\n/// What a target is made of"))
        #expect(target.contains("typealias ActionTargetBase = NSObject"))
        #expect(target.contains("nonisolated final class MainActorActionTarget: ActionTargetBase {"))
        #expect(target.contains("@MainActor @objc func handle(_: Any)"))
        #expect(target.contains("    #if canImport(ObjectiveC)\n    /// The action: called by the sender, through"))
        let appkit = try String(
            contentsOf: Self.goldens.appending(path: "MacControls.publishers.swift"), encoding: .utf8)
        #expect(appkit.contains("SingleActionForwarder.add("))
        #expect(appkit.contains("MainActorTargetAttachment.attach"))
        #expect(!appkit.contains("for event:"), "AppKit controls have one action and take no event")
        #expect(!appkit.contains("#selector"))
    }
}
