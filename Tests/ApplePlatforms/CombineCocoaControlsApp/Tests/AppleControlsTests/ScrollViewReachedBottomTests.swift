import Combine
import UIKit
import XCTest

@testable import AppleControls

/// A real `UIScrollView` behind `reachedBottomPublisher(offset:)`, the port of CombineCocoa's
/// `reachedBottomPublisher(offset:)`: the scroll view's key-value observation of `contentOffset`,
/// judged against its frame, insets and content size, sends `()` on each arrival at the bottom and
/// nothing while it stays there. The generated scaffold drives the publisher from closures; only
/// this test runs the declaration's own `register` (on a Mac, against UIKit). The class is
/// `nonisolated` like `XCTestCase` and each test is `@MainActor`, so the same text compiles in a test
/// target with default MainActor isolation (scripts/check-apple.sh).
nonisolated final class ScrollViewReachedBottomTests: XCTestCase {
    @MainActor func testSendsOnEachArrivalAtTheBottomAndNotWhileItStaysThere() {
        let scrollView = makeScrollView(contentHeight: 300)
        var arrivals = 0
        let cancellable = scrollView.reachedBottomPublisher().sink { _ in arrivals += 1 }
        XCTAssertEqual(arrivals, 0, "at the top")
        scrollView.contentOffset = CGPoint(x: 0, y: 200)
        XCTAssertEqual(arrivals, 0, "at the last offset the frame shows, not past it (CombineCocoa's `>`)")
        scrollView.contentOffset = CGPoint(x: 0, y: 201)
        XCTAssertEqual(arrivals, 1)
        scrollView.contentOffset = CGPoint(x: 0, y: 250)
        XCTAssertEqual(arrivals, 1, "still at the bottom")
        scrollView.contentOffset = CGPoint(x: 0, y: 100)
        scrollView.contentOffset = CGPoint(x: 0, y: 201)
        XCTAssertEqual(arrivals, 2, "back at the bottom")
        cancellable.cancel()
        scrollView.contentOffset = CGPoint(x: 0, y: 0)
        scrollView.contentOffset = CGPoint(x: 0, y: 201)
        XCTAssertEqual(arrivals, 2, "nothing after cancel")
    }

    @MainActor func testSendsAtOnceWhenItStartsAtTheBottom() {
        let scrollView = makeScrollView(contentHeight: 300)
        scrollView.contentOffset = CGPoint(x: 0, y: 250)
        var arrivals = 0
        let cancellable = scrollView.reachedBottomPublisher().sink { _ in arrivals += 1 }
        XCTAssertEqual(arrivals, 1)
        scrollView.contentOffset = CGPoint(x: 0, y: 260)
        XCTAssertEqual(arrivals, 1)
        cancellable.cancel()
    }

    /// The insets narrow what the frame shows and shift the offset; `offset` is the least distance
    /// that counts, which matters when the content is no taller than what the frame shows.
    @MainActor func testInsetsAndOffsetMoveTheBottom() {
        // Shows 100 - 20 - 30 = 50 points of 300: past the bottom once offset + 20 > 250.
        let inset = makeScrollView(contentHeight: 300)
        inset.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        var insetArrivals = 0
        let insetCancellable = inset.reachedBottomPublisher().sink { _ in insetArrivals += 1 }
        inset.contentOffset = CGPoint(x: 0, y: 230)
        XCTAssertEqual(insetArrivals, 0)
        inset.contentOffset = CGPoint(x: 0, y: 231)
        XCTAssertEqual(insetArrivals, 1)
        insetCancellable.cancel()

        // 50 points of content in a 100-point frame: past the bottom once the offset exceeds 40.
        let short = makeScrollView(contentHeight: 50)
        var shortArrivals = 0
        let shortCancellable = short.reachedBottomPublisher(offset: 40).sink { _ in shortArrivals += 1 }
        short.contentOffset = CGPoint(x: 0, y: 40)
        XCTAssertEqual(shortArrivals, 0)
        short.contentOffset = CGPoint(x: 0, y: 41)
        XCTAssertEqual(shortArrivals, 1)
        shortCancellable.cancel()
    }

    /// Each subscription registers anew, with its own "was at the bottom".
    @MainActor func testEachSubscriberKeepsItsOwnState() {
        let scrollView = makeScrollView(contentHeight: 300)
        var first = 0
        var second = 0
        let firstCancellable = scrollView.reachedBottomPublisher().sink { _ in first += 1 }
        scrollView.contentOffset = CGPoint(x: 0, y: 250)
        XCTAssertEqual(first, 1)
        let secondCancellable = scrollView.reachedBottomPublisher().sink { _ in second += 1 }
        XCTAssertEqual(second, 1, "the second starts at the bottom")
        XCTAssertEqual(first, 1, "the first was there already")
        firstCancellable.cancel()
        secondCancellable.cancel()
    }

    /// A scroll view 100 points high (no window, no automatic insets) over `contentHeight` points.
    @MainActor private func makeScrollView(contentHeight: CGFloat) -> UIScrollView {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scrollView.contentSize = CGSize(width: 100, height: contentHeight)
        return scrollView
    }
}
