import Combine
import CoreLocation
import UIKit
import WebKit
import XCTest

@testable import AppleControls

/// Real `UITableView`, `UITextField`, `WKWebView` and `CLLocationManager` objects behind the
/// generated delegate proxies, with what the stub modules cannot show: the Objective-C runtime
/// sending a selector the proxy does not declare to the app's own delegate (`forwardingTarget(for:)`),
/// `responds(to:)` answering for both, the app's delegate hearing each call before the subscribers,
/// and the app's delegate put back when the last consumer ends. Each delegate method is called
/// through the owner's delegate property, as the owner would call it; a package's test bundle has no
/// running app to make a table select a row or a web view load a page. The class is `nonisolated`
/// like `XCTestCase` and each test is `@MainActor`, so the same text compiles in a test target with
/// default MainActor isolation (scripts/check-apple.sh).
nonisolated final class UIKitDelegateTests: XCTestCase {
    // MARK: UITableView

    @MainActor func testTheTableViewsOwnDelegateKeepsItsOtherMethodsAndHearsEachSelectionFirst() {
        let table = UITableView()
        let dataSource = RowsDataSource()
        let log = CallLog()
        let appDelegate = AppTableDelegate(log: log)
        table.dataSource = dataSource
        table.delegate = appDelegate

        let cancellable = table.didSelectRowPublisher().sink { log.entries.append("subscriber \($0)") }
        XCTAssertTrue(table.delegate is UITableViewDelegateProxy, "the proxy is the delegate while subscribed")
        XCTAssertTrue(table.dataSource === dataSource, "the data source is not touched")

        // A method no declaration observes: the proxy claims it and the runtime sends it on.
        let height = #selector(UITableViewDelegate.tableView(_:heightForRowAt:))
        XCTAssertEqual((table.delegate as? NSObject)?.responds(to: height), true)
        XCTAssertEqual(table.delegate?.tableView?(table, heightForRowAt: IndexPath(indexes: [0, 1])), 61)
        XCTAssertEqual(appDelegate.heightQueries, 1, "answered by the app's delegate (forwardingTarget)")

        let row = IndexPath(indexes: [0, 2])
        table.delegate?.tableView?(table, didSelectRowAt: row)
        XCTAssertEqual(log.entries, ["app delegate \(row)", "subscriber \(row)"], "the app's delegate first")

        cancellable.cancel()
        XCTAssertTrue(table.delegate === appDelegate, "the last cancel puts the app's delegate back")
        XCTAssertTrue(table.dataSource === dataSource)
        table.delegate?.tableView?(table, didSelectRowAt: row)
        XCTAssertEqual(log.entries.count, 3, "only the app's delegate hears calls after the cancel")
    }

    // MARK: UITextField, a method that answers

    @MainActor func testWithoutAnAppDelegateTheProxyAnswersTheDeclaredTrue() {
        let field = UITextField()
        var returns = 0
        let cancellable = field.shouldReturnPublisher().sink { _ in returns += 1 }
        XCTAssertEqual(field.delegate?.textFieldShouldReturn?(field), true)
        XCTAssertEqual(returns, 1)
        cancellable.cancel()
        XCTAssertNil(field.delegate, "no app delegate to put back")
    }

    @MainActor func testAnAppDelegateThatAnswersDecides() {
        let field = UITextField()
        let appDelegate = ReturnRefusingDelegate()
        field.delegate = appDelegate
        var returns = 0
        let cancellable = field.shouldReturnPublisher().sink { _ in returns += 1 }
        XCTAssertEqual(field.delegate?.textFieldShouldReturn?(field), false, "the app's delegate's answer")
        XCTAssertEqual(appDelegate.asked, 1)
        XCTAssertEqual(returns, 1, "the subscriber hears it all the same")
        cancellable.cancel()
        XCTAssertTrue(field.delegate === appDelegate)
    }

    @MainActor func testAnAppDelegateThatDoesNotImplementItGetsTheDeclaredTrue() {
        let field = UITextField()
        let appDelegate = EditingDelegate()
        field.delegate = appDelegate
        var returns = 0
        let cancellable = field.shouldReturnPublisher().sink { _ in returns += 1 }
        XCTAssertEqual(field.delegate?.textFieldShouldReturn?(field), true)
        XCTAssertEqual(returns, 1)
        // Its own method still arrives, through `forwardingTarget(for:)`.
        field.delegate?.textFieldDidBeginEditing?(field)
        XCTAssertEqual(appDelegate.beganEditing, 1)
        cancellable.cancel()
        XCTAssertTrue(field.delegate === appDelegate)
    }

    // MARK: WKWebView, a declaration that finishes

    @MainActor func testNavigationFinishedFinishesAfterDidFinishAndPutsTheNavigationDelegateBackAtOnce() {
        let webView = WKWebView()
        let appDelegate = AppNavigationDelegate()
        webView.navigationDelegate = appDelegate
        var events: [String] = []
        let cancellable = webView.navigationFinishedPublisher().sink(
            receiveCompletion: { completion in
                if case .finished = completion { events.append("finished") } else { events.append("failed") }
            },
            receiveValue: { _ in events.append("value") })
        XCTAssertTrue(webView.navigationDelegate is WKWebViewNavigationDelegateProxy)

        // `WKNavigation!` (implicitly unwrapped, as the SDK imports it) takes nil.
        webView.navigationDelegate?.webView?(webView, didFinish: nil)
        XCTAssertEqual(appDelegate.finishes, 1, "the app's delegate hears it")
        XCTAssertEqual(events, ["value", "finished"])
        XCTAssertTrue(webView.navigationDelegate === appDelegate, "put back when the stream finishes, not later")
        withExtendedLifetime(cancellable) {}
    }

    // MARK: CLLocationManager, nonisolated

    @MainActor func testLocationsArriveThroughTheManagersDelegateOldestFirst() {
        let manager = CLLocationManager()
        let appDelegate = AppLocationDelegate()
        manager.delegate = appDelegate
        var received: [CLLocation] = []
        let cancellable = manager.locationsPublisher().sink(
            receiveCompletion: { _ in }, receiveValue: { received.append($0) })
        XCTAssertTrue(manager.delegate is CLLocationManagerDelegateProxy)

        let first = CLLocation(latitude: 1, longitude: 2)
        let second = CLLocation(latitude: 3, longitude: 4)
        manager.delegate?.locationManager?(manager, didUpdateLocations: [first, second])
        XCTAssertEqual(received, [first, second])
        XCTAssertEqual(appDelegate.updates, 1)

        cancellable.cancel()
        XCTAssertTrue(manager.delegate === appDelegate)
    }
}

/// What the app's delegate and the subscriber heard, in order; main-thread use only.
@MainActor private final class CallLog {
    var entries: [String] = []
}

/// The app's own table delegate: observes selection too, and answers the row height, which no
/// declaration observes.
@MainActor private final class AppTableDelegate: NSObject, UITableViewDelegate {
    private let log: CallLog
    private(set) var heightQueries = 0

    init(log: CallLog) {
        self.log = log
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heightQueries += 1
        return 61
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.entries.append("app delegate \(indexPath)")
    }
}

@MainActor private final class RowsDataSource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell()
    }
}

@MainActor private final class ReturnRefusingDelegate: NSObject, UITextFieldDelegate {
    private(set) var asked = 0

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        asked += 1
        return false
    }
}

/// Implements another method of the protocol, not `textFieldShouldReturn(_:)`.
@MainActor private final class EditingDelegate: NSObject, UITextFieldDelegate {
    private(set) var beganEditing = 0

    func textFieldDidBeginEditing(_ textField: UITextField) { beganEditing += 1 }
}

@MainActor private final class AppNavigationDelegate: NSObject, WKNavigationDelegate {
    private(set) var finishes = 0

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) { finishes += 1 }
}

/// `nonisolated`, as `CLLocationManagerDelegate` is; the test calls it on the main thread only.
private nonisolated final class AppLocationDelegate: NSObject, CLLocationManagerDelegate {
    private(set) var updates = 0

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        updates += 1
    }
}
