import Combine
import UIKit
import XCTest

@testable import AppleControls

/// A real `UIButton` and `UISwitch` behind the generated UIKit target/action publishers: the target
/// is added and removed on the main actor even when subscribe and cancel come from another thread,
/// and a cancel before the hop to the main actor leaves nothing added. The class is `nonisolated`
/// like `XCTestCase` and each test is `@MainActor`, so the same text compiles in a test target with
/// default MainActor isolation (scripts/check-apple.sh).
nonisolated final class UIKitSenderTests: XCTestCase {
    @MainActor func testSubscribingOnTheMainThreadAddsTheTargetAtOnce() {
        let button = UIButton()
        var taps = 0
        let cancellable = button.buttonTapsPublisher().sink { _ in taps += 1 }
        XCTAssertEqual(button.allTargets.count, 1)
        fire(.primaryActionTriggered, on: button)
        XCTAssertEqual(taps, 1)
        cancellable.cancel()
        XCTAssertEqual(button.allTargets.count, 0)
    }

    @MainActor func testSubscribeAndCancelFromAnotherThreadAddAndRemoveOnTheMainThread() async {
        let toggle = UISwitch()
        // A publisher and a cancellable are not `Sendable`; each is used by one thread at a time.
        nonisolated(unsafe) let publisher = toggle.switchIsOnPublisher()
        nonisolated(unsafe) var cancellable: AnyCancellable?
        let values = Recorder()

        onAnotherThread { cancellable = publisher.sink { values.append($0) } }
        XCTAssertEqual(toggle.allTargets.count, 0, "the add waits for the main actor")
        await mainQueueFlushed()
        XCTAssertEqual(toggle.allTargets.count, 1)
        toggle.isOn = true
        fire(.valueChanged, on: toggle)
        XCTAssertEqual(values.all, [true])

        onAnotherThread { cancellable?.cancel() }
        await mainQueueFlushed()
        XCTAssertEqual(toggle.allTargets.count, 0)
    }

    @MainActor func testACancelBeforeTheHopLeavesNothingAdded() async {
        let button = UIButton()
        nonisolated(unsafe) let publisher = button.buttonTapsPublisher()
        onAnotherThread { publisher.sink { _ in }.cancel() }
        await mainQueueFlushed()
        XCTAssertEqual(button.allTargets.count, 0)
    }

    /// `output: Self`: a subclass's factory sends the subclass, whose members need no cast.
    @MainActor func testASubclassSendsItselfAsItsOwnType() {
        let button = RoundedButton()
        var radii: [Double] = []
        let publisher: ButtonTapsPublisher<RoundedButton> = button.buttonTapsPublisher()
        let cancellable = publisher.sink { radii.append($0.cornerRadius) }
        fire(.primaryActionTriggered, on: button)
        XCTAssertEqual(radii, [6])
        cancellable.cancel()
        XCTAssertEqual(button.allTargets.count, 0)
    }
}

/// A `UIButton` subclass with a member of its own.
@MainActor private final class RoundedButton: UIButton {
    let cornerRadius = 6.0
}

/// Runs `body` on another thread and returns when it has; the main thread is blocked meanwhile, so
/// nothing sent to the main queue runs before `body` ends.
private nonisolated func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        body()
        done.signal()
    }
    done.wait()
}

/// Performs the actions `control` has for `event`, as UIKit would: `sendActions(for:)` needs a
/// running `UIApplication`, which a package's test bundle has not.
@MainActor private func fire(_ event: UIControl.Event, on control: UIControl) {
    for case let target as NSObject in control.allTargets.map(\.base) {
        for action in control.actions(forTarget: target, forControlEvent: event) ?? [] {
            _ = target.perform(Selector(action), with: control)
        }
    }
}

/// Values sent on the main thread, read by the test. `nonisolated`: the subscriber's `@Sendable`
/// closure appends from whatever thread sends, so with default MainActor isolation an inferred
/// main-actor `append` could not be called there.
private nonisolated final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Bool] = []
    var all: [Bool] { lock.withLock { values } }
    func append(_ value: Bool) { lock.withLock { values.append(value) } }
}

/// Returns once everything sent to the main queue before the call has run.
@MainActor private func mainQueueFlushed() async {
    await withCheckedContinuation { (flushed: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { flushed.resume() }
    }
}
