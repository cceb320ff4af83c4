/// What a swallowed delegate call answers where zero would change what the owner does: the
/// behaviour Apple documents for a delegate that does not implement the method. Every other
/// swallowed call returns zero and calls its completion handlers with zeros, which is what Apple
/// documents for the rest (`nil`, `NO`, a policy of 0). Plain Swift, so Linux tests the tables.
///
/// Sources: each protocol's reference on developer.apple.com (the method's "If you don't
/// implement this method…" or "Return value" paragraph) and the enumerations' raw values in the
/// SDK headers (`WKNavigationActionPolicyAllow` is 1, `NSURLSessionAuthChallengePerformDefaultHandling`
/// is 1, `NSURLSessionResponseAllow` is 1, `UIBackgroundFetchResultNoData` is 1).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum DelegateCallDefaults {
    /// What a completion handler is called with: a value, or one of the method's own arguments
    /// (counted from 0, after `self` and `_cmd`), handed back as the default.
    nonisolated enum HandlerArgument: Equatable {
        case value(Int)
        case argument(Int)
    }

    /// Protocols whose methods owners send to a delegate of another protocol, searched for a
    /// method's types after the proxy's own: a collection view sends its delegate the flow layout's
    /// sizes and insets, a table view sends a scroll view delegate its rows' heights. Found by name
    /// at run time, so that a module without UIKit or AppKit finds none.
    static let alsoSentProtocols = [
        "UICollectionViewDelegateFlowLayout", "UITableViewDelegate", "UITableViewDataSource", "UITextViewDelegate",
        "NSCollectionViewDelegateFlowLayout", "NSTableViewDelegate", "NSOutlineViewDelegate", "NSTextViewDelegate",
    ]

    /// The `BOOL` methods whose default, without a delegate, is `YES`: answering `NO` would stop a
    /// gesture from beginning, a text field from returning or a row from highlighting.
    static let answersYes: Set<String> = [
        // UIKit
        "gestureRecognizerShouldBegin:", "gestureRecognizer:shouldReceiveTouch:",
        "gestureRecognizer:shouldReceivePress:", "gestureRecognizer:shouldReceiveEvent:",
        "textFieldShouldBeginEditing:", "textFieldShouldEndEditing:", "textFieldShouldClear:", "textFieldShouldReturn:",
        "textField:shouldChangeCharactersInRange:replacementString:",
        "textViewShouldBeginEditing:", "textViewShouldEndEditing:", "textView:shouldChangeTextInRange:replacementText:",
        "textView:shouldInteractWithURL:inRange:interaction:",
        "textView:shouldInteractWithTextAttachment:inRange:interaction:",
        "searchBarShouldBeginEditing:", "searchBarShouldEndEditing:",
        "searchBar:shouldChangeTextInRange:replacementText:", "scrollViewShouldScrollToTop:",
        "tableView:shouldHighlightRowAtIndexPath:", "tableView:shouldIndentWhileEditingRowAtIndexPath:",
        "tableView:shouldSpringLoadRowAtIndexPath:withContext:",
        "collectionView:shouldHighlightItemAtIndexPath:", "collectionView:shouldSelectItemAtIndexPath:",
        "collectionView:shouldDeselectItemAtIndexPath:", "collectionView:shouldSpringLoadItemAtIndexPath:withContext:",
        "navigationBar:shouldPushItem:", "navigationBar:shouldPopItem:", "tabBarController:shouldSelectViewController:",
        "presentationControllerShouldDismiss:",
        // AppKit
        "control:textShouldBeginEditing:", "control:textShouldEndEditing:", "textShouldBeginEditing:",
        "textShouldEndEditing:", "textView:shouldChangeTextInRange:replacementString:", "windowShouldClose:",
        "windowShouldZoom:toFrame:", "selectionShouldChangeInTableView:", "tableView:shouldSelectRow:",
        "tableView:shouldSelectTableColumn:", "tableView:shouldEditTableColumn:row:",
        "selectionShouldChangeInOutlineView:", "outlineView:shouldSelectItem:", "outlineView:shouldExpandItem:",
        "outlineView:shouldCollapseItem:", "applicationShouldHandleReopen:hasVisibleWindows:",
    ]

    /// The completion handlers whose documented default is not all zeros, by selector.
    static let handlerArguments: [String: [HandlerArgument]] = [
        // WebKit: allow the navigation and the response; handle a challenge as the system would.
        "webView:decidePolicyForNavigationAction:decisionHandler:": [.value(1)],
        "webView:decidePolicyForNavigationAction:preferences:decisionHandler:": [.value(1), .argument(2)],
        "webView:decidePolicyForNavigationResponse:decisionHandler:": [.value(1)],
        "webView:didReceiveAuthenticationChallenge:completionHandler:": [.value(1), .value(0)],
        // Foundation's URL sessions: the same for challenges; keep the response, the redirect and the cache.
        "URLSession:didReceiveChallenge:completionHandler:": [.value(1), .value(0)],
        "URLSession:task:didReceiveChallenge:completionHandler:": [.value(1), .value(0)],
        "URLSession:dataTask:didReceiveResponse:completionHandler:": [.value(1)],
        "URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler:": [.argument(3)],
        "URLSession:dataTask:willCacheResponse:completionHandler:": [.argument(2)],
        // UIKit: a background fetch that found nothing new.
        "application:didReceiveRemoteNotification:fetchCompletionHandler:": [.value(1)],
        "application:performFetchWithCompletionHandler:": [.value(1)],
    ]
}
