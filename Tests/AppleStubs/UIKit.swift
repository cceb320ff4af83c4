// Stub of Apple's UIKit for type-checking Apple-only code on Linux: the target/action senders and
// the delegates the generated code and the delegate kind use, as Apple declares them. Every class
// and delegate protocol here is `@MainActor` (`NS_SWIFT_UI_ACTOR` in the SDK); option sets are
// nonisolated and `Sendable`; optionality is the SDK's. Nothing here runs. The exception is TextKit:
// `NSTextStorage` and `NSTextStorageDelegate` are nonisolated in the SDK ("You can access a text
// storage object from any thread of your app, but your app must guarantee access from only one
// thread at a time"). UIKit.h, the Clang module this overlay re-exports, declares the NS_OPTIONS
// `NSTextStorage.EditActions`; CoreGraphics (`CGFloat`, `CGPoint`) is re-exported, as by Apple's UIKit.
// Sources: https://developer.apple.com/documentation/uikit
// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate
// https://developer.apple.com/documentation/uikit/uitableviewdelegate
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:heightforrowat:)
// https://developer.apple.com/documentation/uikit/uitableview/datasource
// https://developer.apple.com/documentation/uikit/uitableview/numberofrows(insection:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasource
// https://developer.apple.com/documentation/uikit/uitableviewdatasourceprefetching
// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource
// https://developer.apple.com/documentation/uikit/uicollectionviewdatasourceprefetching
// https://developer.apple.com/documentation/uikit/uipickerview
// https://developer.apple.com/documentation/uikit/uipickerviewdatasource
// https://developer.apple.com/documentation/uikit/uipickerviewdelegate
// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
// https://developer.apple.com/documentation/uikit/uiviewcontroller/definespresentationcontext
// https://developer.apple.com/documentation/uikit/uiwindow
// https://developer.apple.com/documentation/uikit/uisearchcontroller
// https://developer.apple.com/documentation/uikit/uisearchcontrollerdelegate
// https://developer.apple.com/documentation/uikit/uitabbardelegate
// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate
// https://developer.apple.com/documentation/uikit/uisearchbardelegate
// https://developer.apple.com/documentation/uikit/nstextstoragedelegate
// https://developer.apple.com/documentation/uikit/uitextviewdelegate
// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate
// https://developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate
// https://developer.apple.com/documentation/uikit/uifocusupdatecontext
// https://developer.apple.com/documentation/uikit/uifocusanimationcoordinator
// https://developer.apple.com/documentation/uikit/uiapplication (its notifications)
// https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
// https://developer.apple.com/documentation/uikit/uitableview/hasuncommittedupdates
// https://developer.apple.com/documentation/uikit/uitableview/insertrows(at:with:)
// https://developer.apple.com/documentation/uikit/uitableview/rowanimation
// https://developer.apple.com/documentation/uikit/uigesturerecognizerdelegate
// https://developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout
// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout

@_exported import CoreGraphics
@_exported import Foundation
@_exported import UIKit

@MainActor open class UIResponder: NSObject {}

@MainActor open class UIEvent: NSObject {}

@MainActor open class UIView: UIResponder {
    public override init() { fatalError() }
    public init(frame: CGRect) { fatalError() }
    open var frame: CGRect {
        get { fatalError() }
        set { fatalError() }
    }
    open var isHidden: Bool = false
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { fatalError() }
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { fatalError() }
    open func addSubview(_ view: UIView) { fatalError() }
    /// `func layoutIfNeeded()`: lays out the subviews at once if a layout update is pending.
    open func layoutIfNeeded() { fatalError() }
}

/// `class UIWindow: UIView`: `init(frame:)` is inherited; what the Mac-only tests put on screen.
@MainActor open class UIWindow: UIView {
    open var rootViewController: UIViewController?
    open func makeKeyAndVisible() { fatalError() }
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
        public static var allEditingEvents: Event { fatalError() }
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
    /// `var countDownDuration: TimeInterval`, for the `.countDownTimer` mode.
    open var countDownDuration: TimeInterval = 0
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
    /// `@NSCopying var attributedText: NSAttributedString?`.
    open var attributedText: NSAttributedString?
    weak open var delegate: (any UITextFieldDelegate)?
}

/// A `UIScrollView` in the SDK, whose Objective-C header narrows the inherited `delegate` to a
/// `UITextViewDelegate`, like `UITableView` below: so this stub derives from `UIView` and declares the
/// narrow `delegate`.
@MainActor open class UITextView: UIView {
    open var text: String!
    /// `var attributedText: NSAttributedString!`.
    open var attributedText: NSAttributedString!
    weak open var delegate: (any UITextViewDelegate)?
    /// The text view's text, whose delegate reports every edit (also autocorrection's).
    open var textStorage: NSTextStorage { fatalError() }
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
    /// `weak var delegate: (any UIGestureRecognizerDelegate)?`.
    weak open var delegate: (any UIGestureRecognizerDelegate)?
    open var isEnabled: Bool = false
    open var view: UIView? { fatalError() }
}

/// `protocol UIGestureRecognizerDelegate`: `@MainActor`; every method optional. (Only the ones used
/// here.)
@MainActor @objc public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    /// `true` when not implemented: the recognizer begins.
    @objc optional func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// `false` when not implemented: two recognizers do not recognize at once.
    @objc(gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:) optional func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

@MainActor open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired: Int = 0
}

@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {}

/// `class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer`.
@MainActor open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {}

@MainActor open class UILongPressGestureRecognizer: UIGestureRecognizer {}

@MainActor open class UISwipeGestureRecognizer: UIGestureRecognizer {}

/// `class UIPinchGestureRecognizer`: `scale` and `velocity` are `CGFloat`.
@MainActor open class UIPinchGestureRecognizer: UIGestureRecognizer {
    open var scale: CGFloat = 0
    open var velocity: CGFloat { fatalError() }
}

/// `class UIRotationGestureRecognizer`: `rotation` (radians) and `velocity` are `CGFloat`.
@MainActor open class UIRotationGestureRecognizer: UIGestureRecognizer {
    open var rotation: CGFloat = 0
    open var velocity: CGFloat { fatalError() }
}

@MainActor open class UIBarItem: NSObject {}

/// `class UIBarButtonItem`: one target (held weakly) and one action.
@MainActor open class UIBarButtonItem: UIBarItem {
    public override init() { fatalError() }
    weak open var target: AnyObject?
    open var action: Selector?
}

@MainActor open class UIApplication: UIResponder {
    open class var shared: UIApplication { fatalError() }
    // The notifications RxCocoa observes (declared in no fixture yet: see the article
    // MigratingFromRxCocoa; kept for when they are). The SDK declares each as a C constant
    // (`UIApplicationDidEnterBackgroundNotification`) named into the class with NS_SWIFT_NAME;
    // whether the SDK's Swift import makes them main-actor isolated or nonisolated is uncertain, so
    // they are main-actor here (the stricter): code reading them must run on the main actor.
    public class var didEnterBackgroundNotification: NSNotification.Name { fatalError() }
    public class var willEnterForegroundNotification: NSNotification.Name { fatalError() }
    public class var didFinishLaunchingNotification: NSNotification.Name { fatalError() }
    public class var didBecomeActiveNotification: NSNotification.Name { fatalError() }
    public class var willResignActiveNotification: NSNotification.Name { fatalError() }
    public class var didReceiveMemoryWarningNotification: NSNotification.Name { fatalError() }
    public class var willTerminateNotification: NSNotification.Name { fatalError() }
    public class var significantTimeChangeNotification: NSNotification.Name { fatalError() }
    public class var backgroundRefreshStatusDidChangeNotification: NSNotification.Name { fatalError() }
    public class var protectedDataWillBecomeUnavailableNotification: NSNotification.Name { fatalError() }
    public class var protectedDataDidBecomeAvailableNotification: NSNotification.Name { fatalError() }
    /// iOS 7.0.
    public class var userDidTakeScreenshotNotification: NSNotification.Name { fatalError() }
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        fatalError()
    }
}

// MARK: - Delegates

@MainActor open class UIScrollView: UIView {
    weak open var delegate: (any UIScrollViewDelegate)?
    open var contentOffset: CGPoint {
        get { fatalError() }
        set { fatalError() }
    }
    open var contentSize: CGSize {
        get { fatalError() }
        set { fatalError() }
    }
    open var contentInset: UIEdgeInsets {
        get { fatalError() }
        set { fatalError() }
    }
    open var zoomScale: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
    open var isDragging: Bool { fatalError() }
    open var isDecelerating: Bool { fatalError() }
}

/// `protocol UIScrollViewDelegate`: every method optional. (Only the ones used here.)
@MainActor @objc public protocol UIScrollViewDelegate: NSObjectProtocol {
    @objc optional func scrollViewDidScroll(_ scrollView: UIScrollView)
    @objc optional func scrollViewDidZoom(_ scrollView: UIScrollView)
    @objc optional func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// iOS 5.0. `targetContentOffset` may be changed to move where scrolling stops.
    @objc optional func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>)
    @objc optional func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    @objc optional func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    @objc optional func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    @objc optional func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    @objc optional func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// iOS 3.2.
    @objc optional func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    @objc optional func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    @objc optional func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    @objc optional func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
}

// MARK: - Focus (iOS 9.0 and tvOS 9.0)
//
// `@MainActor` here as UIKit's classes are; that the SDK marks these focus classes NS_SWIFT_UI_ACTOR
// is uncertain (not confirmed against a header here).

/// `class UIFocusUpdateContext: NSObject`: the views focus moves from and to.
@MainActor open class UIFocusUpdateContext: NSObject {
    /// `weak var previouslyFocusedView: UIView? { get }`.
    open var previouslyFocusedView: UIView? { fatalError() }
    /// `weak var nextFocusedView: UIView? { get }`.
    open var nextFocusedView: UIView? { fatalError() }
}

/// `class UIFocusAnimationCoordinator: NSObject`.
@MainActor open class UIFocusAnimationCoordinator: NSObject {}

/// `class UITableViewFocusUpdateContext: UIFocusUpdateContext`.
@MainActor open class UITableViewFocusUpdateContext: UIFocusUpdateContext {
    open var previouslyFocusedIndexPath: IndexPath? { fatalError() }
    open var nextFocusedIndexPath: IndexPath? { fatalError() }
}

/// `class UICollectionViewFocusUpdateContext: UIFocusUpdateContext`.
@MainActor open class UICollectionViewFocusUpdateContext: UIFocusUpdateContext {
    open var previouslyFocusedIndexPath: IndexPath? { fatalError() }
    open var nextFocusedIndexPath: IndexPath? { fatalError() }
}

/// A `UIScrollView` in the SDK, whose Objective-C header narrows the inherited `delegate` to a
/// `UITableViewDelegate`. Swift cannot override a read-write property with a narrower type, so this
/// stub derives from `UIView` and declares the narrow `delegate`, the one code assigns and reads.
@MainActor open class UITableView: UIView {
    /// `enum UITableView.RowAnimation: Int` (NS_ENUM `UITableViewRowAnimation`, declared in UIKit.h).
    public typealias RowAnimation = UITableViewRowAnimation

    weak open var delegate: (any UITableViewDelegate)?
    /// Weak and optional, as `delegate`.
    weak open var dataSource: (any UITableViewDataSource)?
    /// `weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?`: iOS 10.0.
    weak open var prefetchDataSource: (any UITableViewDataSourcePrefetching)?
    open func reloadData() { fatalError() }
    /// The rows the table view got from its data source, which it caches.
    open func numberOfRows(inSection section: Int) -> Int { fatalError() }
    /// `func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)`: iOS
    /// 11.0; the inserts, deletes and moves in `updates` animated as one.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) { fatalError() }
    /// `var hasUncommittedUpdates: Bool { get }`: iOS 11.0; placeholder cells or a drop under way.
    open var hasUncommittedUpdates: Bool { fatalError() }
    /// `func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation)`.
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) { fatalError() }
}

@MainActor open class UITableViewCell: UIView {
    /// `enum UITableViewCell.EditingStyle: Int` (NS_ENUM `UITableViewCellEditingStyle`, declared in
    /// UIKit.h): `none`, `delete`, `insert`; nonisolated, `Sendable`, open to new cases.
    public typealias EditingStyle = UITableViewCellEditingStyle
}

/// `protocol UITableViewDelegate: UIScrollViewDelegate`: every method optional. (Only the ones used
/// here.)
@MainActor @objc public protocol UITableViewDelegate: UIScrollViewDelegate {
    @objc optional func tableView(
        _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// iOS 6.0.
    @objc optional func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
    /// iOS 6.0.
    @objc optional func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
    /// iOS 6.0.
    @objc optional func tableView(
        _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// iOS 6.0.
    @objc optional func tableView(
        _ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int)
    /// iOS 6.0.
    @objc optional func tableView(
        _ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int)
    @objc optional func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    /// iOS 6.0.
    @objc optional func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    /// iOS 6.0.
    @objc optional func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    /// The row's height in points, a `CGFloat`.
    @objc optional func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    @objc optional func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    @objc optional func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    @objc optional func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    @objc optional func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath)
    /// `indexPath` is optional: the table view may leave editing mode with no row.
    @objc optional func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?)
    /// iOS 9.0, tvOS 9.0.
    @objc optional func tableView(
        _ tableView: UITableView, didUpdateFocusIn context: UITableViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator)
}

/// `protocol UITableViewDataSource`: `@MainActor`; two required methods, the rest optional. (Only the
/// optional ones used here.)
@MainActor @objc public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// One section when not implemented.
    @objc optional func numberOfSections(in tableView: UITableView) -> Int
    @objc optional func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    @objc optional func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    @objc optional func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// The user deleted or inserted the row (`editingStyle` is `.delete` or `.insert`).
    @objc optional func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    @objc optional func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

/// `protocol UITableViewDataSourcePrefetching`: `@MainActor`, iOS 10.0; `prefetchRowsAt` required.
@MainActor @objc public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
    @objc optional func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

/// A `UIScrollView` in the SDK whose header narrows `delegate`, like `UITableView` above.
@MainActor open class UICollectionView: UIView {
    /// `init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout)`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) { fatalError() }
    weak open var delegate: (any UICollectionViewDelegate)?
    /// `weak var dataSource: (any UICollectionViewDataSource)?`.
    weak open var dataSource: (any UICollectionViewDataSource)?
    /// `weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?`: iOS 10.0.
    weak open var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?
}

@MainActor open class UICollectionReusableView: UIView {}

/// `class UICollectionViewLayout: NSObject`.
@MainActor open class UICollectionViewLayout: NSObject {}

/// `class UICollectionViewFlowLayout: UICollectionViewLayout`: asks the collection view's delegate
/// (as a `UICollectionViewDelegateFlowLayout`) for sizes and insets.
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {}

@MainActor open class UICollectionViewCell: UICollectionReusableView {}

/// `protocol UICollectionViewDelegate: UIScrollViewDelegate`: every method optional. (Only the ones
/// used here.)
@MainActor @objc public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    @objc optional func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    @objc optional func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    @objc optional func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    @objc optional func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    /// iOS 8.0.
    @objc optional func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// iOS 8.0.
    @objc optional func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath)
    @objc optional func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
        forItemAt indexPath: IndexPath)
    @objc optional func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath)
    /// iOS 9.0, tvOS 9.0.
    @objc optional func collectionView(
        _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator)
}

/// `protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate`: every method optional;
/// sent to the collection view's `delegate`. (Only the ones used here.)
@MainActor @objc public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// iOS 8.0: the item's size; the layout's `itemSize` when not implemented.
    @objc(collectionView:layout:sizeForItemAtIndexPath:) optional func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize
    /// iOS 8.0: the section's margins; the layout's `sectionInset` when not implemented.
    @objc(collectionView:layout:insetForSectionAtIndex:) optional func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets
}

/// `protocol UICollectionViewDataSource`: `@MainActor`; two required methods, the rest optional.
/// (Only the optional ones used here.)
@MainActor @objc public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell
    /// One section when not implemented.
    @objc optional func numberOfSections(in collectionView: UICollectionView) -> Int
    @objc optional func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionReusableView
    /// iOS 9.0.
    @objc optional func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// iOS 9.0.
    @objc optional func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath)
}

/// `protocol UICollectionViewDataSourcePrefetching`: `@MainActor`, iOS 10.0; `prefetchItemsAt` required.
@MainActor @objc public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    @objc optional func collectionView(
        _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

/// `class UIPickerView: UIView`: its data source and delegate are both weak.
@MainActor open class UIPickerView: UIView {
    weak open var dataSource: (any UIPickerViewDataSource)?
    weak open var delegate: (any UIPickerViewDelegate)?
    /// `func selectRow(_ row: Int, inComponent component: Int, animated: Bool)`: the delegate is not told.
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) { fatalError() }
    open func reloadAllComponents() { fatalError() }
    /// `var numberOfComponents: Int { get }`
    open var numberOfComponents: Int { fatalError() }
    /// `func selectedRow(inComponent component: Int) -> Int`: -1 when no row is selected.
    open func selectedRow(inComponent component: Int) -> Int { fatalError() }
}

/// `protocol UIPickerViewDataSource`: `@MainActor`; both methods required.
@MainActor @objc public protocol UIPickerViewDataSource: NSObjectProtocol {
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// `protocol UIPickerViewDelegate`: `@MainActor`; every method optional. (Only the ones used here.)
@MainActor @objc public protocol UIPickerViewDelegate: NSObjectProtocol {
    /// The component's width in points, a `CGFloat`.
    @objc optional func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    /// The component's row height in points, a `CGFloat`.
    @objc optional func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    @objc optional func pickerView(
        _ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int
    ) -> String?
    @objc optional func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

@MainActor @objc public protocol UITextFieldDelegate: NSObjectProtocol {
    @objc optional func textFieldDidBeginEditing(_ textField: UITextField)
    @objc optional func textFieldDidEndEditing(_ textField: UITextField)
    @objc optional func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

@MainActor open class UISearchBar: UIView {
    open var text: String?
    /// `var selectedScopeButtonIndex: Int`: the selected scope button, 0 when there is none.
    open var selectedScopeButtonIndex: Int = 0
    weak open var delegate: (any UISearchBarDelegate)?
}

@MainActor @objc public protocol UISearchBarDelegate: NSObjectProtocol {
    @objc optional func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    @objc optional func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    @objc optional func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    @objc optional func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    /// iOS only (not tvOS).
    @objc optional func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar)
    @objc optional func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
    /// iOS 3.2; iOS only (not tvOS).
    @objc optional func searchBarResultsListButtonClicked(_ searchBar: UISearchBar)
    /// iOS 3.0.
    @objc optional func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

/// `protocol UITextViewDelegate: UIScrollViewDelegate`: `@MainActor`; every method optional. (Only
/// the ones used here.)
@MainActor @objc public protocol UITextViewDelegate: UIScrollViewDelegate {
    @objc optional func textViewDidBeginEditing(_ textView: UITextView)
    @objc optional func textViewDidEndEditing(_ textView: UITextView)
    @objc optional func textViewDidChange(_ textView: UITextView)
    @objc optional func textViewDidChangeSelection(_ textView: UITextView)
}

/// `class UIViewController: UIResponder`.
@MainActor open class UIViewController: UIResponder {
    /// `var view: UIView!`: loaded on first access.
    open var view: UIView! {
        get { fatalError() }
        set { fatalError() }
    }
    open var definesPresentationContext: Bool = false
    /// `var presentingViewController: UIViewController? { get }`: iOS 5.0.
    open var presentingViewController: UIViewController? { fatalError() }
    /// `func present(_:animated:completion:)`: iOS 5.0; the `completion` closure, `nil` by default, is
    /// neither `Sendable` nor `@MainActor` in the SDK.
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) { fatalError() }
}

/// `class UISearchController: UIViewController`: iOS 8.0.
@MainActor open class UISearchController: UIViewController {
    /// `init(searchResultsController: UIViewController?)`: a convenience initializer (not
    /// NS_DESIGNATED_INITIALIZER in the header, which marks `init(nibName:bundle:)` and
    /// `init(coder:)`), so a subclass cannot call it as `super.init`.
    public convenience init(searchResultsController: UIViewController?) { fatalError() }
    weak open var delegate: (any UISearchControllerDelegate)?
    open var isActive: Bool = false
    /// `var searchBar: UISearchBar { get }`.
    open var searchBar: UISearchBar { fatalError() }
}

/// `protocol UISearchControllerDelegate`: `@MainActor`; every method optional. (Only the ones used here.)
@MainActor @objc public protocol UISearchControllerDelegate: NSObjectProtocol {
    /// Implemented to present the search controller oneself.
    @objc optional func presentSearchController(_ searchController: UISearchController)
    @objc optional func willPresentSearchController(_ searchController: UISearchController)
    @objc optional func didPresentSearchController(_ searchController: UISearchController)
    @objc optional func willDismissSearchController(_ searchController: UISearchController)
    @objc optional func didDismissSearchController(_ searchController: UISearchController)
}

/// `class UITabBar: UIView`: its delegate is weak.
@MainActor open class UITabBar: UIView {
    weak open var delegate: (any UITabBarDelegate)?
}

/// `class UINavigationController: UIViewController`: its delegate is weak.
@MainActor open class UINavigationController: UIViewController {
    weak open var delegate: (any UINavigationControllerDelegate)?
    open var viewControllers: [UIViewController] = []
}

/// `protocol UINavigationControllerDelegate`: `@MainActor`; every method optional. (Only the ones
/// used here.)
@MainActor @objc public protocol UINavigationControllerDelegate: NSObjectProtocol {
    @objc optional func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    @objc optional func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

/// `class UITabBarController: UIViewController`: its delegate is weak; `tabBar` is the tab bar it
/// manages, whose delegate it is.
@MainActor open class UITabBarController: UIViewController {
    weak open var delegate: (any UITabBarControllerDelegate)?
    open var viewControllers: [UIViewController]?
    open var tabBar: UITabBar { fatalError() }
}

/// `protocol UITabBarControllerDelegate`: `@MainActor`; every method optional. The customizing
/// methods are iOS only (not tvOS). (Only the ones used here.)
@MainActor @objc public protocol UITabBarControllerDelegate: NSObjectProtocol {
    @objc optional func tabBarController(
        _ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    @objc optional func tabBarController(
        _ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController])
    @objc optional func tabBarController(
        _ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController],
        changed: Bool)
    @objc optional func tabBarController(
        _ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController],
        changed: Bool)
}

/// `class UITabBarItem: UIBarItem`.
@MainActor open class UITabBarItem: UIBarItem {}

/// `protocol UITabBarDelegate`: `@MainActor`; every method optional. (Only the ones used here.)
@MainActor @objc public protocol UITabBarDelegate: NSObjectProtocol {
    @objc optional func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
    /// The customizing methods are iOS only (not tvOS).
    @objc optional func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem])
    @objc optional func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem])
    @objc optional func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool)
    @objc optional func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool)
}

extension IndexPath {
    public var row: Int { fatalError() }
    public var section: Int { fatalError() }
}

// MARK: - TextKit (nonisolated)

/// `class NSTextStorage`: nonisolated, not `Sendable` (one thread at a time). Its edits are reported
/// to its delegate from `processEditing()`.
open class NSTextStorage: NSMutableAttributedString {
    /// `NSTextStorage.EditActions` (NS_OPTIONS `NSTextStorageEditActions`, declared in UIKit.h).
    public typealias EditActions = NSTextStorageEditActions

    weak open var delegate: (any NSTextStorageDelegate)?
    open var editedMask: NSTextStorage.EditActions { fatalError() }
    open var editedRange: NSRange { fatalError() }
    open var changeInLength: Int { fatalError() }
    open func processEditing() { fatalError() }
}

/// `protocol NSTextStorageDelegate`: nonisolated; every method optional.
@objc public protocol NSTextStorageDelegate: NSObjectProtocol {
    @objc optional func textStorage(
        _ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions,
        range editedRange: NSRange, changeInLength delta: Int)
    @objc optional func textStorage(
        _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
        range editedRange: NSRange, changeInLength delta: Int)
}
