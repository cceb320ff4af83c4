/// Whether a stream of an owner's source keeps its owner alive (`lifetime:` of a callback or
/// periodic declaration with `on:`).
public enum StreamLifetime: String, CaseIterable, Sendable, Hashable {
    /// Each consumer holds its owner until it ends: the default, for an owner that is a service the
    /// app expects to stay alive while it is observed.
    case keepsOwner
    /// Each consumer holds its owner weakly and finishes when the owner is deallocated: for an owner
    /// that is the source itself, a view or a model, that may store its own subscriptions.
    case endsWithOwner
}
