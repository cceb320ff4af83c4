/// `kind: callback`.
public struct CallbackSource: Sendable {
    /// Swift statements run on the owner with `send`, `finish`, `fail` and the parameters in scope;
    /// its value, if any, is the registration token.
    public var register: Located<String>
    /// Swift statements run on the owner with `token` in scope; `nil` for one-shot APIs.
    public var unregister: Located<String>?
    /// The type of the registration token; `nil` lets the generator choose a type-erased one.
    public var token: Located<String>?
    public var behavior: PushBehavior

    public init(
        register: Located<String>, unregister: Located<String>?, token: Located<String>?,
        behavior: PushBehavior
    ) {
        self.register = register
        self.unregister = unregister
        self.token = token
        self.behavior = behavior
    }
}
