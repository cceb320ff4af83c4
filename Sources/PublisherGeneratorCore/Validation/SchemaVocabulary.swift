/// Every key of schema language v1, which kind takes it, and whether it must be present.
///
/// The single place the language's shape is written down in Swift: the decoder checks input
/// against it and a test checks `Schemas/publishers.schema.json` against it, so the two cannot
/// drift apart.
public enum SchemaVocabulary {
    public struct KeySet: Sendable, Equatable {
        public var required: [String]
        public var optional: [String]

        public var all: [String] { required + optional }

        public func contains(_ key: String) -> Bool { required.contains(key) || optional.contains(key) }
    }

    public static let file = KeySet(required: ["version", "publishers"], optional: ["imports", "access"])

    /// Keys every declaration takes, whatever its kind.
    static let commonRequired = ["name", "kind", "output"]
    static let commonOptional = ["description", "parameters", "sample"]

    /// The keys a declaration of `kind` takes.
    public static func declaration(_ kind: PublisherKind) -> KeySet {
        switch kind {
        case .callback:
            KeySet(
                required: commonRequired + ["register"],
                optional: commonOptional + ["on", "failure", "unregister", "token", "whenNoDemand", "start"])
        case .polling:
            KeySet(required: commonRequired + ["next"], optional: commonOptional + ["on", "failure"])
        case .targetAction:
            KeySet(
                required: commonRequired + ["on", "event"],
                optional: commonOptional + ["value", "whenNoDemand", "start"])
        case .periodic:
            KeySet(
                required: commonRequired + ["interval", "value"],
                optional: commonOptional + ["on", "whenNoDemand", "start"])
        }
    }

    /// Every key some kind takes, in a stable order.
    public static let anyDeclarationKey: [String] = {
        var seen: [String] = []
        for kind in PublisherKind.allCases {
            for key in declaration(kind).all where !seen.contains(key) { seen.append(key) }
        }
        return seen
    }()

    public static let parameter = KeySet(required: ["name", "type"], optional: ["default", "label"])
    public static let targetActionEvent = KeySet(required: ["type"], optional: ["default"])
    public static let bufferPolicy = KeySet(required: ["buffer"], optional: ["whenFull"])

    /// What a missing required key is for, said in the hint that asks for it.
    static let purpose: [String: String] = [
        "version": "add 'version: 1' as the first line",
        "publishers": "add a 'publishers:' list of declarations",
        "name": "add 'name: MyEvent' (the type becomes MyEventPublisher)",
        "kind": "add 'kind:' with one of \(PublisherKind.listForMessages)",
        "output": "add 'output:' with the Swift type of the values, e.g. 'output: Double'",
        "register": "add 'register:' with Swift code that starts observing and calls send(_:)",
        "next": "add 'next:' with a Swift expression returning the next value, or nil at the end",
        "on": "add 'on:' with the sender's type, e.g. 'on: UIControl'",
        "event": "add 'event: { type: UIControl.Event, default: .primaryActionTriggered }'",
        "interval": "add 'interval:' with the seconds between ticks, e.g. 'interval: 1.0'",
        "value": "add 'value:' with a Swift expression evaluated at every tick, e.g. 'value: Date()'",
        "type": "add 'type:' with a Swift type",
        "buffer": "add 'buffer:' with the number of events to keep, e.g. 'buffer: 16'",
    ]

    /// Names people reach for that mean one of ours; used to suggest the right key.
    static let synonyms: [String: String] = [
        "owner": "on", "sender": "on", "type": "output", "outputType": "output", "error": "failure",
        "failureType": "failure", "params": "parameters", "arguments": "parameters",
        "args": "parameters", "subscribe": "register", "observe": "register",
        "cancel": "unregister", "remove": "unregister", "period": "interval", "every": "interval",
        "backpressure": "whenNoDemand", "onNoDemand": "whenNoDemand", "doc": "description",
        "docs": "description", "summary": "description", "startPolicy": "start", "pull": "next",
    ]
}
