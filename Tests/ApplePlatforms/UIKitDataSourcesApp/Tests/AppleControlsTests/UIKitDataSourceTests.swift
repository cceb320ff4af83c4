import Combine
import UIKit
import XCTest

@testable import AppleControls

/// Real `UISearchController`, `UITableView`, `UIScrollView` and `UIPickerView` objects behind the
/// proxies of Tests/Fixtures/ApplePlatforms/DataSources.publishers.yaml, for what the stub modules
/// cannot show: UIKit reading the proxy's `responds(to:)` when it is assigned and acting on it, and
/// the Objective-C runtime sending a cached selector to a proxy whose app delegate is gone. Each test
/// names the rule it proves and the Apple pages it rests on. A main-queue turn is waited for with an
/// expectation fulfilled by a block enqueued after the proxy's re-assignment (the main queue runs
/// blocks in order), never with a sleep. The class is `nonisolated` like `XCTestCase` and each test
/// is `@MainActor`, so the same text compiles in a test target with default MainActor isolation
/// (scripts/check-apple.sh).
nonisolated final class UIKitDataSourceTests: XCTestCase {
    // MARK: A search controller observed through willPresentPublisher() alone

    /// UIKit presents a search controller itself only while its delegate does not implement
    /// `presentSearchController(_:)` ("The system performs a default presentation if you don't
    /// implement this method"), and sends `willPresentSearchController(_:)` only before that automatic
    /// presentation. The proxy implements `presentSearchController(_:)` only while it is observed, so a
    /// consumer of `willPresentPublisher()` alone hears the presentation the system still makes.
    /// https://developer.apple.com/documentation/uikit/uisearchcontrollerdelegate/presentsearchcontroller(_:)
    /// https://developer.apple.com/documentation/uikit/uisearchcontrollerdelegate/willpresentsearchcontroller(_:)
    /// https://developer.apple.com/documentation/uikit/uisearchcontroller/isactive
    @MainActor func testASearchControllerObservedThroughWillPresentAlonePresentsItselfAndSends() {
        let root = UIViewController()
        root.definesPresentationContext = true
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = root
        window.makeKeyAndVisible()
        let search = UISearchController(searchResultsController: nil)
        root.view.addSubview(search.searchBar)
        waitForOneMainQueueTurn()  // lets the window's first appearance run

        var presentations = 0
        let cancellable = search.willPresentPublisher().sink { _ in presentations += 1 }
        let proxy = search.delegate as? NSObject
        XCTAssertTrue(proxy is UISearchControllerDelegateProxy)
        let present = #selector(UISearchControllerDelegate.presentSearchController(_:))
        XCTAssertEqual(proxy?.responds(to: present), false, "nobody observes presentSearchController(_:)")
        let willPresent = #selector(UISearchControllerDelegate.willPresentSearchController(_:))
        XCTAssertEqual(proxy?.responds(to: willPresent), true)

        search.isActive = true
        waitForOneMainQueueTurn()
        XCTAssertEqual(presentations, 1, "sent before the system's own presentation")
        XCTAssertNotNil(search.presentingViewController, "the system presented the search controller itself")
        XCTAssertTrue(search.isActive)

        cancellable.cancel()
        XCTAssertNil(search.delegate, "no app delegate to put back")
        search.isActive = false
        window.isHidden = true
    }

    // MARK: A table view whose data source is proxied

    /// A table view takes its rows from its data source ("gets the value returned by this method from
    /// its data source and caches it"), and shows a reorder control when its data source implements
    /// `tableView(_:moveRowAt:to:)` ("By default, the reordering control is shown if the data source
    /// implements tableView(_:moveRowAt:to:)"). UIKit reads which optional methods a data source
    /// implements when it is set (not in Apple's documentation; issue 30 lists the bugs it caused), so
    /// the proxy answers the move only while `itemMovedPublisher()` is observed, and sets itself again
    /// (nil, then the proxy) one main-queue turn after that changes. UIKit draws the reorder control in
    /// private views, so the test records what the data source answers at each assignment, where UIKit
    /// reads it, instead.
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:canmoverowat:)
    /// https://developer.apple.com/documentation/uikit/uitableview/numberofrows(insection:)
    @MainActor func testAProxiedDataSourceShowsTheAppsRowsAndAnswersTheMoveOnlyWhileItIsObserved() {
        let table = AssignmentRecordingTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let appDataSource = ThreeRowsDataSource()
        table.dataSource = appDataSource
        var deleted: [IndexPath] = []
        let deletions = table.itemDeletedPublisher().sink { deleted.append($0) }
        guard let proxy = table.dataSource as? UITableViewDataSourceProxy else {
            return XCTFail("the proxy is the data source while subscribed")
        }
        let move = #selector(UITableViewDataSource.tableView(_:moveRowAt:to:))
        XCTAssertFalse(proxy.responds(to: move), "only itemDeleted is observed, and the app's data source has no move")
        XCTAssertEqual(table.movesReadAtAssignment.suffix(2), [false, false], "the app's data source, then the proxy")
        let assignments = table.movesReadAtAssignment.count

        // The rows are the app's: the required method is answered by the app's data source.
        table.reloadData()
        XCTAssertEqual(table.numberOfRows(inSection: 0), 3)
        let row = IndexPath(indexes: [0, 1])
        table.dataSource?.tableView?(table, commit: .delete, forRowAt: row)
        XCTAssertEqual(deleted, [row])

        var moves = 0
        let moving = table.itemMovedPublisher().sink { _ in moves += 1 }
        XCTAssertTrue(proxy.responds(to: move), "observed now")
        XCTAssertEqual(table.movesReadAtAssignment.count, assignments, "not set again within the turn")
        waitForOneMainQueueTurn()
        XCTAssertEqual(table.movesReadAtAssignment.count, assignments + 2, "set again once")
        XCTAssertEqual(table.movesReadAtAssignment.suffix(2), [nil, true], "nil, then the proxy, read afresh")
        XCTAssertTrue(table.dataSource === proxy)
        table.dataSource?.tableView?(table, moveRowAt: row, to: IndexPath(indexes: [0, 2]))
        XCTAssertEqual(moves, 1)

        moving.cancel()
        XCTAssertFalse(proxy.responds(to: move), "no consumer of the move is left")
        waitForOneMainQueueTurn()
        XCTAssertEqual(table.movesReadAtAssignment.suffix(2), [nil, false], "the table view reads it afresh")
        table.reloadData()
        XCTAssertEqual(table.numberOfRows(inSection: 0), 3, "still the app's rows")

        deletions.cancel()
        XCTAssertTrue(table.dataSource === appDataSource, "the last cancel puts the app's data source back")
    }

    // MARK: The app's delegate released while the owner calls a cached method

    /// A message sent to an object that lacks the method goes to what `forwardingTarget(for:)` returns
    /// ("that returned object is used as the new receiver object"). A scroll view tells its delegate
    /// of each change of its content offset (`scrollViewDidScroll(_:)`), on what it read when the
    /// delegate was set (not in Apple's documentation; dd-sdk-ios PR #2942 shipped the crash it
    /// causes). The proxy answered for the app's delegate's `scrollViewDidScroll(_:)` when it was set;
    /// once that delegate is gone, the same message reaches the proxy, which hands it to
    /// `DelegateCallSink` instead of raising "unrecognized selector". `perform(_:with:)` sends it as
    /// UIKit does, without asking; the content offset change lets UIKit send it itself, if it cached
    /// the answer (if it asks again, it sends nothing).
    /// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewdidscroll(_:)
    /// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/forwardingtarget(for:)
    @MainActor func testACachedOptionalMethodOfAReleasedAppDelegateDoesNotCrash() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let didScroll = #selector(UIScrollViewDelegate.scrollViewDidScroll(_:))
        weak var released: ScrollingDelegate?
        var endings = 0
        let cancellable = autoreleasepool { () -> AnyCancellable in
            let appDelegate = ScrollingDelegate()
            released = appDelegate
            scrollView.delegate = appDelegate
            let cancellable = scrollView.didEndDeceleratingPublisher().sink { _ in endings += 1 }
            XCTAssertEqual(scrollView.delegate?.responds(to: didScroll), true, "answered for the app's delegate")
            return cancellable
        }
        XCTAssertNil(released, "the owner and the proxy hold the app's delegate weakly")

        // As Swift calls an optional method: it asks first, and the proxy no longer answers.
        scrollView.delegate?.scrollViewDidScroll?(scrollView)
        // As UIKit calls a method it read as implemented: without asking (forwardingTarget(for:)).
        _ = scrollView.delegate?.perform(didScroll, with: scrollView)
        // And UIKit itself, on the answer it read when the proxy was set.
        scrollView.contentOffset = CGPoint(x: 0, y: 10)

        scrollView.delegate?.scrollViewDidEndDecelerating?(scrollView)
        XCTAssertEqual(endings, 1, "the proxy still works")
        waitForOneMainQueueTurn()
        XCTAssertTrue(scrollView.delegate is UIScrollViewDelegateProxy, "set again, to be read afresh")
        XCTAssertEqual(scrollView.delegate?.responds(to: didScroll), false)
        cancellable.cancel()
        XCTAssertNil(scrollView.delegate, "no app delegate to put back")
    }

    /// The same for a method that returns a `CGFloat` (a picker's row height), which `perform(_:with:)`
    /// cannot call: once the app's delegate is gone the proxy stops answering for it, so a caller that
    /// asks first gets no answer, not a crash.
    /// https://developer.apple.com/documentation/uikit/uipickerviewdelegate/pickerview(_:rowheightforcomponent:)
    @MainActor func testAValueReturningMethodOfAReleasedAppDelegateIsNoLongerAnswered() {
        let picker = UIPickerView(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
        let rowHeight = #selector(UIPickerViewDelegate.pickerView(_:rowHeightForComponent:))
        weak var released: RowHeightDelegate?
        var selections: [Int] = []
        let cancellable = autoreleasepool { () -> AnyCancellable in
            let appDelegate = RowHeightDelegate()
            released = appDelegate
            picker.delegate = appDelegate
            let cancellable = picker.itemSelectedPublisher().sink { selections.append($0.row) }
            XCTAssertEqual(picker.delegate?.pickerView?(picker, rowHeightForComponent: 0), 44, "the app's answer")
            return cancellable
        }
        XCTAssertNil(released)

        XCTAssertEqual(picker.delegate?.responds(to: rowHeight), false, "nobody implements it any more")
        // Called only if the proxy answers for it, as Swift calls an optional method: it does not.
        XCTAssertNil(picker.delegate?.pickerView?(picker, rowHeightForComponent: 0))
        picker.delegate?.pickerView?(picker, didSelectRow: 2, inComponent: 0)
        XCTAssertEqual(selections, [2])
        cancellable.cancel()
    }

    // MARK: An app delegate given later

    /// UIKit reads which optional methods a delegate implements when it is set (not in Apple's
    /// documentation; issue 30), so an app delegate given through `forwardDelegateCalls(to:)` while the
    /// proxy is installed would not be asked for the methods the proxy did not answer at
    /// installation. The proxy sets itself again one main-queue turn later, and the scroll view then
    /// calls the app delegate's `scrollViewDidScroll(_:)` on each change of its content offset (Apple's
    /// page speaks of the user scrolling; UIKit sends it for a content offset set in code too).
    /// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewdidscroll(_:)
    /// https://developer.apple.com/documentation/uikit/uiscrollview/contentoffset
    @MainActor func testAnAppDelegateGivenLaterHasItsOptionalMethodsCalledAfterOneTurn() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let cancellable = scrollView.didEndDeceleratingPublisher().sink { _ in }
        let didScroll = #selector(UIScrollViewDelegate.scrollViewDidScroll(_:))
        XCTAssertEqual(scrollView.delegate?.responds(to: didScroll), false, "no app delegate yet")

        let appDelegate = ScrollingDelegate()
        scrollView.forwardDelegateCalls(to: appDelegate)
        XCTAssertEqual(scrollView.delegate?.responds(to: didScroll), true)
        waitForOneMainQueueTurn()
        XCTAssertTrue(scrollView.delegate is UIScrollViewDelegateProxy)
        scrollView.contentOffset = CGPoint(x: 0, y: 10)
        XCTAssertEqual(appDelegate.scrolls, 1, "the scroll view called the method it read after the re-assignment")

        cancellable.cancel()
        XCTAssertTrue(scrollView.delegate === appDelegate, "the last cancel makes it the delegate")
    }
}

extension XCTestCase {
    /// Runs the main queue until every block enqueued on it before this call has run (the proxy's
    /// re-assignment among them): the main queue is serial and runs its blocks in order.
    @MainActor fileprivate func waitForOneMainQueueTurn() {
        let turn = MainQueueTurn(expectation: expectation(description: "one turn of the main queue"))
        DispatchQueue.main.async { turn.expectation.fulfill() }
        wait(for: [turn.expectation], timeout: 10)
    }
}

/// Carries the expectation into the main queue's block, which `DispatchQueue.async` requires to be
/// `Sendable`; it is fulfilled on the main thread, once.
private nonisolated struct MainQueueTurn: @unchecked Sendable {
    let expectation: XCTestExpectation
}

/// Records, at each assignment of its data source, whether the new one implements
/// `tableView(_:moveRowAt:to:)` (`nil` for none): what UIKit reads there.
@MainActor private final class AssignmentRecordingTableView: UITableView {
    private(set) var movesReadAtAssignment: [Bool?] = []

    override var dataSource: (any UITableViewDataSource)? {
        get { super.dataSource }
        set {
            let move = #selector(UITableViewDataSource.tableView(_:moveRowAt:to:))
            movesReadAtAssignment.append(newValue.map { $0.responds(to: move) })
            super.dataSource = newValue
        }
    }
}

@MainActor private final class ThreeRowsDataSource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell()
    }
}

/// Implements `scrollViewDidScroll(_:)`, which no declaration observes.
@MainActor private final class ScrollingDelegate: NSObject, UIScrollViewDelegate {
    private(set) var scrolls = 0

    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
}

/// Answers the row height, which no declaration observes.
@MainActor private final class RowHeightDelegate: NSObject, UIPickerViewDelegate {
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { 44 }
}
