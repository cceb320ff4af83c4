/// One delegate proxy per owner object, shared by every consumer of every declaration on the
/// owner's delegate property: the first consumer makes and installs it, the last uninstalls it.
/// Holds each proxy strongly while it has consumers, since owners hold delegates weakly. Safe from
/// any thread; installing and uninstalling run under its lock, so they never overlap for one
/// owner (the owner's delegate setter must not start or end consumers of the same proxy type).
///
/// Owners are told apart by `ObjectIdentifier`. An owner whose deallocation is found at once
/// (``OwnerHold``) is held weakly, and its deallocation removes its entry and finishes every
/// consumer of its proxy at once, on the releasing thread, before its memory (and so its identity)
/// can be reused: an owner made later at the same address gets a proxy of its own. Any other owner
/// is held strongly by its consumers, so its identity is not reused while its entry exists.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class DelegateProxyTable<Proxy: AnyObject>: @unchecked Sendable {
    /// One consumer's place in the table, which ``leave(_:uninstall:)`` gives up.
    nonisolated struct Membership {
        /// The proxy the consumer joined.
        let proxy: Proxy
        fileprivate let key: ObjectIdentifier
        fileprivate let id: Int
    }

    private nonisolated struct Entry {
        /// Tells this entry from a later one of an owner at the same address.
        let id: Int
        let proxy: Proxy
        /// Each consumer's end, oldest first.
        var ends: [ConsumerEnd]
        /// Stops watching the owner's deallocation; `nil` for an owner held strongly.
        var stopWatching: (() -> Void)?
    }

    /// One consumer's end (its `finish`), by its membership. A structure, not a tuple: in an array
    /// a tuple's closure would be stored through a thunk, one more allocation per consumer.
    private nonisolated struct ConsumerEnd {
        let id: Int
        let end: () -> Void
    }

    private let lock = GeneratedPublisherLock()
    // Guarded by `lock`; unchecked by the runtime for the reason given in ``PushSubscription``.
    @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]
    @exclusivity(unchecked) private var lastID = 0

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
    /// once the proxy is its delegate misses the consumer. The first one also watches the owner's
    /// deallocation when `hold` holds it weakly: it calls `end` (the consumer's `finish`), and every
    /// later consumer's. Returns the consumer's membership and what `add` returned.
    func join<Owner, Consumer>(
        _ owner: Owner, held hold: OwnerHold<Owner>, ending end: @escaping () -> Void, make: () -> Proxy,
        add: (Proxy) -> Consumer, install: (Proxy) -> Void
    ) -> (membership: Membership, consumer: Consumer) {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(owner)
        lastID += 1
        let id = lastID
        // Taken out and put back rather than changed in place (`entries[key]?.ends.append`), whose
        // nested accessors would allocate three coroutine frames per consumer.
        if var entry = entries.removeValue(forKey: key) {
            entry.ends.append(ConsumerEnd(id: id, end: end))
            entries.updateValue(entry, forKey: key)
            return (Membership(proxy: entry.proxy, key: key, id: id), add(entry.proxy))
        }
        let proxy = make()
        let consumer = add(proxy)
        install(proxy)
        // Under the lock, so that no consumer leaves before the watch is kept; the owner is alive
        // (the caller holds it), so the watch cannot end meanwhile. Nothing is made for an owner
        // held strongly.
        var stopWatching: (() -> Void)?
        if hold.isWeak, let lifetime = hold.watch(ended: { self.ownerDeallocated(key, entry: id) }) {
            stopWatching = { lifetime.stopWatching(hold.owner) }
        }
        entries[key] = Entry(id: id, proxy: proxy, ends: [ConsumerEnd(id: id, end: end)], stopWatching: stopWatching)
        return (Membership(proxy: proxy, key: key, id: id), consumer)
    }

    /// Counts a consumer out; the last one uninstalls the proxy, exactly once. Nothing happens when
    /// the owner's deallocation removed the entry already: the owner has no delegate to put back.
    func leave(_ membership: Membership, uninstall: (Proxy) -> Void) {
        lock.lock()
        let key = membership.key
        // Looked up without a copy of the entry, so that removing a consumer does not copy the list.
        guard let (index, count) = consumer(membership) else { return lock.unlock() }
        guard var entry = entries.removeValue(forKey: key) else { return lock.unlock() }
        guard count == 1 else {
            // Released after unlocking: it holds the consumer's subscription.
            let left = entry.ends.remove(at: index)
            entries.updateValue(entry, forKey: key)
            lock.unlock()
            return withExtendedLifetime(left) {}
        }
        uninstall(entry.proxy)
        lock.unlock()
        // After unlocking: removing the watch ends it, which looks for the entry under the lock.
        entry.stopWatching?()
        // The proxy, and what its consumers held, are released after unlocking.
        withExtendedLifetime(entry) {}
    }

    /// Where `membership`'s consumer is in its entry's list, and how long the list is; `nil` when
    /// the entry went (or is a later one at the same address). Under the lock.
    private func consumer(_ membership: Membership) -> (index: Int, count: Int)? {
        guard let entry = entries[membership.key], entry.proxy === membership.proxy,
            let index = entry.ends.firstIndex(where: { $0.id == membership.id })
        else { return nil }
        return (index, entry.ends.count)
    }

    /// The owner of entry `id` is being deallocated: its entry goes, and each of its consumers
    /// finishes, oldest first. (Also called when the last consumer stops the watch, after the
    /// entry went: then there is nothing to do.)
    private func ownerDeallocated(_ key: ObjectIdentifier, entry id: Int) {
        lock.lock()
        guard let entry = entries[key], entry.id == id else { return lock.unlock() }
        entries[key] = nil
        lock.unlock()
        for consumer in entry.ends { consumer.end() }
    }
}
