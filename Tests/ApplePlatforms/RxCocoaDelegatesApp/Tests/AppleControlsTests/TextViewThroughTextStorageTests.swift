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
}
