import GeneratorModel

/// The text both push forms declare the same way, once: the closure types a source reports
/// through, and the initializer from plain `register` / `unregister` closures. Only the words
/// differ: a publisher sends downstream, a sequence to its iteration, once per iteration.
struct PushSourceText {
    let text: DeclarationText
    let form: EmittedForm

    private var element: String { text.elementName(form) }

    /// `Send`, `Finish` and `Fail`, what `register` and the kind's attach function report through.
    var closureTypes: String {
        let access = text.access
        let (send, finish, fail) =
            switch form {
            case .combine: ("Sends a value downstream", "Finishes the stream", "Fails the stream")
            case .async:
                (
                    "Sends a value to the iteration", "Ends the iteration after the kept values",
                    "Ends the iteration with a failure after the kept values"
                )
            }
        return """
            /// \(send); callable from any thread.
            \(access)typealias Send = @Sendable (\(element)) -> Void
            /// \(finish); callable from any thread.
            \(access)typealias Finish = @Sendable () -> Void
            /// \(fail); callable from any thread.
            \(access)typealias Fail = @Sendable (Failure) -> Void
            /// Starts observing, reporting through `send`, `finish` and `fail`, and returns what stops observing.
            \(access)typealias Attach = (@escaping Send, @escaping Finish, @escaping Fail) -> () -> Void
            """
    }

    /// `init(register:unregister:)`, which forwards to the type's `init(attach:)`.
    var registerInitializer: String {
        let (noun, registered, unregistered) =
            switch form {
            case .combine: ("publisher", "registration.", "with the token.")
            case .async: ("sequence", "registration. Called once per iteration.", "per iteration with its token.")
            }
        return """
            /// Creates the \(noun) from plain closures that start and stop its source, e.g. to drive it
            /// by hand in tests.
            ///
            /// - Parameters:
            ///   - register: Starts observing and reports through `send`, `finish` and `fail`; returns a
            ///     token that identifies the \(registered)
            ///   - unregister: Stops observing; called exactly once \(unregistered)
            \(text.access)init<Token>(
                register: @escaping (_ send: @escaping Send, _ finish: @escaping Finish, _ fail: @escaping Fail) -> Token,
                unregister: @escaping (_ token: Token) -> Void = { _ in }
            ) {
                self.init(attach: { send, finish, fail in
                    let token = register(send, finish, fail)
                    return { unregister(token) }
                })
            }
            """
    }
}
