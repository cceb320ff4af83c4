/// What the templates need to know about one declaration, worked out in Swift so the templates
/// stay plain text with holes.
struct PublisherRenderModel {
    let declaration: PublisherDeclaration
    /// `public `, `package ` or nothing for internal.
    let access: String

    /// Where generated user code starts, by kind: inside a closure inside a factory.
    private static let attachBodyIndent = 16
    private static let functionBodyIndent = 12

    var context: [String: Any] {
        var values: [String: Any] = [
            "name": declaration.name.value,
            "typeName": declaration.typeName,
            "kind": declaration.kind.value.rawValue,
            "docComment": SwiftCodeText.docComment(summary, indent: 0),
            "factoryDocComment": SwiftCodeText.docComment(summary, indent: 4),
            "output": output,
            "failure": failure,
            "failureIsNever": failure == "Never",
            "failClosure": failure == "Never" ? "{ _ in }" : "{ events.fail($0) }",
        ]
        if let owner = declaration.owner?.value { values["owner"] = owner }
        let factoryName = SwiftCodeText.lowerCamelCase(declaration.name.value) + "Publisher"
        let typeName = declaration.typeName
        switch declaration.source {
        case let .callback(source):
            values["register"] = SwiftCodeText.indented(source.register.value, by: Self.attachBodyIndent)
            values["unregister"] = source.unregister.map {
                SwiftCodeText.indented($0.value, by: Self.attachBodyIndent)
            }
            values["tokenAnnotation"] = source.token.map { ": \($0.value)" } ?? ""
            values["factorySignature"] = signature("func \(factoryName)", parameters(), returning: typeName)
            values["ownerlessInitSignature"] = signature("init", parameters())
            // Only what the declaration does: without `unregister` nothing is removed from the source.
            let registration =
                source.unregister == nil
                ? "Registers with its source \(startPhrase(source.behavior)); there is no unregistering, so the "
                    + "registration lives until the source calls back, and a cancelled subscription ignores it."
                : "Registers with its source \(startPhrase(source.behavior)) and unregisters exactly once on cancel or "
                    + "completion."
            values["behaviorDoc"] = behaviorDoc("\(registration) \(noDemandPhrase(source.behavior))")
            add(source.behavior, to: &values)
        case let .polling(source):
            values["next"] = SwiftCodeText.indented(source.next.value, by: Self.functionBodyIndent)
            values["factorySignature"] = signature("func \(factoryName)", parameters(), returning: typeName)
            values["ownerlessInitSignature"] = signature("init", parameters())
            let ending =
                failure == "Never" ? "finishes the stream." : "finishes the stream and a thrown error fails it."
            values["behaviorDoc"] = behaviorDoc(
                "Asks its source for the next value only while the subscriber has outstanding demand; `nil` \(ending)")
        case let .targetAction(source):
            values["eventType"] = source.eventType.value
            let defaultEvent = source.defaultEvent.map { " = \($0.value)" } ?? ""
            let owner = declaration.owner?.value ?? "Self"
            values["senderInitSignature"] = signature(
                "init",
                [
                    "sender: \(owner)", "event: \(source.eventType.value)\(defaultEvent)",
                    "value: @escaping (\(owner)) -> Output",
                ])
            values["factorySignature"] = signature(
                "func \(factoryName)", parameters(leading: ["for event: \(source.eventType.value)\(defaultEvent)"]),
                returning: typeName)
            values["value"] = source.value.map { SwiftCodeText.indented($0.value, by: Self.functionBodyIndent) }
            values["behaviorDoc"] = behaviorDoc(
                "Adds a target to its sender \(startPhrase(source.behavior)) and removes it exactly once on cancel or "
                    + "when the subscription is released; the sender holds the target weakly. "
                    + noDemandPhrase(source.behavior))
            add(source.behavior, to: &values)
        case let .periodic(source):
            values["interval"] = SwiftCodeText.doubleLiteral(source.interval.value)
            values["value"] = SwiftCodeText.indented(source.value.value, by: Self.functionBodyIndent)
            let schedulerParameters = parameters(
                leading: ["scheduler: Context", "options: Context.SchedulerOptions? = nil"])
            values["factorySignature"] = signature(
                "func \(factoryName)<Context: Scheduler>", schedulerParameters, returning: typeName)
            values["ownerlessInitSignature"] = signature("init<Context: Scheduler>", schedulerParameters)
            values["behaviorDoc"] = behaviorDoc(
                "Ticks every \(Self.secondsPhrase(source.interval.value)) on any Combine scheduler, starting "
                    + "\(startPhrase(source.behavior)); cancelling stops the timer. \(noDemandPhrase(source.behavior))")
            add(source.behavior, to: &values)
        }
        return values
    }

    private var output: String { declaration.resolvedOutput }

    private var failure: String { declaration.failure?.value ?? "Never" }

    private var summary: String {
        if let description = declaration.description?.value { return description }
        let source = declaration.owner.map { " from `\($0.value)`" } ?? ""
        return "Publishes `\(output)` values\(source)."
    }

    private func parameters(leading: [String] = []) -> [String] {
        leading
            + declaration.parameters.map { parameter in
                let label = parameter.label.map { "\($0.value) " } ?? ""
                let defaultValue = parameter.defaultValue.map { " = \($0.value)" } ?? ""
                return "\(label)\(parameter.name.value): \(parameter.type.value)\(defaultValue)"
            }
    }

    /// A member declaration at indent 4, up to the opening brace, its parameters on one line when
    /// that fits in 120 columns and one per line otherwise.
    private func signature(_ head: String, _ parameters: [String], returning result: String? = nil) -> String {
        let arrow = result.map { " -> \($0)" } ?? ""
        let line = "    \(access)\(head)(\(parameters.joined(separator: ", ")))\(arrow)"
        guard line.count + 2 > 120 else { return line }
        let list = parameters.map { "        \($0)" }.joined(separator: ",\n")
        return "    \(access)\(head)(\n\(list)\n    )\(arrow)"
    }

    private func behaviorDoc(_ text: String) -> String {
        SwiftCodeText.docComment(text, indent: 0)
    }

    private func startPhrase(_ behavior: PushBehavior) -> String {
        behavior.start == .onDemand ? "on the first demand" : "as soon as it is subscribed"
    }

    private func noDemandPhrase(_ behavior: PushBehavior) -> String {
        switch behavior.whenNoDemand {
        case .drop: "Values that arrive without demand are dropped."
        case .latest: "Without demand, only the latest value is kept; a completion waits until it is delivered."
        case let .buffer(size, rule):
            "Without demand, up to \(size) values are kept; when full, the \(rule == .dropOldest ? "oldest" : "newest") "
                + "is dropped. A completion waits until the kept values are delivered."
        }
    }

    private func add(_ behavior: PushBehavior, to values: inout [String: Any]) {
        values["start"] = behavior.start == .onDemand ? ".onDemand" : ".onSubscribe"
        switch behavior.whenNoDemand {
        case .drop: values["policy"] = ".drop"
        case .latest: values["policy"] = ".latest"
        case let .buffer(size, rule):
            values["policy"] = ".buffer(capacity: \(size), dropOldest: \(rule == .dropOldest))"
        }
    }

    private static func secondsPhrase(_ seconds: Double) -> String {
        seconds == 1 ? "second" : "\(SwiftCodeText.doubleLiteral(seconds)) seconds"
    }
}

extension PublisherDeclaration {
    /// The output type as generated code names it: `Self` means the owner type, as in
    /// `UIControl.publisher(for:)` returning the control itself.
    var resolvedOutput: String {
        let written = output.value
        guard written == "Self", let owner = owner?.value else { return written }
        return owner
    }
}
