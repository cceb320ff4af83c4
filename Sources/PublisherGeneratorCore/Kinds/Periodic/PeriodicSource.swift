/// `kind: periodic`.
public struct PeriodicSource: Sendable {
    /// Seconds between ticks, greater than zero.
    public var interval: Located<Double>
    /// A Swift expression evaluated at every tick.
    public var value: Located<String>
    public var behavior: PushBehavior

    public init(interval: Located<Double>, value: Located<String>, behavior: PushBehavior) {
        self.interval = interval
        self.value = value
        self.behavior = behavior
    }
}
