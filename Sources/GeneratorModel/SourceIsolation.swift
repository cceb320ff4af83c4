/// Where a source may be called: what attaching, detaching and the declaration's code require
/// (target/action senders, delegates).
public enum SourceIsolation: String, CaseIterable, Sendable, Hashable {
    /// The source is `@MainActor`: it is attached and detached on the main actor, and the
    /// declaration's code runs there.
    case mainActor
    /// The source may be called from any thread: attaching and detaching run on the thread that
    /// subscribes, requests or cancels.
    case nonisolated
}
