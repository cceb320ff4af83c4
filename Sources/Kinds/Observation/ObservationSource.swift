import GeneratorDiagnostics
import GeneratorModel

/// `kind: observation`: an expression over an observed model (`@Observable`), sent after each change.
public struct ObservationSource: Sendable {
    /// A Swift expression evaluated on the model (the owner), e.g. `score` or `(score, lives)`:
    /// every property it reads is tracked.
    public var value: Located<String>
    /// Where the model lives: `mainActor` (the default) reads it on the main actor, `nonisolated`
    /// from any thread (the model must then be `Sendable`).
    public var isolation: SourceIsolation
    /// What is sent first: the current value (the default), or only the value after a change.
    public var first: ObservationFirstValue
    public var behavior: PushBehavior

    public init(
        value: Located<String>, isolation: SourceIsolation = .mainActor, first: ObservationFirstValue = .current,
        behavior: PushBehavior
    ) {
        self.value = value
        self.isolation = isolation
        self.first = first
        self.behavior = behavior
    }
}

/// `first:` of an observation: what a subscription or an iteration is sent first.
public enum ObservationFirstValue: String, CaseIterable, Sendable, Hashable {
    /// The value when attached, then the value after each change (a model always has one).
    case current
    /// Only the value after each change, as `withObservationTracking` reports changes.
    case change
}
