import Foundation
import Observation

/// A main-actor model as apps declare theirs: `@Observable`, on the main actor. Observed by
/// `kind: observation` declarations without touching it.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable public final class ScoreBoard {
    public var score: Int
    public var lives: Int
    /// Not read by any declaration: changing it must send nothing.
    public var title = ""
    /// What the model keeps of its own, as a model keeps its subscriptions to its own changes
    /// (`AnyCancellable`s): it must still be deallocated when nothing else holds it.
    @ObservationIgnored public var subscriptions: [Any] = []
    fileprivate nonisolated let lifetimeAnchors = LifetimeAnchors()

    public init(score: Int = 0, lives: Int = 3) {
        self.score = score
        self.lives = lives
    }
}

/// Two properties of a `ScoreBoard` read together.
public nonisolated struct Standing: Hashable, Sendable {
    public var score: Int
    public var lives: Int

    public init(score: Int, lives: Int) {
        self.score = score
        self.lives = lives
    }
}

/// A `Sendable` model that any thread may change: written by hand with its own registrar, as
/// `@Observable` cannot make a `Sendable` class. Each change is announced and stored under one
/// lock, which the getter takes too, so a read after the announcement sees the stored value.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public nonisolated final class SharedCounter: Observable, @unchecked Sendable {
    private let registrar = ObservationRegistrar()
    private let lock = NSLock()
    fileprivate let lifetimeAnchors = LifetimeAnchors()
    // Guarded by `lock`.
    private var storedCount: Int
    private var storedChanges = 0

    public init(count: Int = 0) {
        storedCount = count
    }

    /// The count; setting it announces the change to observers, then stores it.
    public var count: Int {
        get {
            registrar.access(self, keyPath: \.count)
            lock.lock()
            defer { lock.unlock() }
            return storedCount
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            registrar.withMutation(of: self, keyPath: \.count) {
                storedCount = newValue
                storedChanges += 1
            }
        }
    }

    /// Adds one to the count in one change, whichever threads increment at once.
    public func increment() {
        lock.lock()
        defer { lock.unlock() }
        registrar.withMutation(of: self, keyPath: \.count) {
            storedCount += 1
            storedChanges += 1
        }
    }

    /// How many times `count` was set.
    public var changes: Int {
        lock.lock()
        defer { lock.unlock() }
        return storedChanges
    }
}

/// Keeps the watchers of its deallocation, so that its streams finish when it goes (Linux has no
/// associated objects; with the Objective-C runtime nothing of this is needed).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
nonisolated extension ScoreBoard: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}

/// Keeps the watchers of its deallocation, so that its streams finish when it goes (Linux has no
/// associated objects; with the Objective-C runtime nothing of this is needed).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
nonisolated extension SharedCounter: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}
