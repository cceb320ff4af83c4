// MARK: - Push sources

/// When a push subscription or iteration attaches to its source.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum SourceStart: Equatable {
    /// On the first request for more than zero values (a publisher), or the first `next()` (a
    /// sequence).
    case onDemand
    /// As soon as the subscriber has received the subscription, or the iterator is made.
    case onSubscribe
}
