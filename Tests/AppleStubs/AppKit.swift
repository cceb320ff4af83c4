// Stub of Apple's AppKit for type-checking Apple-only code on Linux: NSControl's single target and
// action, the controls the goldens and the AppKit sender test use. Classes are `@MainActor`
// (`NS_SWIFT_UI_ACTOR` in the SDK); `target` is weak and optional, `action` optional, as the SDK
// declares them. Nothing here runs.
// Sources: https://developer.apple.com/documentation/appkit
// https://developer.apple.com/documentation/appkit/nsbutton/state
// https://developer.apple.com/documentation/appkit/nscontrol/statevalue
// https://developer.apple.com/documentation/appkit/nstextfielddelegate
// https://developer.apple.com/documentation/appkit/nscontroltexteditingdelegate
// https://developer.apple.com/documentation/appkit/nstextviewdelegate
// https://developer.apple.com/documentation/appkit/nstextdelegate

@_exported import Foundation

@MainActor open class NSResponder: NSObject {}

@MainActor open class NSApplication: NSResponder {
    open class var shared: NSApplication { fatalError() }
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?) -> Bool { fatalError() }
}

@MainActor open class NSView: NSResponder {}

/// `class NSControl`: one target and one action (`addTarget(_:action:for:)` is macOS 11 and later,
/// so it is left out: the generated code must not need it at macOS 10.15).
@MainActor open class NSControl: NSView {
    weak open var target: AnyObject?
    open var action: Selector?
    open var isEnabled: Bool = false
    open var doubleValue: Double = 0
    open var integerValue: Int = 0
    open var stringValue: String = ""
    open func sendAction(_ action: Selector?, to target: Any?) -> Bool { fatalError() }
    open func performClick(_ sender: Any?) { fatalError() }
}

extension NSControl {
    /// `struct NSControl.StateValue` (`NSControlStateValue`): nonisolated, `Sendable`.
    public nonisolated struct StateValue: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static var on: StateValue { fatalError() }
        public static var off: StateValue { fatalError() }
        public static var mixed: StateValue { fatalError() }
    }
}

@MainActor open class NSButton: NSControl {
    open var title: String = ""
    /// `var state: NSControl.StateValue`: on, off or mixed.
    open var state: NSControl.StateValue {
        get { fatalError() }
        set { fatalError() }
    }
}

@MainActor open class NSSlider: NSControl {
    open var minValue: Double = 0
    open var maxValue: Double = 0
}

/// `class NSTextField: NSControl`: its delegate is weak.
@MainActor open class NSTextField: NSControl {
    weak open var delegate: (any NSTextFieldDelegate)?
}

/// `protocol NSControlTextEditingDelegate`: `@MainActor`; every method optional. (Only the ones used
/// here.) Each is passed a notification whose `object` is the control.
@MainActor @objc public protocol NSControlTextEditingDelegate: NSObjectProtocol {
    @objc optional func controlTextDidBeginEditing(_ obj: Notification)
    @objc optional func controlTextDidEndEditing(_ obj: Notification)
    @objc optional func controlTextDidChange(_ obj: Notification)
}

/// `protocol NSTextFieldDelegate: NSControlTextEditingDelegate`: `@MainActor`.
@MainActor @objc public protocol NSTextFieldDelegate: NSControlTextEditingDelegate {}

/// `class NSText: NSView`. In the SDK it has a `delegate` of type `NSTextDelegate`, which
/// `NSTextView` narrows to `NSTextViewDelegate`; Swift cannot override a read-write property with a
/// narrower type, so this stub leaves `NSText.delegate` out and declares the narrow one, as the
/// `UITableView` stub does. Whether the SDK imports it as `weak` or `unowned(unsafe)` is uncertain
/// (weak here).
@MainActor open class NSText: NSView {
    open var string: String = ""
}

/// `class NSTextView: NSText`.
@MainActor open class NSTextView: NSText {
    weak open var delegate: (any NSTextViewDelegate)?
}

/// `protocol NSTextDelegate`: `@MainActor`; every method optional. (Only the ones used here.) Each
/// is passed a notification whose `object` is the text view.
@MainActor @objc public protocol NSTextDelegate: NSObjectProtocol {
    @objc optional func textDidBeginEditing(_ notification: Notification)
    @objc optional func textDidEndEditing(_ notification: Notification)
    @objc optional func textDidChange(_ notification: Notification)
}

/// `protocol NSTextViewDelegate: NSTextDelegate`: `@MainActor`.
@MainActor @objc public protocol NSTextViewDelegate: NSTextDelegate {}
