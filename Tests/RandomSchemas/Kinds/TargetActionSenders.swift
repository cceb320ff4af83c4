/// Everything about target/action in one place: the sender API that owner types offer, and the
/// keys of a `kind: targetAction` declaration.
///
/// Every declaration says `sender: native`, the only sender API Linux compiles (UIKit and AppKit
/// goldens are parsed by `AppleOnlyGoldenTests` instead), with `isolation: nonisolated` written
/// or left to its default. `isolation: mainActor` needs a `@MainActor` owner whose `addTarget`
/// takes a `@MainActor` action; the world's owners are nonisolated, so the main-actor form is
/// left to the fixtures (`MainActorButton`) and the examples.
enum TargetActionSenders {
    /// Members every owner class declares: the Swift-native sender API of README "What the
    /// generated code guarantees", for events of `eventType`.
    static func nativeSenderAPI(eventType: String) -> String {
        """
            public func addTarget<ActionTarget: AnyObject>(
                _ target: ActionTarget, action: @escaping (ActionTarget) -> (Any) -> Void, for event: \(eventType)
            ) {}

            public func removeTarget(_ target: AnyObject, for event: \(eventType)) {}
        """
    }

    /// The kind-specific keys of a target/action declaration on `owner`: `event` (with or without
    /// a default, as a mapping or just the type), and `value` unless the sender itself is sent.
    static func declarationKeys(
        owner: OwnerType, sendsSender: Bool, value: String?, random: inout SeededRandom
    ) -> [(key: String, value: YAMLValue)] {
        var keys: [(key: String, value: YAMLValue)] = [("sender", .plain("native"))]
        if random.chance(0.3) { keys.append(("isolation", .plain("nonisolated"))) }
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
