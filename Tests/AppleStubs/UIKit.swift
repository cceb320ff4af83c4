// Stub of Apple's UIKit for type-checking Apple-only code on Linux: the target/action senders and
// the delegates the generated code and the delegate kind use, as Apple declares them. Every class
// and delegate protocol here is `@MainActor` (`NS_SWIFT_UI_ACTOR` in the SDK); option sets are
// nonisolated and `Sendable`; optionality is the SDK's. Nothing here runs.
// Sources: https://developer.apple.com/documentation/uikit

@_exported import Foundation

@MainActor open class UIResponder: NSObject {}

@MainActor open class UIEvent: NSObject {}

@MainActor open class UIView: UIResponder {
    public override init() { fatalError() }
    open var isHidden: Bool = false
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { fatalError() }
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { fatalError() }
}

// MARK: - Target/action

@MainActor open class UIControl: UIView {
    /// `struct UIControl.Event`: nonisolated, `Sendable`.
    public nonisolated struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var touchDown: Event { fatalError() }
        public static var touchUpInside: Event { fatalError() }
        public static var valueChanged: Event { fatalError() }
        /// iOS 9.0.
        public static var primaryActionTriggered: Event { fatalError() }
        public static var editingDidBegin: Event { fatalError() }
        public static var editingChanged: Event { fatalError() }
        public static var editingDidEnd: Event { fatalError() }
        public static var editingDidEndOnExit: Event { fatalError() }
        public static var allEvents: Event { fatalError() }
    }

    open var isEnabled: Bool = false
    open var isSelected: Bool = false
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) { fatalError() }
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) { fatalError() }
    open var allTargets: Set<AnyHashable> { fatalError() }
    open var allControlEvents: UIControl.Event { fatalError() }
    open func actions(forTarget target: Any?, forControlEvent controlEvent: UIControl.Event) -> [String]? {
        fatalError()
    }
    open func sendActions(for controlEvents: UIControl.Event) { fatalError() }
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) { fatalError() }
}

@MainActor open class UIButton: UIControl {}

@MainActor open class UISwitch: UIControl {
    open var isOn: Bool = false
    open func setOn(_ on: Bool, animated: Bool) { fatalError() }
}

@MainActor open class UISlider: UIControl {
    open var value: Float = 0
    open var minimumValue: Float = 0
    open var maximumValue: Float = 0
}

@MainActor open class UIStepper: UIControl {
    open var value: Double = 0
}

@MainActor open class UISegmentedControl: UIControl {
    open var selectedSegmentIndex: Int = 0
}

@MainActor open class UIDatePicker: UIControl {
    open var date: Date = Date()
}

@MainActor open class UIPageControl: UIControl {
    open var currentPage: Int = 0
    open var numberOfPages: Int = 0
}

@MainActor open class UIRefreshControl: UIControl {
    open var isRefreshing: Bool { fatalError() }
    open func beginRefreshing() { fatalError() }
    open func endRefreshing() { fatalError() }
}

@MainActor open class UITextField: UIControl {
    open var text: String?
    weak open var delegate: (any UITextFieldDelegate)?
}

@MainActor open class UITextView: UIScrollView {
    open var text: String!
}

/// `class UIGestureRecognizer`: targets are added with `addTarget(_:action:)`, no event mask.
@MainActor open class UIGestureRecognizer: NSObject {
    /// `enum UIGestureRecognizer.State`: nonisolated.
    public nonisolated enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static var recognized: State { .ended }
    }

    public init(target: Any?, action: Selector?) { fatalError() }
    open func addTarget(_ target: Any, action: Selector) { fatalError() }
    open func removeTarget(_ target: Any?, action: Selector?) { fatalError() }
    open var state: UIGestureRecognizer.State { fatalError() }
    open var isEnabled: Bool = false
    open var view: UIView? { fatalError() }
}

@MainActor open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired: Int = 0
}

@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {}

@MainActor open class UILongPressGestureRecognizer: UIGestureRecognizer {}

@MainActor open class UISwipeGestureRecognizer: UIGestureRecognizer {}

@MainActor open class UIBarItem: NSObject {}

/// `class UIBarButtonItem`: one target (held weakly) and one action.
@MainActor open class UIBarButtonItem: UIBarItem {
    weak open var target: AnyObject?
    open var action: Selector?
}

@MainActor open class UIApplication: UIResponder {
    open class var shared: UIApplication { fatalError() }
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        fatalError()
    }
}

// MARK: - Delegates

@MainActor open class UIScrollView: UIView {
    weak open var delegate: (any UIScrollViewDelegate)?
}

@MainActor @objc public protocol UIScrollViewDelegate: NSObjectProtocol {
    @objc optional func scrollViewDidScroll(_ scrollView: UIScrollView)
    @objc optional func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
}

/// A `UIScrollView` in the SDK, whose Objective-C header narrows the inherited `delegate` to a
/// `UITableViewDelegate`. Swift cannot override a read-write property with a narrower type, so this
/// stub derives from `UIView` and declares the narrow `delegate`, the one code assigns and reads.
@MainActor open class UITableView: UIView {
    weak open var delegate: (any UITableViewDelegate)?
}

@MainActor @objc public protocol UITableViewDelegate: UIScrollViewDelegate {
    @objc optional func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    @objc optional func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
}

@MainActor @objc public protocol UITextFieldDelegate: NSObjectProtocol {
    @objc optional func textFieldDidBeginEditing(_ textField: UITextField)
    @objc optional func textFieldDidEndEditing(_ textField: UITextField)
    @objc optional func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

@MainActor open class UISearchBar: UIView {
    open var text: String?
    weak open var delegate: (any UISearchBarDelegate)?
}

@MainActor @objc public protocol UISearchBarDelegate: NSObjectProtocol {
    @objc optional func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    @objc optional func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    @objc optional func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension IndexPath {
    public var row: Int { fatalError() }
    public var section: Int { fatalError() }
}
