// Stub of Apple's AppKit for type-checking Apple-only code on Linux: NSControl's single target and
// action, the controls the goldens and the AppKit sender test use. Classes are `@MainActor`
// (`NS_SWIFT_UI_ACTOR` in the SDK); `target` is weak and optional, `action` optional, as the SDK
// declares them. Nothing here runs.
// Sources: https://developer.apple.com/documentation/appkit

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

@MainActor open class NSButton: NSControl {
    open var title: String = ""
}

@MainActor open class NSSlider: NSControl {
    open var minValue: Double = 0
    open var maxValue: Double = 0
}

@MainActor open class NSTextField: NSControl {}
