/// Apple's delegate protocols that are not main-actor isolated, which a main-actor proxy (the
/// default, `isolation: mainActor`) cannot adopt in Swift 6 unless the declaration says so: Swift
/// refuses the generated class ("conformance … crosses into main actor-isolated code"). The
/// generator cannot read the SDK, so `validate` knows them from this table, as it knows required
/// methods from ``AppleRequiredDelegateMethods``, and reports a declaration that leaves
/// `protocolIsolation` and `isolation` out.
///
/// Only protocols whose Swift declaration in Apple's documentation carries no `@MainActor` are
/// listed, each with where that was read. Not listed because Apple declares them main-actor:
/// `AVAudioPlayerDelegate` (`@MainActor protocol AVAudioPlayerDelegate`,
/// https://developer.apple.com/documentation/avfaudio/avaudioplayerdelegate) and
/// `WKScriptMessageHandler` (main-thread only in WebKit's header, and installed with
/// `add(_:name:)`, not through a delegate property).
enum AppleNonisolatedDelegateProtocols {
    /// The protocol's Swift name, and the page whose declaration shows it without `@MainActor`.
    static let sources: [String: String] = [
        // `protocol NSTextStorageDelegate : NSObjectProtocol`, in UIKit and in AppKit.
        "NSTextStorageDelegate": "https://developer.apple.com/documentation/uikit/nstextstoragedelegate",
        // `protocol NSLayoutManagerDelegate : NSObjectProtocol` in the iOS SDK's Swift interface,
        // where UIKit's view delegates read `@MainActor protocol …`
        // (https://onestack.dev/ios-reference/UIKit/NSLayoutManagerDelegate).
        "NSLayoutManagerDelegate": "https://onestack.dev/ios-reference/UIKit/NSLayoutManagerDelegate",
        // `protocol CLLocationManagerDelegate : NSObjectProtocol`: the manager calls it on the
        // thread of the run loop it was made on.
        "CLLocationManagerDelegate": "https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate",
        // `protocol URLSessionDelegate : NSObjectProtocol, Sendable`.
        "URLSessionDelegate": "https://developer.apple.com/documentation/foundation/urlsessiondelegate",
        // `protocol URLSessionDataDelegate : URLSessionTaskDelegate`.
        "URLSessionDataDelegate": "https://developer.apple.com/documentation/foundation/urlsessiondatadelegate",
        // `protocol XMLParserDelegate : NSObjectProtocol`.
        "XMLParserDelegate": "https://developer.apple.com/documentation/foundation/xmlparserdelegate",
        // `protocol FileManagerDelegate : NSObjectProtocol`.
        "FileManagerDelegate": "https://developer.apple.com/documentation/foundation/filemanagerdelegate",
        // `protocol NSCacheDelegate : NSObjectProtocol`.
        "NSCacheDelegate": "https://developer.apple.com/documentation/foundation/nscachedelegate",
    ]

    /// Whether Apple declares `protocolName` without main-actor isolation.
    static func contains(_ protocolName: String) -> Bool {
        sources[protocolName] != nil
    }
}
