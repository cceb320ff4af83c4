import Combine
import UIKit
import WebKit
import XCTest

@testable import AppleControls

/// Issue 41's first five points on real `UITableView`, `UICollectionView`, `UITextField`, `WKWebView`
/// and `UIWindow` objects behind the generated proxies of
/// Tests/Fixtures/ApplePlatforms/Delegates.publishers.yaml. (The sixth, two proxies on one slot,
/// needs declarations of two owner types reaching one object's delegate in the golden this package
/// links: a `UIScrollView.delegate` declaration may not join Delegates.publishers.yaml while
/// DataSources.publishers.yaml has one, since they would share one proxy.)
/// Linux proves each rule with Swift-native doubles (Tests/EngineBehaviourTests); what only a Mac
/// shows is the Objective-C runtime and UIKit themselves: `forwardingTarget(for:)` and
/// `resolveInstanceMethod(_:)` finding the sink's method, the arm64 and x86-64 return registers the
/// caller reads, the runtime's protocol tables and type encodings, the block ABI of a Swift closure
/// handed to the sink, the moment the runtime releases an object associated with a deallocated
/// delegate, and what a table view in a window does when its delegate is set again. A swallowed call
/// is made the way the runtime makes it after forwarding: the sink object's method, looked up with
/// `class_getMethodImplementation` (which resolves it as a message send does), called through a
/// `@convention(c)` pointer of the caller's type, right after a call of the same type that returns
/// something else, so that a sink that leaves a register alone is seen. The class is `nonisolated`
/// like `XCTestCase` and each test is `@MainActor`, so the same text compiles in a test target with
/// default MainActor isolation (scripts/check-apple.sh).
nonisolated final class DelegateProxySurvivalTests: XCTestCase {
    // MARK: 1. The right zero for every swallowed call

    /// Once the app's delegate is gone, a table view may still send what it cached for it: the row
    /// height, and (a collection view's owner sends its delegate the flow layout's questions) an
    /// item's size and a section's insets, which the table view proxy's own protocol does not
    /// declare. Each reaches `DelegateCallSink`, which reads the return type from the proxy's
    /// protocol or the protocols owners also send (`UICollectionViewDelegateFlowLayout`), and returns
    /// zero in the floating-point registers (`CGFloat`, `CGSize`) or, for `UIEdgeInsets` (32 bytes),
    /// in every register arm64 returns it in and the memory x86-64 returns it in. Only a Mac runs the
    /// runtime's lookup, the sink's `resolveInstanceMethod(_:)`, and the real calling convention.
    /// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/forwardingtarget(for:)
    /// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/resolveinstancemethod(_:)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout
    @MainActor func testSwallowedHeightsSizesAndInsetsAreZeroWhereTheCallerReadsThem() {
        let scene = AbandonedTableScene()
        guard let proxy = scene.proxy else { return XCTFail("the proxy is the delegate while subscribed") }
        let live = LayoutAnsweringDelegate()
        let layout = UICollectionViewFlowLayout()
        let collection = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        let item = IndexPath(indexes: [0, 0]) as NSIndexPath

        let height = #selector(UITableViewDelegate.tableView(_:heightForRowAt:))
        // `Double`: what `CGFloat` is on 64-bit platforms, returned in the same register.
        typealias Height = @convention(c) (AnyObject, Selector, UITableView, NSIndexPath) -> Double
        XCTAssertFalse(proxy.responds(to: height), "not answered once the app's delegate is gone")
        guard let target = sinkTarget(of: proxy, for: height),
            let swallow = implementation(of: height, in: target, as: Height.self),
            let answer = implementation(of: height, in: live, as: Height.self)
        else { return XCTFail("the sink resolves tableView(_:heightForRowAt:)") }
        XCTAssertEqual(answer(live, height, scene.table, item), 61.5)
        XCTAssertEqual(swallow(target, height, scene.table, item), 0, "CGFloat: zero in d0/xmm0")

        let size = #selector(UICollectionViewDelegateFlowLayout.collectionView(_:layout:sizeForItemAt:))
        typealias Size =
            @convention(c) (AnyObject, Selector, UICollectionView, UICollectionViewLayout, NSIndexPath) ->
            CGSize
        guard let sizeTarget = sinkTarget(of: proxy, for: size),
            let swallowSize = implementation(of: size, in: sizeTarget, as: Size.self),
            let answerSize = implementation(of: size, in: live, as: Size.self)
        else { return XCTFail("the sink resolves collectionView(_:layout:sizeForItemAt:)") }
        XCTAssertEqual(answerSize(live, size, collection, layout, item), CGSize(width: 7.25, height: 8.25))
        XCTAssertEqual(
            swallowSize(sizeTarget, size, collection, layout, item), CGSize.zero,
            "CGSize, found through UICollectionViewDelegateFlowLayout: zero in both floating-point registers")

        let insets = #selector(UICollectionViewDelegateFlowLayout.collectionView(_:layout:insetForSectionAt:))
        typealias Insets =
            @convention(c) (AnyObject, Selector, UICollectionView, UICollectionViewLayout, Int) ->
            UIEdgeInsets
        guard let insetsTarget = sinkTarget(of: proxy, for: insets),
            let swallowInsets = implementation(of: insets, in: insetsTarget, as: Insets.self),
            let answerInsets = implementation(of: insets, in: live, as: Insets.self)
        else { return XCTFail("the sink resolves collectionView(_:layout:insetForSectionAt:)") }
        let answered = answerInsets(live, insets, collection, layout, 0)
        XCTAssertEqual([answered.top, answered.left, answered.bottom, answered.right], [1.5, 2.5, 3.5, 4.5])
        let swallowed = swallowInsets(insetsTarget, insets, collection, layout, 0)
        XCTAssertEqual(
            [swallowed.top, swallowed.left, swallowed.bottom, swallowed.right], [0, 0, 0, 0],
            "UIEdgeInsets: four doubles, in v0-v3 on arm64 and in memory on x86-64")
        withExtendedLifetime(scene) {}
    }

    /// A method no protocol the sink knows declares, which the app's delegate implemented: its type
    /// encoding was recorded when the app's delegate answered `responds(to:)` through the proxy
    /// (`DelegateCallSink.responds(_:to:)`), so once that delegate is gone the call still returns a
    /// zero `CGPoint` in the floating-point registers, not whatever the integer sink leaves there.
    /// Only a Mac reads a real method's encoding (`method_getTypeEncoding`).
    /// https://developer.apple.com/documentation/objectivec/method_gettypeencoding(_:)
    @MainActor func testAMethodOnlyTheAppsDelegateDeclaredIsSwallowedWithTheTypesItRecorded() {
        let scene = AbandonedTableScene()
        guard let proxy = scene.proxy else { return XCTFail("the proxy is the delegate while subscribed") }
        let origin = #selector(LayoutAnsweringDelegate.survivalTestOrigin(of:))
        XCTAssertTrue(scene.answeredOrigin, "answered for the app's delegate while it lived, which recorded its types")
        XCTAssertFalse(proxy.responds(to: origin), "not answered once it is gone")

        let live = LayoutAnsweringDelegate()
        typealias Origin = @convention(c) (AnyObject, Selector, UITableView) -> CGPoint
        guard let target = sinkTarget(of: proxy, for: origin),
            let swallow = implementation(of: origin, in: target, as: Origin.self),
            let answer = implementation(of: origin, in: live, as: Origin.self)
        else { return XCTFail("the sink resolves survivalTestOriginOf:") }
        XCTAssertEqual(answer(live, origin, scene.table), CGPoint(x: 3.5, y: 4.5))
        XCTAssertEqual(
            swallow(target, origin, scene.table), CGPoint.zero, "the recorded {CGPoint=dd}: zero in d0 and d1")
    }

    // MARK: 2. Completion handlers always called

    /// WebKit raises `NSInternalInconsistencyException` when a decision handler passed to a
    /// navigation delegate is never called. A swallowed call calls each handler exactly once, with
    /// WebKit's default for a delegate without the method: allow the navigation action and the
    /// response, handle a challenge as the system would (`.performDefaultHandling`, no credential);
    /// and a handler without a documented default (deprecated TLS, iOS 14) with zero (`false`). Only
    /// a Mac shows the handler read from the registers of a real call and called through the block
    /// ABI, with the signature the Swift closure's block descriptor carries.
    /// https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-2ni62
    /// https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-19mn2
    /// https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didreceive:completionhandler:)
    /// https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:authenticationchallenge:shouldallowdeprecatedtls:)
    @MainActor func testSwallowedNavigationDecisionsCallTheirHandlerOnceWithWebKitsDefault() {
        let webView = WKWebView()
        let cancellable = webView.didCommitPublisher().sink { _ in }
        guard let proxy = webView.navigationDelegate as? WKWebViewNavigationDelegateProxy else {
            return XCTFail("the proxy is the navigation delegate while subscribed")
        }
        // WebKit's classes of the arguments are made by WebKit only; the sink never reads them.
        let unread = NSObject()

        let action = NSSelectorFromString("webView:decidePolicyForNavigationAction:decisionHandler:")
        XCTAssertFalse(proxy.responds(to: action), "no declaration observes it and there is no app delegate")
        typealias ActionDecision =
            @convention(c) (
                AnyObject, Selector, WKWebView, AnyObject, @convention(block) (WKNavigationActionPolicy) -> Void
            )
            -> Void
        var actionPolicies: [WKNavigationActionPolicy] = []
        guard let actionTarget = sinkTarget(of: proxy, for: action),
            let decideAction = implementation(of: action, in: actionTarget, as: ActionDecision.self)
        else { return XCTFail("the sink resolves the navigation action's decision") }
        decideAction(actionTarget, action, webView, unread) { actionPolicies.append($0) }
        XCTAssertEqual(actionPolicies, [.allow], "called once, allowed")

        let response = NSSelectorFromString("webView:decidePolicyForNavigationResponse:decisionHandler:")
        typealias ResponseDecision =
            @convention(c) (
                AnyObject, Selector, WKWebView, AnyObject, @convention(block) (WKNavigationResponsePolicy) -> Void
            ) -> Void
        var responsePolicies: [WKNavigationResponsePolicy] = []
        guard let responseTarget = sinkTarget(of: proxy, for: response),
            let decideResponse = implementation(of: response, in: responseTarget, as: ResponseDecision.self)
        else { return XCTFail("the sink resolves the navigation response's decision") }
        decideResponse(responseTarget, response, webView, unread) { responsePolicies.append($0) }
        XCTAssertEqual(responsePolicies, [.allow], "called once, allowed")

        let challenge = NSSelectorFromString("webView:didReceiveAuthenticationChallenge:completionHandler:")
        typealias ChallengeAnswer =
            @convention(c) (
                AnyObject, Selector, WKWebView, AnyObject,
                @convention(block) (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
            ) -> Void
        var dispositions: [URLSession.AuthChallengeDisposition] = []
        var credentials: [URLCredential?] = []
        guard let challengeTarget = sinkTarget(of: proxy, for: challenge),
            let answerChallenge = implementation(of: challenge, in: challengeTarget, as: ChallengeAnswer.self)
        else { return XCTFail("the sink resolves the authentication challenge") }
        answerChallenge(challengeTarget, challenge, webView, unread) { disposition, credential in
            dispositions.append(disposition)
            credentials.append(credential)
        }
        XCTAssertEqual(dispositions, [.performDefaultHandling], "called once, handled as the system would")
        XCTAssertEqual(credentials.count, 1)
        XCTAssertNil(credentials.first ?? nil, "no credential")

        if #available(iOS 14.0, *) {
            let tls = NSSelectorFromString("webView:authenticationChallenge:shouldAllowDeprecatedTLS:")
            typealias TLSDecision =
                @convention(c) (AnyObject, Selector, WKWebView, AnyObject, @convention(block) (Bool) -> Void) -> Void
            var decisions: [Bool] = []
            guard let tlsTarget = sinkTarget(of: proxy, for: tls),
                let decideTLS = implementation(of: tls, in: tlsTarget, as: TLSDecision.self)
            else { return XCTFail("the sink resolves the deprecated TLS decision") }
            decideTLS(tlsTarget, tls, webView, unread) { decisions.append($0) }
            XCTAssertEqual(decisions, [false], "no documented default: called once with zero")
        }
        cancellable.cancel()
    }

    // MARK: 3. Safe values

    /// A swallowed `BOOL` question gets the system's answer for a delegate without the method, not
    /// `NO` across the board: a text field returns (`true`), and two gesture recognizers do not
    /// recognize at once (`false`), while a recognizer still begins (`true`). Each is called right
    /// after a delegate's opposite answer, so the sink must write the register. Only a Mac runs the
    /// sink's `YES` function and reads the protocols' encodings.
    /// https://developer.apple.com/documentation/uikit/uitextfielddelegate/textfieldshouldreturn(_:)
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizerdelegate/gesturerecognizer(_:shouldrecognizesimultaneouslywith:)
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizerdelegate/gesturerecognizershouldbegin(_:)
    @MainActor func testSwallowedQuestionsGetTheSystemsDefaultAnswer() {
        let opposite = OppositeAnswers()
        let field = UITextField()
        let shouldReturn = #selector(UITextFieldDelegate.textFieldShouldReturn(_:))
        typealias ShouldReturn = @convention(c) (AnyObject, Selector, UITextField) -> Bool
        let returnTarget = DelegateCallSink.target(for: shouldReturn, in: UITextFieldDelegate.self)
        guard let swallowReturn = implementation(of: shouldReturn, in: returnTarget, as: ShouldReturn.self),
            let refuseReturn = implementation(of: shouldReturn, in: opposite, as: ShouldReturn.self)
        else { return XCTFail("the sink resolves textFieldShouldReturn(_:)") }
        XCTAssertFalse(refuseReturn(opposite, shouldReturn, field))
        XCTAssertTrue(swallowReturn(returnTarget, shouldReturn, field), "a text field returns by default")

        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        let simultaneous = #selector(
            UIGestureRecognizerDelegate.gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:))
        typealias Simultaneous = @convention(c) (AnyObject, Selector, UIGestureRecognizer, UIGestureRecognizer) -> Bool
        let simultaneousTarget = DelegateCallSink.target(for: simultaneous, in: UIGestureRecognizerDelegate.self)
        guard let swallowSimultaneous = implementation(of: simultaneous, in: simultaneousTarget, as: Simultaneous.self),
            let allowSimultaneous = implementation(of: simultaneous, in: opposite, as: Simultaneous.self)
        else { return XCTFail("the sink resolves gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)") }
        XCTAssertTrue(allowSimultaneous(opposite, simultaneous, pan, tap))
        XCTAssertFalse(
            swallowSimultaneous(simultaneousTarget, simultaneous, pan, tap), "not simultaneously, by default")

        let begin = #selector(UIGestureRecognizerDelegate.gestureRecognizerShouldBegin(_:))
        typealias ShouldBegin = @convention(c) (AnyObject, Selector, UIGestureRecognizer) -> Bool
        let beginTarget = DelegateCallSink.target(for: begin, in: UIGestureRecognizerDelegate.self)
        guard let swallowBegin = implementation(of: begin, in: beginTarget, as: ShouldBegin.self),
            let refuseBegin = implementation(of: begin, in: opposite, as: ShouldBegin.self)
        else { return XCTFail("the sink resolves gestureRecognizerShouldBegin(_:)") }
        XCTAssertFalse(refuseBegin(opposite, begin, pan))
        XCTAssertTrue(swallowBegin(beginTarget, begin, pan), "a recognizer begins by default")
    }

    // MARK: 4. No window after the app's delegate dies

    /// The app's delegate, which implements `tableView(_:heightForRowAt:)` (no declaration observes
    /// it), is released while a publisher observes the table view. In the same turn, before the main
    /// queue runs anything, the proxy has forgotten it and set itself on the table view again (nil,
    /// then the proxy: two assignments), so the table view reads fresh answers: the height is no
    /// longer answered. Only a Mac shows when the runtime releases the object associated with the
    /// delegate (`objc_destructInstance`, after its `deinit`) and that the test's thread counts as
    /// the main queue there.
    /// https://developer.apple.com/documentation/objectivec/objc_setassociatedobject(_:_:_:_:)
    @MainActor func testTheProxyIsSetAgainInTheTurnTheAppsDelegateIsReleased() {
        let table = CountingTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let height = #selector(UITableViewDelegate.tableView(_:heightForRowAt:))
        var appDelegate: RowHeightDelegate? = RowHeightDelegate()
        let released = WeakReference(appDelegate)  // the test support's
        var cancellable: AnyCancellable?
        var proxy: UITableViewDelegateProxy?
        autoreleasepool {
            table.delegate = appDelegate
            cancellable = table.didSelectRowPublisher().sink { _ in }
            proxy = table.delegate as? UITableViewDelegateProxy
            XCTAssertEqual(proxy?.responds(to: height), true, "answered for the app's delegate")
        }
        let assignments = table.assignments
        autoreleasepool { appDelegate = nil }
        XCTAssertNil(released.object, "the app's delegate is deallocated")
        XCTAssertEqual(table.assignments, assignments + 2, "set again (nil, then the proxy) before this turn ends")
        XCTAssertTrue(table.delegate === proxy)
        XCTAssertEqual(proxy?.responds(to: height), false, "the table view reads that nobody answers the height")
        cancellable?.cancel()
        XCTAssertNil(table.delegate, "no app delegate to put back")
    }

    // MARK: 5. Re-assignment only when it matters, never mid-update

    /// A method's first consumer changes nothing the table view reads when the app's delegate
    /// implements the method already: no re-assignment, even a main-queue turn later. A method the app's
    /// delegate lacks does change the answers, and is read after one re-assignment. Only a Mac shows
    /// the runtime's `responds(to:)` of the app's delegate, asked once when it is set.
    @MainActor func testAFirstConsumerOfAMethodTheAppsDelegateImplementsCausesNoReassignment() {
        let table = CountingTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let appDelegate = ObservingTableDelegate()
        table.delegate = appDelegate
        let selecting = table.didSelectRowPublisher().sink { _ in }
        XCTAssertTrue(table.delegate is UITableViewDelegateProxy)
        waitForMainQueue()
        let installed = table.assignments

        let deselecting = table.didDeselectRowPublisher().sink { _ in }
        waitForMainQueue()
        XCTAssertEqual(table.assignments, installed, "the app's delegate answers didDeselectRowAt already")

        let focusing = table.didUpdateFocusInContextWithAnimationCoordinatorPublisher().sink { _ in }
        XCTAssertEqual(table.assignments, installed, "not within the turn")
        waitForMainQueue()
        XCTAssertEqual(table.assignments, installed + 2, "a method the app's delegate lacks: set again once")

        for cancellable in [selecting, deselecting, focusing] { cancellable.cancel() }
        XCTAssertTrue(table.delegate === appDelegate)
    }

    /// A table view in a window, whose app changes its model in one turn and applies the change with
    /// `performBatchUpdates` in a later one. A consumer that joins in between makes the proxy set
    /// itself again in the turn before the batch update: the table view must not read its row counts
    /// there (it would cache the new count, and the insert would then raise "invalid number of
    /// rows"). A consumer that joins in the batch update's completion is set in a later turn. Only a
    /// Mac shows whether setting a table view's delegate, with the layout flushed around it, makes it
    /// read its data source; an exception would end the test process.
    /// https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
    /// https://developer.apple.com/documentation/uikit/uitableview/numberofrows(insection:)
    @MainActor func testAReassignmentBetweenAModelChangeAndItsBatchUpdateReadsNoRowCounts() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let table = CountingTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let rows = CountingRowsDataSource(rows: 3)
        let appDelegate = RowHeightDelegate()
        table.dataSource = rows
        table.delegate = appDelegate
        window.addSubview(table)
        window.isHidden = false
        table.layoutIfNeeded()
        XCTAssertEqual(table.numberOfRows(inSection: 0), 3)
        let deselecting = table.didDeselectRowPublisher().sink { _ in }
        waitForMainQueue()

        // The model changes; a consumer joins in the same turn.
        rows.rows = 4
        let reads = rows.countReads
        let assignments = table.assignments
        let selecting = table.didSelectRowPublisher().sink { _ in }
        waitForMainQueue()
        XCTAssertEqual(table.assignments, assignments + 2, "set again in the next turn")
        XCTAssertEqual(rows.countReads, reads, "the re-assignment made the table view read no row count")
        // Were the count read, the insert below would raise: stop here instead.
        guard table.numberOfRows(inSection: 0) == 3 else {
            return XCTFail("the table view read the changed model before its batch update")
        }

        // The app applies its change; a consumer joins in the completion.
        let finished = expectation(description: "the batch update's completion")
        var focusing: AnyCancellable?
        table.performBatchUpdates(
            { table.insertRows(at: [IndexPath(indexes: [0, 3])], with: .none) },
            completion: { _ in
                focusing = table.didUpdateFocusInContextWithAnimationCoordinatorPublisher().sink { _ in }
                finished.fulfill()
            })
        wait(for: [finished], timeout: 10)
        let afterUpdate = table.assignments
        waitForMainQueue()
        XCTAssertEqual(table.assignments, afterUpdate + 2, "set again after the update, in a later turn")
        XCTAssertEqual(table.numberOfRows(inSection: 0), 4, "the inserted row is shown")

        for cancellable in [deselecting, selecting] { cancellable.cancel() }
        focusing?.cancel()
        XCTAssertTrue(table.delegate === appDelegate)
        window.isHidden = true
    }

    /// Apple: while `hasUncommittedUpdates` is true, "avoid making any significant changes to the
    /// table view". The proxy does not set itself again then; it tries each frame and does once the
    /// table view has none. A subclass says it has uncommitted updates, as a table view does with
    /// placeholder cells or during a drop; only a Mac reads the property the way the proxy asks for it
    /// (by name, through key-value coding).
    /// https://developer.apple.com/documentation/uikit/uitableview/hasuncommittedupdates
    @MainActor func testNoReassignmentWhileTheTableViewHasUncommittedUpdates() {
        let table = CountingTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let appDelegate = RowHeightDelegate()
        table.delegate = appDelegate
        let deselecting = table.didDeselectRowPublisher().sink { _ in }
        waitForMainQueue()

        table.holdsUncommittedUpdates = true
        let assignments = table.assignments
        let selecting = table.didSelectRowPublisher().sink { _ in }
        waitForMainQueue()
        XCTAssertEqual(table.assignments, assignments, "not while the table view has uncommitted updates")
        waitForMainQueue(after: 0.1)
        XCTAssertEqual(table.assignments, assignments, "still not, several frames later")

        table.holdsUncommittedUpdates = false
        waitForMainQueue(after: 0.1)
        XCTAssertEqual(table.assignments, assignments + 2, "set again once it has none")

        for cancellable in [deselecting, selecting] { cancellable.cancel() }
        XCTAssertTrue(table.delegate === appDelegate)
    }
}

// MARK: - Helpers

extension XCTestCase {
    /// Runs the main queue until every block enqueued on it before this call (the proxy's
    /// re-assignment among them) has run, and `delay` seconds more when given: the main queue is
    /// serial and runs its blocks in order.
    @MainActor fileprivate func waitForMainQueue(after delay: TimeInterval = 0) {
        let turn = MainQueueExpectation(expectation: expectation(description: "a turn of the main queue"))
        if delay > 0 {
            DispatchQueue.main.asyncAfter(deadline: .now() + delay) { turn.expectation.fulfill() }
        } else {
            DispatchQueue.main.async { turn.expectation.fulfill() }
        }
        wait(for: [turn.expectation], timeout: 10 + delay)
    }
}

/// Carries the expectation into the main queue's block, which `DispatchQueue.async` requires to be
/// `Sendable`; it is fulfilled on the main thread, once.
private nonisolated struct MainQueueExpectation: @unchecked Sendable {
    let expectation: XCTestExpectation
}

/// The object the runtime sends `selector` to once `proxy` forwards it (`forwardingTarget(for:)`),
/// where no app's delegate takes it: the sink.
@MainActor private func sinkTarget(of proxy: NSObject, for selector: Selector) -> AnyObject? {
    guard let target = proxy.forwardingTarget(for: selector) else { return nil }
    let object = target as AnyObject
    return object === proxy ? nil : object
}

/// The function a message `selector` to `target` runs, resolved as a message send resolves it, as a
/// pointer of the caller's type `Function` (a `@convention(c)` function type).
private func implementation<Function>(of selector: Selector, in target: AnyObject, as type: Function.Type) -> Function?
{
    guard let implementation = class_getMethodImplementation(object_getClass(target), selector) else { return nil }
    return unsafeBitCast(implementation, to: type)
}

/// A table view observed through `didSelectRowPublisher()` whose app delegate (a
/// `LayoutAnsweringDelegate`) answered through the proxy and was then released: what the table view
/// cached for it can now only reach the sink.
@MainActor private final class AbandonedTableScene {
    let table = UITableView()
    private(set) var proxy: UITableViewDelegateProxy?
    private(set) var answeredOrigin = false
    /// Ends the observation when the scene is released.
    private var cancellable: AnyCancellable?

    init() {
        var appDelegate: LayoutAnsweringDelegate? = LayoutAnsweringDelegate()
        autoreleasepool {
            table.delegate = appDelegate
            cancellable = table.didSelectRowPublisher().sink { _ in }
            proxy = table.delegate as? UITableViewDelegateProxy
            // What UIKit asks when a delegate is set; the proxy answers for the app's delegate.
            answeredOrigin = proxy?.responds(to: #selector(LayoutAnsweringDelegate.survivalTestOrigin(of:))) == true
            _ = proxy?.responds(to: #selector(UITableViewDelegate.tableView(_:heightForRowAt:)))
        }
        autoreleasepool { appDelegate = nil }
    }
}

/// Answers with values that are not zero: a row height, a flow layout's item size and insets, and
/// a method of its own that no protocol declares.
@MainActor
private final class LayoutAnsweringDelegate: NSObject, UITableViewDelegate, UICollectionViewDelegateFlowLayout {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 61.5 }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize { CGSize(width: 7.25, height: 8.25) }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets { UIEdgeInsets(top: 1.5, left: 2.5, bottom: 3.5, right: 4.5) }

    /// `survivalTestOriginOf:`, type `{CGPoint=dd}24@0:8@16`: in no protocol.
    @objc func survivalTestOrigin(of tableView: UITableView) -> CGPoint { CGPoint(x: 3.5, y: 4.5) }
}

/// The opposite of each default: a text field that does not return, recognizers that recognize at
/// once, a recognizer that does not begin.
@MainActor private final class OppositeAnswers: NSObject, UITextFieldDelegate, UIGestureRecognizerDelegate {
    func textFieldShouldReturn(_ textField: UITextField) -> Bool { false }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { true }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

/// Counts the assignments of its `delegate` (UIKit reads the new delegate's answers at each), and
/// says it has uncommitted updates while told to.
@MainActor private final class CountingTableView: UITableView {
    private(set) var assignments = 0
    var holdsUncommittedUpdates = false

    override var delegate: (any UITableViewDelegate)? {
        get { super.delegate }
        set {
            assignments += 1
            super.delegate = newValue
        }
    }

    override var hasUncommittedUpdates: Bool { holdsUncommittedUpdates || super.hasUncommittedUpdates }
}

/// Implements `tableView(_:heightForRowAt:)` only, which no declaration observes.
@MainActor private final class RowHeightDelegate: NSObject, UITableViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 44 }
}

/// Implements the selection and the deselection, which declarations observe.
@MainActor private final class ObservingTableDelegate: NSObject, UITableViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}

/// One section of `rows` rows; counts how often the table view asks for the count.
@MainActor private final class CountingRowsDataSource: NSObject, UITableViewDataSource {
    var rows: Int
    private(set) var countReads = 0

    init(rows: Int) {
        self.rows = rows
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        countReads += 1
        return rows
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell()
    }
}
