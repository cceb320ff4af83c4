// MARK: - Delegate proxies

/// The consumers of one declaration on a shared delegate proxy: what each subscription or
/// iteration does with the proxy's calls (its `send`, `finish` and `fail`). Safe from any thread.
/// The proxy calls the consumers of the moment, oldest first; a consumer that starts or ends while
/// they are called takes part from the next call on.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class DelegateConsumers<Handlers>: @unchecked Sendable {
    private nonisolated struct Entry {
        let id: Int
        let handlers: Handlers
    }

    /// The proxy's methods the declaration observes, as ``DelegateProxyState`` numbers them.
    let methods: [Int]
    private let lock = GeneratedPublisherLock()
    // Guarded by `lock`; unchecked by the runtime for the reason given in ``PushSubscription``.
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var nextID = 0

    init(observing methods: [Int]) {
        self.methods = methods
    }

    /// Adds a consumer and returns its identity, for ``remove(_:)``.
    func add(_ handlers: Handlers) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        entries.append(Entry(id: nextID, handlers: handlers))
        return nextID
    }

    /// Removes the consumer `id`, and says whether it was there; removing it again does nothing.
    @discardableResult
    func remove(_ id: Int) -> Bool {
        lock.lock()
        // Released after unlocking: the handlers hold the consumer's subscription.
        var removed: [Entry] = []
        if let index = entries.firstIndex(where: { $0.id == id }) { removed.append(entries.remove(at: index)) }
        lock.unlock()
        return withExtendedLifetime(removed) { !removed.isEmpty }
    }

    /// Calls `body` with each consumer's handlers, outside the lock, so a handler may start or end
    /// consumers. Allocates nothing: the list is shared with the stored one until either changes.
    @inline(__always)
    func forEach(_ body: (Handlers) -> Void) {
        lock.lock()
        let current = entries
        lock.unlock()
        for entry in current { body(entry.handlers) }
    }
}

/// What a Swift-native delegate says when its owner asks which optional methods it implements,
/// as `responds(to:)` says it for an Objective-C one. A generated proxy of `runtime: native`
/// conforms; an owner that, like UIKit, reads the answers when its delegate is set asks through it.
/// `method` is the method's name with its labels, `tableView(_:didSelectRowAt:)`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated protocol DelegateMethodResponding: AnyObject {
    func responds(toMethod method: String) -> Bool
}
