/// One delegate proxy per owner object, shared by every consumer of every declaration on the
/// owner's delegate property: the first consumer makes and installs it, the last uninstalls it.
/// Holds each proxy strongly while it has consumers, since owners hold delegates weakly. Safe from
/// any thread; installing and uninstalling run under its lock, so they never overlap for one
/// owner (the owner's delegate setter must not start or end consumers of the same proxy type).
///
/// Owners are told apart by `ObjectIdentifier`: a consumer keeps its owner alive until it ends,
/// so no identifier is reused while its entry exists.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class DelegateProxyTable<Proxy: AnyObject>: @unchecked Sendable {
    private nonisolated struct Entry {
        let proxy: Proxy
        var consumers: Int
    }

    private let lock = GeneratedPublisherLock()
    // Guarded by `lock`; unchecked by the runtime for the reason given in ``PushSubscription``.
    @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]

    init() {}

    /// Calls `body` with the proxy installed on `owner` while consumers observe it, `nil` otherwise;
    /// under the lock, so no consumer installs or uninstalls it meanwhile.
    func withProxy(of owner: AnyObject, _ body: (Proxy?) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(entries[ObjectIdentifier(owner)]?.proxy)
    }

    /// Counts a consumer of `owner`'s proxy, making the proxy for the first one, and adds the
    /// consumer with `add` before the first one installs the proxy, so that no call the owner makes
    /// once the proxy is its delegate misses the consumer. Returns the proxy and what `add`
    /// returned.
    func join<Consumer>(
        _ owner: AnyObject, make: () -> Proxy, add: (Proxy) -> Consumer, install: (Proxy) -> Void
    ) -> (proxy: Proxy, consumer: Consumer) {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(owner)
        if let entry = entries[key] {
            entries[key] = Entry(proxy: entry.proxy, consumers: entry.consumers + 1)
            return (entry.proxy, add(entry.proxy))
        }
        let proxy = make()
        let consumer = add(proxy)
        install(proxy)
        entries[key] = Entry(proxy: proxy, consumers: 1)
        return (proxy, consumer)
    }

    /// Counts a consumer of `owner`'s proxy out; the last one uninstalls the proxy, exactly once.
    func leave(_ owner: AnyObject, uninstall: (Proxy) -> Void) {
        lock.lock()
        let key = ObjectIdentifier(owner)
        guard let entry = entries[key] else { return lock.unlock() }
        guard entry.consumers == 1 else {
            entries[key] = Entry(proxy: entry.proxy, consumers: entry.consumers - 1)
            return lock.unlock()
        }
        entries[key] = nil
        uninstall(entry.proxy)
        lock.unlock()
        // The proxy, and what its consumers held, are released after unlocking.
        withExtendedLifetime(entry) {}
    }
}
