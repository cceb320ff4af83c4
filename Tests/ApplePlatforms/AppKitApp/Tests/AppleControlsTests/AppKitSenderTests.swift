import AppKit
import Combine
import XCTest

@testable import AppleControls

/// A real `NSButton` behind the generated AppKit publisher: subscriptions share one forwarder, the
/// control's own target and action keep working, and the last cancel restores them. The class is
/// `nonisolated` like `XCTestCase` and the test is `@MainActor`, so the same text compiles in a test
/// target with default MainActor isolation (scripts/check-apple.sh).
nonisolated final class AppKitSenderTests: XCTestCase {
    @MainActor func testTheControlsOwnActionKeepsWorkingAndIsRestored() {
        _ = NSApplication.shared
        let button = NSButton()
        let owner = ActionCounter()
        button.target = owner
        button.action = #selector(ActionCounter.act(_:))

        var clicks = 0
        let first = button.buttonClicksPublisher().sink { _ in clicks += 1 }
        let second = button.buttonClicksPublisher().sink { _ in clicks += 1 }
        XCTAssertFalse(button.target === owner, "a forwarder is the target while subscribed")
        button.performClick(nil)
        XCTAssertEqual(owner.actions, 1, "the control's own action still runs")
        XCTAssertEqual(clicks, 2)

        first.cancel()
        second.cancel()
        XCTAssertTrue(button.target === owner, "the last cancel restores the control's own target")
        XCTAssertEqual(button.action, #selector(ActionCounter.act(_:)))
        button.performClick(nil)
        XCTAssertEqual(owner.actions, 2)
        XCTAssertEqual(clicks, 2)
    }
}

@MainActor private final class ActionCounter: NSObject {
    private(set) var actions = 0
    @objc func act(_: Any?) { actions += 1 }
}
