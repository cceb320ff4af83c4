import Foundation

/// The delegate of a `ScoringSource`, which asks it for the score of each level.
public nonisolated protocol ScoringSourceDelegate: AnyObject {
    func source(_ owner: ScoringSource, scoreFor level: Int) -> Int
    func source(_ owner: ScoringSource, bonusFor level: Int) -> Int
}

/// A source that asks its delegate for a score and a bonus, with `0` without one.
public nonisolated final class ScoringSource: @unchecked Sendable {
    private let lock = NSLock()
    private weak var storedDelegate: (any ScoringSourceDelegate)?

    public init() {}

    public var delegate: (any ScoringSourceDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    /// The delegate's score for `level`; `0` without a delegate.
    public func score(_ level: Int) -> Int {
        delegate?.source(self, scoreFor: level) ?? 0
    }

    /// The delegate's bonus for `level`; `0` without a delegate.
    public func bonus(_ level: Int) -> Int {
        delegate?.source(self, bonusFor: level) ?? 0
    }
}

// The module's own names, called like the members of the generated `ScoringSourceDelegateProxy`:
// the `answer` of `Scores` (Tests/Fixtures/Generation) names each of them and means these.

/// Named like the proxy's `state`.
nonisolated let state = 1
/// Named like the proxy's `installed` table.
nonisolated let installed = 10
/// Named like the proxy's list of the consumers of `Scores`.
nonisolated let consumersOfScores = 100
/// Named like the proxy's handlers of `Scores`.
nonisolated enum ScoresHandlers {
    /// A value of the module's own type.
    static let bonus = 1_000
}
/// Named like the proxy's `answers(of:)`.
nonisolated func answers(of level: Int) -> Int { 10_000 * level }
/// Named like the proxy's `chainLink`.
nonisolated let chainLink = 100_000
/// Named like the proxy's `responds(toMethod:)`.
nonisolated func responds(toMethod method: String) -> Int { method.count * 1_000_000 }
/// Named like the proxy's own protocol method.
nonisolated func source(_ level: Int, scoreFor factor: Int) -> Int { level * factor * 10_000_000 }
