import Combine
import UIKit
import XCTest

@testable import AppleControls

/// A real `UITextView` behind `textPublisher()` (`property: textStorage.delegate`,
/// `protocolIsolation: nonisolated`): the factory is on the text view, the proxy is installed on its
/// text storage, whose edits TextKit reports on the main thread, and the storage's own delegate is
/// put back. The class is `nonisolated` like `XCTestCase` and each test is `@MainActor`, so the same
/// text compiles in a test target with default MainActor isolation (scripts/check-apple.sh).
nonisolated final class TextViewThroughTextStorageTests: XCTestCase {
    @MainActor func testTheTextComesFirstThenEachEditOfTheTextStorage() {
        let textView = UITextView()
        textView.text = "a"
        let storagesOwnDelegate = textView.textStorage.delegate
        var texts: [String?] = []

        let cancellable = textView.textPublisher().sink { texts.append($0) }

        XCTAssertTrue(textView.textStorage.delegate !== storagesOwnDelegate, "the proxy is the text storage's delegate")
        textView.textStorage.replaceCharacters(in: NSRange(location: 0, length: 1), with: "b")
        XCTAssertEqual(texts, ["a", "b"], "the text now, then the text after the edit")
        cancellable.cancel()
        XCTAssertTrue(textView.textStorage.delegate === storagesOwnDelegate, "the text storage's own delegate is back")
    }

    /// Two proxy types on one slot (issue 41, point 6): `textPublisher()` installs the text view's
    /// proxy on its text storage, `editedRangesPublisher()` the storage's own; the second takes the
    /// first as the app's delegate. Whichever is cancelled first, the storage's own delegate is its
    /// delegate again when both are, and the app's delegate hears every edit meanwhile.
    @MainActor func testTwoProxiesOnOneStorageGiveTheAppsDelegateBackInEitherOrder() {
        for viewProxyLeavesFirst in [true, false] {
            let textView = UITextView()
            textView.text = "a"
            let appDelegate = AppTextStorageDelegate()
            textView.textStorage.delegate = appDelegate
            var texts: [String?] = []
            var ranges: [NSRange] = []
            let viewProxy = textView.textPublisher().sink { texts.append($0) }
            let storageProxy = textView.textStorage.storageEditedRangesPublisher().sink { ranges.append($0) }
            textView.textStorage.replaceCharacters(in: NSRange(location: 0, length: 1), with: "b")
            XCTAssertEqual(texts, ["a", "b"])
            XCTAssertEqual(ranges.count, 1)
            XCTAssertEqual(appDelegate.edits, 1, "the app's delegate hears the edit through both proxies")
            if viewProxyLeavesFirst {
                viewProxy.cancel()
                textView.textStorage.replaceCharacters(in: NSRange(location: 0, length: 1), with: "c")
                XCTAssertEqual(ranges.count, 2)
                XCTAssertEqual(appDelegate.edits, 2, "the remaining proxy forwards to the app's delegate")
                storageProxy.cancel()
            } else {
                storageProxy.cancel()
                textView.textStorage.replaceCharacters(in: NSRange(location: 0, length: 1), with: "c")
                XCTAssertEqual(texts, ["a", "b", "c"])
                XCTAssertEqual(appDelegate.edits, 2)
                viewProxy.cancel()
            }
            XCTAssertTrue(textView.textStorage.delegate === appDelegate, "the storage's own delegate is back")
        }
    }
}

/// The app's own text storage delegate: counts the edits it hears.
final class AppTextStorageDelegate: NSObject, NSTextStorageDelegate {
    nonisolated(unsafe) var edits = 0

    nonisolated func textStorage(
        _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
        range editedRange: NSRange,
        changeInLength delta: Int
    ) {
        edits += 1
    }
}
