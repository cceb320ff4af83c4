import GeneratorDiagnostics
import GeneratorModel

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
    /// A Swift expression evaluated on the sender right after the target is added, sent before any
    /// event (the current value); `nil` sends nothing first.
    public var initial: Located<String>?
    public var behavior: PushBehavior

    public init(
        api: SenderAPI, isolation: SourceIsolation, events: Events?, value: Located<String>?,
        initial: Located<String>? = nil, behavior: PushBehavior
    ) {
        self.api = api
        self.isolation = isolation
        self.events = events
        self.value = value
        self.initial = initial
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
    /// `UIGestureRecognizer`: `addTarget(_:action:)` / `removeTarget(_:action:)` with a selector,
    /// many targets, no event, main actor.
    case gesture
    /// `UIBarButtonItem`: one `target` and `action`, main actor, like `appkit`, but the control's own
    /// action is performed through `UIApplication.shared.sendAction(_:to:from:for:)`.
    case barButtonItem
    /// A Swift type shaped like a gesture recognizer: `addTarget(_:action:)` taking a
    /// `(Target) -> (Any) -> Void` and `removeTarget(_:)`, no event; no Objective-C runtime needed.
    case nativeGesture

    /// UIKit and AppKit senders are `@MainActor`; a native sender is whatever it declares.
    public var isAlwaysOnMainActor: Bool { !isNative }
    /// Swift senders, which need no Objective-C runtime.
    public var isNative: Bool { self == .native || self == .nativeGesture }
    /// Controls with an event mask take an event to observe; gesture recognizers have none, and
    /// single-slot senders have one action for whatever events they send it for.
    public var takesEvents: Bool { self == .uikit || self == .native }
    /// Senders with one `target` and `action` slot, shared through `SingleActionForwarder`.
    public var hasSingleSlot: Bool { self == .appkit || self == .barButtonItem }
    /// Senders whose target is an `NSObject` called through a selector.
    public var usesSelectors: Bool { self == .uikit || self == .gesture }
}
