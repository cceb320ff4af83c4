/// A kind of event source, as schemas spell it (`kind: callback`): an identity, nothing more.
///
/// Each kind is one unit in a folder of its own: a model conforming to ``KindSource``, which says
/// the kind, a type conforming to each stage's protocol (`KindLanguage`, `KindDecoding`,
/// `KindEmitting`), and one line of `KindRegistry`. What a kind is and does — push or pull, its
/// keys, its decoding, its text — is asked of its unit through the registry the pipeline passes
/// down, never decided by comparing against one kind.
public struct PublisherKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's spelling in schemas.
    public let rawValue: String

    /// A kind's identity; only a kind unit makes one, for its own spelling.
    package init(spelling: String) {
        rawValue = spelling
    }

    public var description: String { rawValue }
}

/// Whether a kind's values are pushed by its source or pulled by demand: said by a model's
/// conformance to ``PushSource`` or ``PullSource``.
public enum KindDelivery: Sendable {
    case push
    case pull

    /// The keys of `test:` a declaration of this delivery must give, and those it may not.
    package var testDriveKeys: (required: [String], refused: [String]) {
        switch self {
        case .push: (["fire", "registrations"], ["pulls"])
        case .pull: (["pulls"], ["fire", "registrations", "finish"])
        }
    }

    /// Why a refused `test:` key does not fit a declaration of `kind`, said in the hint.
    package func refusedTestDriveHint(kind: PublisherKind) -> String {
        switch self {
        case .push: "count registrations with 'registrations:' instead"
        case .pull: "a \(kind) publisher has no source to fire; count pulls with 'pulls:'"
        }
    }
}
