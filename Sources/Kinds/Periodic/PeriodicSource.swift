import GeneratorDiagnostics
import GeneratorModel

/// `kind: periodic`.
public struct PeriodicSource: Sendable {
    /// Seconds between ticks: a number greater than zero, or a factory parameter's name.
    public var interval: Located<PeriodicInterval>
    /// A Swift expression evaluated at every tick.
    public var value: Located<String>
    /// Whether each consumer keeps the owner alive, or holds it weakly and finishes with it.
    public var lifetime: StreamLifetime
    public var behavior: PushBehavior

    public init(
        interval: Located<PeriodicInterval>, value: Located<String>, lifetime: StreamLifetime = .keepsOwner,
        behavior: PushBehavior
    ) {
        self.interval = interval
        self.value = value
        self.lifetime = lifetime
        self.behavior = behavior
    }
}

/// Where a periodic declaration's interval comes from.
public enum PeriodicInterval: Sendable, Hashable {
    /// A fixed number of seconds, greater than zero, written into the generated types.
    case seconds(Double)
    /// A parameter of the factory, in seconds (`Double` or `TimeInterval`), which the generated
    /// types take as `interval:`.
    case parameter(String)
}
