/// Everything about target/action in one place: the sender API that owner types offer, and the
/// keys of a `kind: targetAction` declaration.
///
/// Every declaration says `sender: native` or `sender: nativeGesture` (no event), the sender APIs
/// Linux compiles (UIKit and AppKit goldens are parsed by `AppleOnlyGoldenTests` and type-checked
/// against stubs by `scripts/check-apple.sh` instead), with `isolation: nonisolated` written
/// or left to its default. `isolation: mainActor` needs a `@MainActor` owner whose `addTarget`
/// takes a `@MainActor` action; the world's owners are nonisolated, so the main-actor form is
/// left to the fixtures (`MainActorButton`) and the examples.
enum TargetActionSenders {
    /// Members every owner class declares: the Swift-native sender API of the DocC
    /// article "Target/action sources", for events of `eventType`.
    static func nativeSenderAPI(eventType: String) -> String {
        """
            public func addTarget<ActionTarget: AnyObject>(
                _ target: ActionTarget, action: @escaping (ActionTarget) -> (Any) -> Void, for event: \(eventType)
            ) {}

            public func removeTarget(_ target: AnyObject, for event: \(eventType)) {}

            public func addTarget<ActionTarget: AnyObject>(
                _ target: ActionTarget, action: @escaping (ActionTarget) -> (Any) -> Void
            ) {}

            public func removeTarget(_ target: AnyObject) {}
        """
    }

    /// The kind-specific keys of a target/action declaration on `owner`: `event` (with or without
    /// a default, as a mapping or just the type) but for gesture-shaped senders, `value` unless the
    /// sender itself is sent, and sometimes `initial` (the sender, or an expression like `value`).
    static func declarationKeys(
        owner: OwnerType, sendsSender: Bool, value: String?, random: inout SeededRandom
    ) -> [(key: String, value: YAMLValue)] {
        let gesture = random.chance(0.2)
        var keys: [(key: String, value: YAMLValue)] = [("sender", .plain(gesture ? "nativeGesture" : "native"))]
        if random.chance(0.3) { keys.append(("isolation", .plain("nonisolated"))) }
        if random.chance(0.3) {
            keys.append(("initial", .text(sendsSender ? random.pick(["sender", "self"]) : value ?? "sender")))
        }
        if gesture {
            if !sendsSender, let value { keys.append(("value", .text(value))) }
            return keys
        }
        let eventType = "\(owner.spelling).Event"
        switch random.int(in: 0...2) {
        case 0: keys.append(("event", .text(eventType)))
        case 1: keys.append(("event", .mapping([("type", .text(eventType))])))
        default:
            let defaultEvent = random.pick([".primary", ".changed", "\(eventType).primary", ".init(rawValue: 7)"])
            keys.append(("event", .mapping([("type", .text(eventType)), ("default", .text(defaultEvent))])))
        }
        if !sendsSender, let value { keys.append(("value", .text(value))) }
        return keys
    }
}
