#if canImport(ObjectiveC)
import Foundation
#endif

#if canImport(ObjectiveC)
/// The target of a control with one `target` and one `action` (an AppKit `NSControl`, a UIKit
/// `UIBarButtonItem`) while subscriptions observe it: each action performs the control's own action
/// first (through `send`: `NSControl.sendAction(_:to:)`, or `UIApplication.sendAction(_:to:from:for:)`
/// on UIKit), then each subscription's handler. Installed with the first subscription and removed with the last; the control's own
/// target and action are restored unless something else replaced the forwarder meanwhile. Setting
/// the control's target or action while subscribed replaces the forwarder, so set them first.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@MainActor final class SingleActionForwarder: NSObject {
    /// Called for each action of the control.
    typealias Handler = @MainActor () -> Void

    /// The key of the forwarder associated with (and retained by) the control it serves.
    private static var associationKey: UInt8 = 0

    private weak var control: NSObject?
    private weak var originalTarget: AnyObject?
    private let originalAction: Selector?
    private let performOriginal: @MainActor (Selector, AnyObject?) -> Void
    private let restoreOriginal: @MainActor (_ forwarder: SingleActionForwarder) -> Void
    private var handlers: [(id: Int, handler: Handler)] = []
    private var nextID = 0

    private init(
        control: NSObject, originalTarget: AnyObject?, originalAction: Selector?,
        performOriginal: @escaping @MainActor (Selector, AnyObject?) -> Void,
        restoreOriginal: @escaping @MainActor (_ forwarder: SingleActionForwarder) -> Void
    ) {
        self.control = control
        self.originalTarget = originalTarget
        self.originalAction = originalAction
        self.performOriginal = performOriginal
        self.restoreOriginal = restoreOriginal
    }

    /// Adds `handler` to the forwarder of `control`, installing one first if the control has none,
    /// and returns how to remove it.
    ///
    /// - Parameters:
    ///   - target: The control's target (`\.target` of `NSControl` or `UIBarButtonItem`).
    ///   - action: The control's action (`\.action` of `NSControl` or `UIBarButtonItem`).
    ///   - send: Sends an action to a target from the control (`NSControl.sendAction(_:to:)`, or
    ///     `UIApplication.shared.sendAction(_:to:from:for:)` for a bar button item).
    static func add<Control: NSObject>(
        _ handler: @escaping Handler, to control: Control,
        target: ReferenceWritableKeyPath<Control, AnyObject?>, action: ReferenceWritableKeyPath<Control, Selector?>,
        send: @escaping @MainActor (Control, Selector, AnyObject?) -> Void
    ) -> @MainActor () -> Void {
        let forwarder: SingleActionForwarder
        if let installed = objc_getAssociatedObject(control, &associationKey) as? SingleActionForwarder,
            control[keyPath: target] === installed, control[keyPath: action] == #selector(forward(_:))
        {
            forwarder = installed
        } else {
            forwarder = SingleActionForwarder(
                control: control, originalTarget: control[keyPath: target], originalAction: control[keyPath: action],
                performOriginal: { [weak control] selector, originalTarget in
                    if let control { send(control, selector, originalTarget) }
                },
                restoreOriginal: { [weak control] forwarder in
                    guard let control, control[keyPath: target] === forwarder,
                        control[keyPath: action] == #selector(forward(_:))
                    else { return }
                    control[keyPath: target] = forwarder.originalTarget
                    control[keyPath: action] = forwarder.originalAction
                })
            control[keyPath: target] = forwarder
            control[keyPath: action] = #selector(forward(_:))
            objc_setAssociatedObject(control, &associationKey, forwarder, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        let id = forwarder.nextID
        forwarder.nextID += 1
        forwarder.handlers.append((id, handler))
        return { forwarder.remove(id) }
    }

    @objc private func forward(_: Any?) {
        if let originalAction { performOriginal(originalAction, originalTarget) }
        // A copy: a handler may remove itself (its subscriber cancels) while this runs.
        for (_, handler) in handlers { handler() }
    }

    private func remove(_ id: Int) {
        handlers.removeAll { $0.id == id }
        guard handlers.isEmpty else { return }
        restoreOriginal(self)
        if let control, objc_getAssociatedObject(control, &Self.associationKey) as? SingleActionForwarder === self {
            objc_setAssociatedObject(control, &Self.associationKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }
}
#endif
