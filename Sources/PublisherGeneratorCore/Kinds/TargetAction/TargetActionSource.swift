/// `kind: targetAction`.
public struct TargetActionSource: Sendable {
    /// The events to observe: the type and the default; `nil` for senders with one action
    /// (``SenderAPI/appkit``).
    public struct Events: Sendable {
        /// The control-event type, e.g. `UIControl.Event`.
        public var type: Located<String>
        /// The event used when the caller names none, e.g. `.primaryActionTriggered`.
        public var defaultEvent: Located<String>?

        public init(type: Located<String>, defaultEvent: Located<String>?) {
            self.type = type
            self.defaultEvent = defaultEvent
        }
    }

    /// The sender's target/action API.
    public var api: SenderAPI
    /// Where the sender may be called.
    public var isolation: SourceIsolation
    public var events: Events?
    /// A Swift expression evaluated on the sender for each event; `nil` sends the sender itself.
    public var value: Located<String>?
    public var behavior: PushBehavior

    public init(
        api: SenderAPI, isolation: SourceIsolation, events: Events?, value: Located<String>?,
        behavior: PushBehavior
    ) {
        self.api = api
        self.isolation = isolation
        self.events = events
        self.value = value
        self.behavior = behavior
    }
}

/// Which target/action API a sender has. It decides the generated code, so one declaration
/// generates the same code on every platform.
public enum SenderAPI: String, CaseIterable, Sendable, Hashable {
    /// `UIControl`: `addTarget(_:action:for:)` with a selector, many targets per event, main actor.
    case uikit
    /// `NSControl`: one `target` and `action`, main actor. Subscriptions share a forwarder that
    /// also keeps calling the control's own target and action.
    case appkit
    /// A Swift type with `addTarget(_:action:for:)` taking a `(Target) -> (Any) -> Void` and
    /// `removeTarget(_:for:)`: no Objective-C runtime needed, so it also runs on Linux.
    case native

    /// UIKit and AppKit controls are `@MainActor`; a native sender is whatever it declares.
    public var isAlwaysOnMainActor: Bool { self != .native }
    /// AppKit controls have one action for whatever events they send it for; the others take an
    /// event to observe.
    public var takesEvents: Bool { self != .appkit }
}
