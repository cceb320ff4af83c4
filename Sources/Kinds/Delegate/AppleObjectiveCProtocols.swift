/// Whether a protocol is one of Apple's Objective-C delegate or data-source protocols, which a
/// `runtime: native` proxy cannot adopt: they are `@objc`, so the proxy must be an `NSObject` whose
/// methods are `@objc`. Apple's Objective-C frameworks prefix their names (`UITableViewDelegate`,
/// `NSTextViewDelegate`, `WKNavigationDelegate`, `CLLocationManagerDelegate`); Foundation's that
/// Swift renames have none (`URLSessionDelegate`, `XMLParserDelegate`). A Swift protocol of the
/// app's own that begins with one of these prefixes is read as Apple's too.
enum AppleObjectiveCProtocols {
    /// The prefixes of Apple's Objective-C frameworks that declare delegate protocols.
    static let prefixes: Set<String> = [
        "AR", "AS", "AV", "CA", "CB", "CL", "CN", "CX", "EK", "GK", "HM", "IN", "MC", "MF", "MK", "MTK", "NS", "PH",
        "PK", "QL", "SCN", "SF", "SK", "UI", "WC", "WK",
    ]

    /// Foundation's protocols whose Swift names dropped the `NS` prefix.
    static let unprefixed: Set<String> = [
        "FileManagerDelegate", "NetServiceBrowserDelegate", "NetServiceDelegate", "PortDelegate", "StreamDelegate",
        "URLSessionDataDelegate", "URLSessionDelegate", "URLSessionDownloadDelegate", "URLSessionStreamDelegate",
        "URLSessionTaskDelegate", "URLSessionWebSocketDelegate", "XMLParserDelegate",
    ]

    /// `UITableViewDelegate`: a prefix, then a word that starts with a capital and a small letter.
    static func contains(_ name: String) -> Bool {
        if unprefixed.contains(name) { return true }
        let scalars = Array(name.unicodeScalars)
        for length in 2...3 where scalars.count > length + 1 {
            let prefix = String(String.UnicodeScalarView(scalars[..<length]))
            let isWordStart =
                ("A"..."Z").contains(scalars[length]) && ("a"..."z").contains(scalars[length + 1])
            if prefixes.contains(prefix), isWordStart { return true }
        }
        return false
    }
}
