import GeneratorDiagnostics
import GeneratorModel
import GeneratorReading
import GeneratorValidating

extension TargetActionKind {
    package static func decodeSource(
        _ fields: MappingReader, what: String, read: inout ScalarReader
    ) -> TargetActionSource? {
        let api = FieldValue(fields["sender"]) { decodeSenderAPI($0, read: &read) }
        let isolation = FieldValue(fields["isolation"]) {
            read.choice($0, key: "isolation", as: SourceIsolation.self)
        }
        let value = FieldValue(fields["value"]) { read.code($0, key: "value") }
        let initial = FieldValue(fields["initial"]) { read.code($0, key: "initial") }
        let behavior = read.pushBehavior(fields)
        guard !api.isInvalid, !isolation.isInvalid else { return nil }
        let sender = api.value?.value ?? .uikit
        let senderIsMainActor = isolation.value.map { $0.value == .mainActor } ?? sender.isAlwaysOnMainActor
        if sender.isAlwaysOnMainActor, let isolation = isolation.value, isolation.value != .mainActor {
            read.diagnostics.error(
                "a '\(sender.rawValue)' sender is a main-actor control, so 'isolation' cannot be '\(isolation.value.rawValue)'",
                hint: sender.hasSingleSlot && sender != .appkit
                    ? "remove 'isolation:'"
                    : "remove 'isolation:', or write 'sender: \(sender == .gesture ? "nativeGesture" : "native")' for a Swift sender callable from any thread",
                at: isolation.location)
            return nil
        }
        let events = decodeEvents(fields["event"], sender: sender, declaration: fields, what: what, read: &read)
        guard let behavior, !value.isInvalid, !initial.isInvalid, case let .valid(events) = events else { return nil }
        read.warnIfInitialIsDropped(initial.value, behavior: behavior)
        return TargetActionSource(
            api: sender, isolation: senderIsMainActor ? .mainActor : .nonisolated, events: events,
            value: value.value, initial: initial.value, behavior: behavior)
    }

    /// `sender:` names the API; a type written there (`sender: UIButton`) belongs in `on:`.
    private static func decodeSenderAPI(_ node: YAMLNode, read: inout ScalarReader) -> Located<SenderAPI>? {
        if case let .scalar(word, _, _) = node.content, SenderAPI(rawValue: word) == nil,
            word.first?.isUppercase == true
        {
            read.diagnostics.error(
                "'sender' names the sender's API (\(SenderAPI.allCases.map(\.rawValue).joined(separator: ", "))), not its type '\(word)'",
                hint:
                    "write the type in 'on: \(word)', and 'sender: \(suggestedSender(forOwner: word)?.rawValue ?? "uikit")'",
                at: node.location)
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
                "\(withoutEventReason(sender)), so it takes no 'event'", hint: withoutEventHint(sender),
                at: node.location)
            return .invalid
        }
        guard let node else {
            // A gesture recognizer or a bar button item written with the default sender: say which
            // sender it has rather than ask for a UIControl event.
            if case let .scalar(owner, _, _) = declaration["on"]?.content,
                let suggested = suggestedSender(forOwner: owner), suggested != sender
            {
                read.diagnostics.error(
                    "\(what) has 'sender: \(sender.rawValue)'\(declaration["sender"] == nil ? " (the default)" : ""), which needs an 'event', but '\(owner)' has no control events",
                    hint: "write 'sender: \(suggested.rawValue)': \(withoutEventReason(suggested))",
                    at: declaration.keyNode("sender")?.location ?? declaration.node.location)
                return .invalid
            }
            declaration.reportMissingKeys(["event"], in: what, read: &read)
            return .invalid
        }
        guard let event = decodeEvent(node, read: &read) else { return .invalid }
        return .valid(TargetActionSource.Events(type: event.type, defaultEvent: event.default))
    }

    private static func decodeEvent(
        _ node: YAMLNode, read: inout ScalarReader
    ) -> (type: Located<String>, default: Located<String>?)? {
        if case .scalar = node.content {
            guard !isAnEvent(node, key: "event", read: &read) else { return nil }
            return read.swiftType(node, key: "event", placement: .shorthandParameter).map { ($0, nil) }
        }
        guard let event = MappingReader(node, what: "'event'", diagnostics: &read.diagnostics) else { return nil }
        let vocabulary = eventKeys
        let keysKnown = event.reportUnknownKeys(allowed: vocabulary.all, in: "'event'", read: &read)
        event.reportMissingKeys(vocabulary.required, in: "'event'", read: &read)
        let type = event["type"].flatMap { node in
            isAnEvent(node, key: "type", read: &read) ? nil : read.swiftType(node, key: "type", placement: .parameter)
        }
        // Printed as the factory parameter's default value, without `#sourceLocation`: one expression.
        let defaultEvent = FieldValue(event["default"]) { read.expression($0, key: "default") }
        guard keysKnown, event.mergesAreValid, let type, !defaultEvent.isInvalid else { return nil }
        return (type, defaultEvent.value)
    }
}

extension TargetActionKind {
    /// Whether the control-event type written at `key` is an event instead (`valueChanged`,
    /// `.valueChanged`, `UIControl.Event.valueChanged`): reported, since a type's name starts with
    /// an upper-case letter and the event belongs in `default`. Swift would reject it only when the
    /// generated code is compiled, with "cannot find type".
    private static func isAnEvent(_ node: YAMLNode, key: String, read: inout ScalarReader) -> Bool {
        guard case let .scalar(text, _, _) = node.content else { return false }
        // Its last component, read as UTF-8 bytes: this runs for every target/action declaration.
        let bytes = text.utf8
        let last = bytes.lastIndex(of: UInt8(ascii: ".")).map(bytes.index(after:)) ?? bytes.startIndex
        guard last < bytes.endIndex, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[last]),
            bytes[last...].allSatisfy(isIdentifierByte)
        else { return false }
        let type = text[..<last].dropLast()
        read.diagnostics.error(
            "'\(key)' is the control-event type, but '\(text)' is an event",
            hint:
                "write 'event: { type: \(type.isEmpty ? "UIControl.Event" : type), default: .\(text[last...]) }' to observe it when the caller names no event",
            at: node.location)
        return true
    }

    /// An ASCII letter, digit or underscore.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// The sender an owner type's name says it has, when that is not a control's: gesture
    /// recognizers (`UITapGestureRecognizer`) and bar button items.
    static func suggestedSender(forOwner owner: String) -> SenderAPI? {
        let name = owner.split(separator: ".").last.map(String.init) ?? owner
        if name.hasSuffix("GestureRecognizer") { return name.hasPrefix("UI") ? .gesture : .nativeGesture }
        if name.hasSuffix("BarButtonItem") { return .barButtonItem }
        return nil
    }

    /// Why a sender takes no `event`.
    private static func withoutEventReason(_ sender: SenderAPI) -> String {
        switch sender {
        case .appkit:
            "an 'appkit' sender has one action, sent for the events its 'sendAction(on:)' mask names"
        case .barButtonItem: "a 'barButtonItem' sender has one action, sent when the item is tapped"
        case .gesture, .nativeGesture:
            "a '\(sender.rawValue)' sender is a gesture recognizer, whose action has no event"
        case .uikit, .native: "a '\(sender.rawValue)' sender takes an event"
        }
    }

    private static func withoutEventHint(_ sender: SenderAPI) -> String {
        sender == .appkit
            ? "remove 'event:', and set the control's sendAction(on:) mask if it should act on other events"
            : "remove 'event:'"
    }
}
