// Stub of Apple's WebKit for type-checking delegate publishers on Linux: WKWebView and its
// navigation delegate, both `@MainActor` in the SDK. `navigationDelegate` is weak and optional; the
// `WKNavigation!` arguments are implicitly unwrapped, as the SDK imports them. WebKit.h, the Clang
// module this overlay re-exports, declares the policies (NS_ENUM) the decision handlers take; the
// handlers are `@MainActor @Sendable`, as the SDK imports them. Nothing here runs.
// Sources: https://developer.apple.com/documentation/webkit/wkwebview
// https://developer.apple.com/documentation/webkit/wknavigationdelegate
// https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-2ni62
// https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-19mn2
// https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didreceive:completionhandler:)

@_exported import Foundation
import UIKit
@_exported import WebKit

@MainActor open class WKNavigation: NSObject {}

/// `class WKNavigationAction: NSObject`: what triggered a navigation; made by WebKit only.
@MainActor open class WKNavigationAction: NSObject {}

/// `class WKNavigationResponse: NSObject`: the response a navigation received; made by WebKit only.
@MainActor open class WKNavigationResponse: NSObject {}

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
    /// `webView:decidePolicyForNavigationAction:decisionHandler:`: WebKit raises unless the handler is
    /// called; allowed when the delegate does not implement it.
    @objc(webView:decidePolicyForNavigationAction:decisionHandler:) optional func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)
    /// `webView:decidePolicyForNavigationResponse:decisionHandler:`: the same for the response.
    @objc(webView:decidePolicyForNavigationResponse:decisionHandler:) optional func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void)
    /// `webView:didReceiveAuthenticationChallenge:completionHandler:`: the credential is used only
    /// with the disposition `.useCredential`.
    @objc(webView:didReceiveAuthenticationChallenge:completionHandler:) optional func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
    /// `webView:authenticationChallenge:shouldAllowDeprecatedTLS:`: iOS 14.0, macOS 11.0; its handler
    /// takes whether to continue with a deprecated TLS version.
    @objc optional func webView(
        _ webView: WKWebView, authenticationChallenge challenge: URLAuthenticationChallenge,
        shouldAllowDeprecatedTLS decisionHandler: @escaping @MainActor @Sendable (Bool) -> Void)
}
