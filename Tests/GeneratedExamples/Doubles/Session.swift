import Foundation

/// A stand-in for the session of `Schemas/Examples/Heartbeat.publishers.yaml`.
public nonisolated final class Session {
    public var elapsedTime: TimeInterval = 0

    public init() {}
}
