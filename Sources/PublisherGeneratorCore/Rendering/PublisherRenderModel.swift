/// What the templates need to know about one declaration, worked out in Swift so the templates
/// stay plain text with holes.
struct PublisherRenderModel {
    let declaration: PublisherDeclaration

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
            "factoryName": SwiftCodeText.lowerCamelCase(declaration.name.value) + "Publisher",
            "output": output,
            "failure": failure,
            "failureIsNever": failure == "Never",
            "failClosure": failure == "Never" ? "{ _ in }" : "{ events.fail($0) }",
            "parameterList": parameterList(leading: []),
        ]
        if let owner = declaration.owner?.value { values["owner"] = owner }
        switch declaration.source {
        case let .callback(source):
            values["register"] = SwiftCodeText.indented(source.register.value, by: Self.attachBodyIndent)
            values["unregister"] = source.unregister.map {
                SwiftCodeText.indented($0.value, by: Self.attachBodyIndent)
            }
            values["tokenAnnotation"] = source.token.map { ": \($0.value)" } ?? ""
            add(source.behavior, to: &values)
        case let .polling(source):
            values["next"] = SwiftCodeText.indented(source.next.value, by: Self.functionBodyIndent)
        case let .targetAction(source):
            values["eventType"] = source.eventType.value
            values["eventDefaultClause"] = source.defaultEvent.map { " = \($0.value)" } ?? ""
            let eventParameter =
                "for event: \(source.eventType.value)" + (source.defaultEvent.map { " = \($0.value)" } ?? "")
            values["eventParameterList"] = parameterList(leading: [eventParameter])
            values["value"] = source.value.map { SwiftCodeText.indented($0.value, by: Self.functionBodyIndent) }
            add(source.behavior, to: &values)
        case let .periodic(source):
            values["interval"] = SwiftCodeText.doubleLiteral(source.interval.value)
            values["intervalPhrase"] = Self.secondsPhrase(source.interval.value)
            values["value"] = SwiftCodeText.indented(source.value.value, by: Self.functionBodyIndent)
            values["schedulerParameterList"] = parameterList(
                leading: ["scheduler: Context", "options: Context.SchedulerOptions? = nil"])
            add(source.behavior, to: &values)
        }
        return values
    }

    /// `Self` in `output` means the owner type, as in `UIControl.publisher(for:)` returning the
    /// control itself.
    private var output: String {
        let written = declaration.output.value
        guard written == "Self", let owner = declaration.owner?.value else { return written }
        return owner
    }

    private var failure: String { declaration.failure?.value ?? "Never" }

    private var summary: String {
        if let description = declaration.description?.value { return description }
        let source = declaration.owner.map { " from `\($0.value)`" } ?? ""
        return "Publishes `\(output)` values\(source)."
    }

    private func parameterList(leading: [String]) -> String {
        let declared = declaration.parameters.map { parameter in
            let label = parameter.label.map { "\($0.value) " } ?? ""
            let defaultValue = parameter.defaultValue.map { " = \($0.value)" } ?? ""
            return "\(label)\(parameter.name.value): \(parameter.type.value)\(defaultValue)"
        }
        return (leading + declared).joined(separator: ", ")
    }

    private func add(_ behavior: PushBehavior, to values: inout [String: Any]) {
        values["start"] = behavior.start == .onDemand ? ".onDemand" : ".onSubscribe"
        values["startPhrase"] = behavior.start == .onDemand ? "on the first demand" : "as soon as it is subscribed"
        switch behavior.whenNoDemand {
        case .drop:
            values["policy"] = ".drop"
            values["noDemandPhrase"] = "Values that arrive without demand are dropped."
        case .latest:
            values["policy"] = ".latest"
            values["noDemandPhrase"] = "Without demand, only the latest value is kept."
        case let .buffer(size, rule):
            values["policy"] = ".buffer(capacity: \(size), dropOldest: \(rule == .dropOldest))"
            let dropped = rule == .dropOldest ? "oldest" : "newest"
            values["noDemandPhrase"] =
                "Without demand, up to \(size) values are kept; when full, the \(dropped) is dropped."
        }
    }

    private static func secondsPhrase(_ seconds: Double) -> String {
        seconds == 1 ? "second" : "\(SwiftCodeText.doubleLiteral(seconds)) seconds"
    }
}
