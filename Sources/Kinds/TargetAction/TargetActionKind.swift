import GeneratorEmitting
import GeneratorLanguage
import GeneratorModel
import GeneratorValidating

/// `kind: targetAction`: a sender following the target/action pattern (UIControl, NSControl or a
/// Swift-native sender). The target is added when the subscription starts and removed when it ends.
package enum TargetActionKind: KindDecoding, KindEmitting {
    package typealias Source = TargetActionSource
    package static let namesInScope = ["event", "sender", "publisherValue", "publisherInitial"]

    package static let language = KindDescription(
        summary: "a sender following the target/action pattern",
        description:
            "kind targetAction: a sender that follows the target/action pattern (UIControl, UIGestureRecognizer, UIBarButtonItem, NSControl or a Swift-native sender). The target is added (for `event`, where the sender has events) when the subscription starts and removed when it ends.",
        // Controls and gesture recognizers.
        synonyms: ["action", "control", "controlevent", "uicontrol", "target", "gesture", "gesturerecognizer"],
        snippet: LanguageSnippet(
            label: "targetAction publisher",
            description: "Events of a control that follows the target/action pattern.",
            body: .fields([
                "name": "${1:ControlEvent}", "kind": .string(kind.rawValue), "on": "${2:UIControl}",
                "output": "${3:UIControl}",
                "event": .fields(["type": "${4:UIControl.Event}", "default": "${5:.primaryActionTriggered}"]),
            ])))

    package static let keys = [
        SharedDeclarationKeys.failureSample.optional,
        SharedDeclarationKeys.test.optional,
        SharedDeclarationKeys.owner.required,
        SharedDeclarationKeys.typeParameters.optional,
        sender.optional,
        SharedDeclarationKeys.isolation.optional(
            meaning:
                "`mainActor`, the default, is the only choice for `uikit`, `gesture`, `appkit` and `barButtonItem` senders; `nonisolated` is the default for `native` and `nativeGesture` senders."
        ),
        event.optional,
        SharedDeclarationKeys.value.optional(
            meaning: "evaluated on the sender for each event, e.g. `isOn`; without it the sender itself is sent."),
        SharedDeclarationKeys.initial.optional(
            meaning: "evaluated on the sender right after the target is added, e.g. `isOn`."),
    ]

    static let sender = LanguageKey(
        "sender", .choice(LanguageWord.cases(of: SenderAPI.self, meaning: senderMeaning)),
        .perKind,
        summary: "the sender's target/action API",
        description:
            "Which target/action API the sender (`on`) has; the generated code is the same on every platform. `uikit`: UIControl's `addTarget(_:action:for:)` with a selector. `appkit`: NSControl's single `target` and `action`, shared through a forwarder that keeps calling the control's own target and action; takes no `event`. `native`: a Swift type with `addTarget(_:action:for:)` taking a `(Target) -> (Any) -> Void` and `removeTarget(_:for:)`, which needs no Objective-C runtime (Linux, test doubles). `gesture`: UIGestureRecognizer's `addTarget(_:action:)` and `removeTarget(_:action:)` with a selector; takes no `event`. `barButtonItem`: UIBarButtonItem's single `target` and `action`, shared through a forwarder that keeps performing the item's own action through `UIApplication.shared.sendAction(_:to:from:for:)`; takes no `event`. `nativeGesture`: a Swift type shaped like a gesture recognizer, with `addTarget(_:action:)` taking a `(Target) -> (Any) -> Void` and `removeTarget(_:)`; takes no `event`.",
        default: .string(SenderAPI.uikit.rawValue))
    static let event = LanguageKey(
        "event", .either([.swiftType, .mapping(eventScope)]), .perKind,
        definition: "eventSelection",
        summary:
            "`{ type: Control.Event, default: .primaryActionTriggered }` or just the type; only for `uikit` and `native`",
        description:
            "The control events to observe, required for `uikit` and `native` senders: the event type alone (`event: UIControl.Event`), or a mapping with a default event (`event: { type: UIControl.Event, default: .primaryActionTriggered }`). An `appkit` or `barButtonItem` sender has one action, sent for the events it decides, and a gesture recognizer (`gesture`, `nativeGesture`) has no event, so they take no `event`.",
        missingHint: "add 'event: { type: UIControl.Event, default: .primaryActionTriggered }'")
    /// The mapping form of `event`.
    static let eventScope = LanguageScope(
        name: "event",
        description: "The control events to observe, with the event used when the caller names none.",
        summary: "the control events to observe",
        example: "{ type: Control.Event, default: .primaryActionTriggered }",
        keys: [
            LanguageKey(
                "type", .swiftType, .required,
                summary: "the control-event type",
                description: "The control-event type, e.g. `UIControl.Event` or `NSEvent.EventTypeMask`."),
            LanguageKey(
                "default", .swiftCode, .optional,
                summary: "the event used when the caller names none",
                description:
                    "The event used when the caller names none, a Swift expression such as `.primaryActionTriggered` or `.valueChanged`."
            ),
        ])

    /// The keys of the mapping form of `event`, as the decoder checks them.
    static let eventKeys = SchemaVocabulary.KeySet(eventScope)

    package static let starterSchemaEntry: String? = nil

    private static func senderMeaning(_ api: SenderAPI) -> String {
        switch api {
        case .uikit: "UIControl: addTarget(_:action:for:) with a selector (the default)"
        case .appkit: "NSControl: one target and action, shared through a forwarder; no event"
        case .native: "a Swift sender with addTarget(_:action:for:) taking a closure; no Objective-C runtime"
        case .gesture: "UIGestureRecognizer: addTarget(_:action:) with a selector; no event"
        case .barButtonItem: "UIBarButtonItem: one target and action, shared through a forwarder; no event"
        case .nativeGesture:
            "a Swift sender with addTarget(_:action:) taking a closure, no event; no Objective-C runtime"
        }
    }
}

extension PublisherKind {
    public static let targetAction = PublisherKind(spelling: "targetAction")
}
