// Stub of Apple's WebKit for type-checking delegate publishers on Linux: WKWebView and its
// navigation delegate, both `@MainActor` in the SDK. `navigationDelegate` is weak and optional; the
// `WKNavigation!` arguments are implicitly unwrapped, as the SDK imports them. Nothing here runs.
// Sources: https://developer.apple.com/documentation/webkit/wkwebview
// https://developer.apple.com/documentation/webkit/wknavigationdelegate

@_exported import Foundation
import UIKit

@MainActor open class WKNavigation: NSObject {}

/// The iOS shape: a `UIView` (an `NSView` on macOS).
@MainActor open class WKWebView: UIView {
    weak open var navigationDelegate: (any WKNavigationDelegate)?
    open var isLoading: Bool { fatalError() }
    open var title: String? { fatalError() }
}

@MainActor @objc public protocol WKNavigationDelegate: NSObjectProtocol {
    @objc optional func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
    @objc optional func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)
    @objc optional func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    @objc optional func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
    @objc optional func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)
}
