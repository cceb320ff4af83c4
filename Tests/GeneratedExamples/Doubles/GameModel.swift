import Observation

/// A stand-in for the model of `Schemas/Examples/Game.publishers.yaml`: an app's `@Observable`
/// model on the main actor, declared as apps declare theirs.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable public final class GameModel {
    public var score = 0
    public var lives = 3
    fileprivate nonisolated let lifetimeAnchors = LifetimeAnchors()

    public init() {}

    /// Scores a point; the turn's changes are read as one value.
    public func scorePoint() {
        score += 1
    }

    /// Loses a life and resets the score in one turn.
    public func loseLife() {
        lives -= 1
        score = 0
    }
}

/// Keeps the watchers of its deallocation, so that its streams finish when it goes (Linux has no
/// associated objects; with the Objective-C runtime nothing of this is needed).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
nonisolated extension GameModel: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}

/// The score and lives of a `GameModel`, read together.
public nonisolated struct GameStatus: Hashable, Sendable {
    public var score: Int
    public var lives: Int

    public init(score: Int, lives: Int) {
        self.score = score
        self.lives = lives
    }
}
