/// A generated delegate proxy, as another proxy on the same slot sees it: two declarations of
/// different owner types can reach one object's delegate property (`NSTextStorage`, and
/// `UITextView` through `textStorage.delegate`), and each installs its own proxy. The second takes
/// the first as its app's delegate; when either leaves, the app's own delegate goes back to the
/// one that remains (``DelegateProxyChain``), in either order.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated protocol DelegateProxyChainMember: AnyObject {
    /// The proxy's state, which holds the app's delegate it forwards to.
    var chainLink: any DelegateProxyChainLink { get }
}

/// The app's delegate a proxy forwards to, type-erased so that proxies of other protocols can
/// hand it over.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated protocol DelegateProxyChainLink: AnyObject {
    /// The app's delegate, while it lives.
    var appDelegateObject: AnyObject? { get }
    /// Forwards to `replacement` instead of `leaving`, if `leaving` is the app's delegate; says
    /// whether it was.
    func replaceAppDelegate(_ leaving: AnyObject, with replacement: AnyObject?) -> Bool
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum DelegateProxyChain {
    /// `leaving`, a proxy that is no longer its slot's delegate, leaves: the proxy that forwards to
    /// it (the slot's delegate `head`, or one it forwards to, and so on) forwards to `leaving`'s
    /// app delegate instead, so that the app's delegate is never lost. Nothing happens when no
    /// proxy forwards to it (the app set its own delegate meanwhile).
    static func handOver(from leaving: some DelegateProxyChainMember, startingAt head: AnyObject?) {
        let replacement = leaving.chainLink.appDelegateObject
        var current = head
        // Bounded: a chain is as long as the proxy types that share one slot.
        for _ in 0..<64 {
            guard let member = current as? any DelegateProxyChainMember, member !== leaving else { return }
            if member.chainLink.replaceAppDelegate(leaving, with: replacement) { return }
            current = member.chainLink.appDelegateObject
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension DelegateProxyState: DelegateProxyChainLink {
    var appDelegateObject: AnyObject? { delegate.map { $0 as AnyObject } }

    func replaceAppDelegate(_ leaving: AnyObject, with replacement: AnyObject?) -> Bool {
        guard let current = delegate, (current as AnyObject) === leaving else { return false }
        let typed = replacement as? Delegate
        setDelegate(typed, loading: typed.map { _ in { [weak replacement] in replacement as? Delegate } })
        return true
    }
}
