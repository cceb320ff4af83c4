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

extension DeclarationText {
    /// Whether a push form of this declaration is the push engine's type under a typealias
    /// (``PushPublisherStruct``): not for a generic declaration, nor for one that sends its
    /// receiver's own type.
    package var pushFormIsEngineType: Bool { outputIsGenericParameter }

    /// The declared parameters' names, which a factory's locals must not take.
    package var parameterNames: [String] { declaration.parameters.map(\.name.value) }

    /// Prints the end of a push factory: `make` (`return ProgressPublisher`, `self.init`) given
    /// `attach`, a call that returns the form's `Attach`, and `arguments` before it. The engine's
    /// type gets the attachment as the engine takes it, made here, where the output is known
    /// (`attaching: { events in … }`), so that a value sent costs no conversion of a closure handed
    /// to a generic type; a struct of its own gets `attach:`. `attachArguments`, when given, are
    /// the arguments of `attach`, a function, wrapped as a call is.
    package func printPushFactoryCall(
        _ make: String, arguments: [String] = [], attach: String, attachArguments: [String]? = nil,
        parameters: [String], to printer: inout SwiftPrinter
    ) {
        guard pushFormIsEngineType else {
            let call = attachArguments.map { "\(attach)(\($0.joined(separator: ", ")))" } ?? attach
            return printer.call(make, arguments: arguments + ["attach: \(call)"])
        }
        let local = GeneratedNames.unclaimed("publisherAttachment", in: parameters)
        let fail = failureIsNever ? "{ _ in }" : "{ events.fail($0) }"
        if let attachArguments {
            printer.call("let \(local) = \(attach)", arguments: attachArguments)
        } else {
            printer.line("let \(local) = \(attach)")
        }
        printer.call(
            make,
            arguments: arguments + [
                "attaching: { events in \(local)({ events.send($0) }, { events.finish() }, \(fail)) }"
            ])
    }
}
