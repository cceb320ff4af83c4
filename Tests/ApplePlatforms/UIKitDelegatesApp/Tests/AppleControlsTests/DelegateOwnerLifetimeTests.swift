import Combine
import UIKit
import XCTest

@testable import AppleControls

/// A real `UITableView` deallocated while its delegate proxy has consumers (DelegateSources,
/// "Lifetimes"): what only a Mac shows is the Objective-C runtime releasing the object the proxy's
/// table associated with the table view, right after its `deinit`, and UIKit's own teardown of the
/// table view around it. Linux proves the same rules with Swift-native doubles
/// (Tests/EngineBehaviourTests/DelegateOwnerLifetimeTests.swift). The class is `nonisolated` like
/// `XCTestCase` and each test is `@MainActor`, so the same text compiles in a test target with
/// default MainActor isolation (scripts/check-apple.sh).
nonisolated final class DelegateOwnerLifetimeTests: XCTestCase {
    /// Every consumer finishes, in the turn the table view goes, after the values kept for it; the
    /// app's delegate hears nothing more and is not made the delegate of anything; the proxy goes
    /// with its table entry.
    @MainActor func testATableViewDeallocatedWhileSubscribedFinishesEveryConsumerAtOnce() {
        let appDelegate = SelectionCountingDelegate()
        let row = IndexPath(indexes: [0, 1])
        var values: [IndexPath] = []
        var completions = 0
        var deselections = 0
        var cancellables: [AnyCancellable] = []
        let table = WeakReference<UITableView>(nil)  // the test support's
        let proxy = WeakReference<UITableViewDelegateProxy>(nil)
        autoreleasepool {
            let owner = UITableView()
            table.object = owner
            owner.delegate = appDelegate
            cancellables.append(
                owner.didSelectRowPublisher().sink(
                    receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) }))
            cancellables.append(
                owner.didDeselectRowPublisher().sink(
                    receiveCompletion: { _ in deselections += 1 }, receiveValue: { _ in }))
            proxy.object = owner.delegate as? UITableViewDelegateProxy
            owner.delegate?.tableView?(owner, didSelectRowAt: row)
        }

        XCTAssertNil(table.object, "the table view is deallocated: its consumers do not hold it")
        XCTAssertEqual(values, [row])
        XCTAssertEqual(completions, 1, "the selections finished when the table view went")
        XCTAssertEqual(deselections, 1, "so did the other declaration's consumer on the same proxy")
        XCTAssertNil(proxy.object, "the proxy went with the table view's entry")
        XCTAssertEqual(appDelegate.selections, 1, "the app's delegate heard the one call, nothing after")
        withExtendedLifetime(cancellables) {}
    }

    /// A table view that keeps its own subscription to its delegate calls is still deallocated.
    @MainActor func testATableViewThatKeepsItsOwnSubscriptionIsDeallocated() {
        let table = WeakReference<KeepingTableView>(nil)
        autoreleasepool {
            let owner = KeepingTableView()
            table.object = owner
            owner.kept = owner.didSelectRowPublisher().sink { _ in }
        }
        XCTAssertNil(table.object, "its own subscription does not hold it")
    }

    /// A `for await` loop over a table view's selections ends when the table view goes, though the
    /// loop's task never cancels.
    @MainActor func testAForAwaitLoopEndsWhenItsTableViewIsDeallocated() async {
        let table = WeakReference<UITableView>(nil)
        var owner: UITableView? = UITableView()
        table.object = owner
        let selections = owner!.didSelectRowSequence()
        let loop = Task { @MainActor () -> Int in
            var count = 0
            for await _ in selections { count += 1 }
            return count
        }
        let joined = await eventually { owner?.delegate is UITableViewDelegateProxy }
        XCTAssertTrue(joined, "the loop's first next() installed the proxy")
        owner?.delegate?.tableView?(owner!, didSelectRowAt: IndexPath(indexes: [0, 0]))

        autoreleasepool { owner = nil }

        XCTAssertNil(table.object, "neither the sequence nor the loop holds the table view")
        let count = await loop.value
        XCTAssertEqual(count, 1, "the loop received the selection, then ended")
    }
}

/// An app delegate that counts the selections it hears.
@MainActor private final class SelectionCountingDelegate: NSObject, UITableViewDelegate {
    private(set) var selections = 0
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selections += 1 }
}

/// A table view that keeps a subscription of its own, as a custom control observing itself does.
@MainActor private final class KeepingTableView: UITableView {
    var kept: AnyCancellable?
}
