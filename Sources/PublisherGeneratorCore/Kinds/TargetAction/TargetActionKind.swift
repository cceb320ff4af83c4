/// `kind: targetAction`: a sender following the target/action pattern (UIControl, NSControl or a
/// Swift-native sender). The target is added when the subscription starts and removed when it ends.
enum TargetActionKind: SourceKind {
    static let kind = PublisherKind.targetAction
    static let delivery = KindDelivery.push
    static let namesInScope = ["event", "sender", "publisherValue"]

    static let language = KindDescription(
        summary: "a sender following the target/action pattern",
        description:
            "kind targetAction: a sender that follows the target/action pattern (UIControl, NSControl or a Swift-native sender). The target is added for `event` when the subscription starts and removed when it ends.",
        snippet: LanguageSnippet(
            label: "targetAction publisher",
            description: "Events of a control that follows the target/action pattern.",
            body: .fields([
                "name": "${1:ControlEvent}", "kind": .string(kind.rawValue), "on": "${2:UIControl}",
                "output": "${3:UIControl}",
                "event": .fields(["type": "${4:UIControl.Event}", "default": "${5:.primaryActionTriggered}"]),
            ])))

    static let keys = [
        SharedDeclarationKeys.failureSample.optional,
        SharedDeclarationKeys.test.optional,
        SharedDeclarationKeys.owner.required,
        sender.optional,
        isolation.optional,
        event.optional,
        SharedDeclarationKeys.value.optional,
    ]

    static let sender = LanguageKey(
        "sender", .choice(LanguageWord.cases(of: SenderAPI.self, meaning: senderMeaning)),
        .perKind,
        summary: "the sender's target/action API",
        description:
            "Which target/action API the sender (`on`) has; the generated code is the same on every platform. `uikit`: UIControl's `addTarget(_:action:for:)` with a selector. `appkit`: NSControl's single `target` and `action`, shared through a forwarder that keeps calling the control's own target and action; takes no `event`. `native`: a Swift type with `addTarget(_:action:for:)` taking a `(Target) -> (Any) -> Void` and `removeTarget(_:for:)`, which needs no Objective-C runtime (Linux, test doubles).",
        default: .string(SenderAPI.uikit.rawValue))
    static let isolation = LanguageKey(
        "isolation", .choice(LanguageWord.cases(of: SenderIsolation.self, meaning: isolationMeaning)),
        .perKind,
        summary: "where the sender may be called; `mainActor` for UIKit and AppKit",
        description:
            "Where the sender may be called. `mainActor` (the only choice for `uikit` and `appkit`, and their default): the target is added and removed on the main actor, synchronously when the subscribing thread is the main thread and by a hop to it otherwise, and `value` is main-actor code. `nonisolated` (the default for `native`): the sender is called on whatever thread subscribes, requests or cancels."
    )
    static let event = LanguageKey(
        "event", .either([.swiftType, .mapping(SchemaLanguage.event)]), .perKind,
        definition: "eventSelection",
        summary:
            "`{ type: Control.Event, default: .primaryActionTriggered }` or just the type; required but for `appkit`",
        description:
            "The control events to observe, required for `uikit` and `native` senders: the event type alone (`event: UIControl.Event`), or a mapping with a default event (`event: { type: UIControl.Event, default: .primaryActionTriggered }`). An `appkit` sender has one action, sent for the events its `sendAction(on:)` mask names, so it takes no `event`.",
        missingHint: "add 'event: { type: UIControl.Event, default: .primaryActionTriggered }'")

    static let starterSchemaEntry: String? = nil

    private static func senderMeaning(_ api: SenderAPI) -> String {
        switch api {
        case .uikit: "UIControl: addTarget(_:action:for:) with a selector (the default)"
        case .appkit: "NSControl: one target and action, shared through a forwarder; no event"
        case .native: "a Swift sender with addTarget(_:action:for:) taking a closure; no Objective-C runtime"
        }
    }

    private static func isolationMeaning(_ isolation: SenderIsolation) -> String {
        switch isolation {
        case .mainActor: "add, remove and value run on the main actor (required for uikit and appkit)"
        case .nonisolated: "the sender is called on the subscribing thread (the default for native)"
        }
    }
}

extension PublisherKind {
    public static let targetAction = PublisherKind(spelling: "targetAction")
}
