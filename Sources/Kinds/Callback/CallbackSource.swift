import GeneratorDiagnostics
import GeneratorModel

/// `kind: callback`.
public struct CallbackSource: Sendable {
    /// Swift statements run on the owner with `send`, `finish`, `fail` and the parameters in scope;
    /// its value, if any, is the registration token.
    public var register: Located<String>
    /// Swift statements run on the owner with `token` in scope; `nil` for one-shot APIs.
    public var unregister: Located<String>?
    /// The type of the registration token; `nil` lets the generator choose a type-erased one.
    public var token: Located<String>?
    /// A Swift expression evaluated on the owner right after `register`, sent before any value the
    /// source reports (the current value); `nil` sends nothing first.
    public var initial: Located<String>?
    /// Where `register`, `initial` and `unregister` run: `mainActor` hops there as main-actor
    /// target/action senders do.
    public var isolation: SourceIsolation
    /// Whether each consumer keeps the owner alive, or holds it weakly and finishes with it.
    public var lifetime: StreamLifetime
    public var behavior: PushBehavior

    public init(
        register: Located<String>, unregister: Located<String>?, token: Located<String>?,
        initial: Located<String>? = nil, isolation: SourceIsolation = .nonisolated,
        lifetime: StreamLifetime = .keepsOwner,
        behavior: PushBehavior
    ) {
        self.register = register
        self.unregister = unregister
        self.token = token
        self.initial = initial
        self.isolation = isolation
        self.lifetime = lifetime
        self.behavior = behavior
    }
}
