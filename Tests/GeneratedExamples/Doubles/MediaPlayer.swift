import Foundation

/// A stand-in for a media player with AVPlayer-style observation APIs, so that the code generated
/// from `Schemas/Examples/MediaPlayer.publishers.yaml` compiles and runs here.
public nonisolated final class MediaPlayer: @unchecked Sendable {
    public nonisolated enum PlaybackError: Error, Equatable {
        case decodingFailed
    }

    private let lock = NSLock()
    private var timeObservers: [Int: (Double) -> Void] = [:]
    private var rateObservers: [ObjectIdentifier: (Float) -> Void] = [:]
    private var endHandlers: [(Result<Void, PlaybackError>) -> Void] = []
    private var nextToken = 0

    public init() {}

    public var timeObserverCount: Int { lock.withLock { timeObservers.count } }
    public var rateObserverCount: Int { lock.withLock { rateObservers.count } }

    public func addPeriodicTimeObserver(forInterval interval: Double, _ body: @escaping (Double) -> Void) -> Int {
        lock.withLock {
            nextToken += 1
            timeObservers[nextToken] = body
            return nextToken
        }
    }

    public func removeTimeObserver(_ token: Int) {
        _ = lock.withLock { timeObservers.removeValue(forKey: token) }
    }

    public func whenPlaybackEnds(_ handler: @escaping (Result<Void, PlaybackError>) -> Void) {
        lock.withLock { endHandlers.append(handler) }
    }

    public func observeRate(_ body: @escaping (Float) -> Void) -> RateObservation {
        let observation = RateObservation()
        lock.withLock { rateObservers[ObjectIdentifier(observation)] = body }
        observation.player = self
        return observation
    }

    fileprivate func removeRateObserver(_ observation: RateObservation) {
        _ = lock.withLock { rateObservers.removeValue(forKey: ObjectIdentifier(observation)) }
    }

    /// Plays the source by hand: reports the playhead to every time observer.
    public func advancePlayhead(to seconds: Double) {
        for observer in lock.withLock({ Array(timeObservers.values) }) { observer(seconds) }
    }

    public func changeRate(to rate: Float) {
        for observer in lock.withLock({ Array(rateObservers.values) }) { observer(rate) }
    }

    public func endPlayback(_ result: Result<Void, PlaybackError>) {
        let handlers = lock.withLock {
            defer { endHandlers = [] }
            return endHandlers
        }
        for handler in handlers { handler(result) }
    }
}

/// A token that ends a rate observation when invalidated.
public nonisolated final class RateObservation: @unchecked Sendable {
    fileprivate weak var player: MediaPlayer?

    public func invalidate() {
        player?.removeRateObserver(self)
    }
}
