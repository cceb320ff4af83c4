extension TargetActionKind {
    static func decodeSource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> TargetActionSource? {
        let api = FieldValue(fields["sender"]) { decodeSenderAPI($0, read: &read) }
        let isolation = FieldValue(fields["isolation"]) {
            read.choice($0, key: "isolation", as: SourceIsolation.self)
        }
        let value = FieldValue(fields["value"]) { read.code($0, key: "value") }
        let behavior = read.pushBehavior(fields)
        guard !api.isInvalid, !isolation.isInvalid else { return nil }
        let sender = api.value?.value ?? .uikit
        let senderIsMainActor = isolation.value.map { $0.value == .mainActor } ?? sender.isAlwaysOnMainActor
        if sender.isAlwaysOnMainActor, let isolation = isolation.value, isolation.value != .mainActor {
            read.diagnostics.error(
                "a '\(sender.rawValue)' sender is a main-actor control, so 'isolation' cannot be '\(isolation.value.rawValue)'",
                hint: "remove 'isolation:', or write 'sender: native' for a Swift sender callable from any thread",
                at: isolation.location)
            return nil
        }
        let events = decodeEvents(fields["event"], sender: sender, declaration: fields, what: what, read: &read)
        guard let behavior, !value.isInvalid, case let .valid(events) = events else { return nil }
        return TargetActionSource(
            api: sender, isolation: senderIsMainActor ? .mainActor : .nonisolated, events: events,
            value: value.value, behavior: behavior)
    }

    /// `sender:` names the API; a type written there (`sender: UIButton`) belongs in `on:`.
    private static func decodeSenderAPI(_ node: YAMLNode, read: inout ScalarReader) -> Located<SenderAPI>? {
        if case let .scalar(word, _, _) = node.content, SenderAPI(rawValue: word) == nil,
            word.first?.isUppercase == true
        {
            read.diagnostics.error(
                "'sender' names the sender's API (\(SenderAPI.allCases.map(\.rawValue).joined(separator: ", "))), not its type '\(word)'",
                hint: "write the type in 'on: \(word)', and 'sender: uikit', 'appkit' or 'native'", at: node.location)
            return nil
        }
        return read.choice(node, key: "sender", as: SenderAPI.self)
    }

    /// The outcome of decoding `event`: valid (with `nil` for AppKit senders, which take none) or
    /// reported.
    private enum EventsOutcome {
        case valid(TargetActionSource.Events?)
        case invalid
    }

    private static func decodeEvents(
        _ node: YAMLNode?, sender: SenderAPI, declaration: MappingReader, what: String, read: inout ScalarReader
    ) -> EventsOutcome {
        guard sender.takesEvents else {
            guard let node else { return .valid(nil) }
            read.diagnostics.error(
                "an 'appkit' sender has one action, sent for the events its 'sendAction(on:)' mask names, so it takes no 'event'",
                hint: "remove 'event:', and set the control's sendAction(on:) mask if it should act on other events",
                at: node.location)
            return .invalid
        }
        guard let node else {
            declaration.reportMissingKeys(["event"], in: what, diagnostics: &read.diagnostics)
            return .invalid
        }
        guard let event = decodeEvent(node, read: &read) else { return .invalid }
        return .valid(TargetActionSource.Events(type: event.type, defaultEvent: event.default))
    }

    private static func decodeEvent(
        _ node: YAMLNode, read: inout ScalarReader
    ) -> (type: Located<String>, default: Located<String>?)? {
        if case .scalar = node.content {
            return read.swiftType(node, key: "event").map { ($0, nil) }
        }
        guard let event = MappingReader(node, what: "'event'", diagnostics: &read.diagnostics) else { return nil }
        let vocabulary = SchemaVocabulary.targetActionEvent
        let keysKnown = event.reportUnknownKeys(allowed: vocabulary.all, in: "'event'", diagnostics: &read.diagnostics)
        event.reportMissingKeys(vocabulary.required, in: "'event'", diagnostics: &read.diagnostics)
        let type = event["type"].flatMap { read.swiftType($0, key: "type") }
        let defaultEvent = FieldValue(event["default"]) { read.text($0, key: "default") }
        guard keysKnown, event.mergesAreValid, let type, !defaultEvent.isInvalid else { return nil }
        return (type, defaultEvent.value)
    }
}
