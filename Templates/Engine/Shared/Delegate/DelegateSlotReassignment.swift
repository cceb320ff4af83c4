#if canImport(ObjectiveC)
import Foundation
#endif

/// A Swift-native owner that, like a table or collection view, can be in the middle of an update
/// its delegate must not disturb. Lets Linux doubles follow the rule UIKit's views follow.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@MainActor protocol DelegateOwnerUpdating: AnyObject {
    /// Whether updates are under way that the owner has not yet shown (UIKit's name).
    var hasUncommittedUpdates: Bool { get }
}

/// How a main-actor proxy sets itself on its owner again, so that the owner reads its new
/// answers, without disturbing an update. Apple says to avoid significant changes while a table
/// or collection view `hasUncommittedUpdates`, so the reassignment waits until it has none. Where
/// the owner is a view in a window, delayed layout is flushed before and after, as RxCocoa does
/// around installing a data source, so that the owner's old state is not read against the new
/// answers. Asked of the owner by name, so that a module without UIKit or AppKit imports neither.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@MainActor enum DelegateSlotReassignment {
    /// Runs `assign` (the owner's delegate set to `nil`, then to the proxy) unless `owner` has
    /// uncommitted updates; says whether it ran, so that the proxy tries again later.
    static func reassign(_ owner: AnyObject, _ assign: () -> Void) -> Bool {
        if let updating = owner as? any DelegateOwnerUpdating, updating.hasUncommittedUpdates { return false }
        #if canImport(ObjectiveC)
        if let view = owner as? NSObject {
            if view.responds(to: NSSelectorFromString("hasUncommittedUpdates")),
                (view.value(forKey: "hasUncommittedUpdates") as? Bool) == true
            {
                return false
            }
            // UIKit's `layoutIfNeeded`, AppKit's `layoutSubtreeIfNeeded`, for a view in a window.
            let layout = ["layoutIfNeeded", "layoutSubtreeIfNeeded"].lazy.map(NSSelectorFromString)
                .first { view.responds(to: $0) }
            let flush = layout.flatMap { layout in
                view.responds(to: NSSelectorFromString("window")) && view.value(forKey: "window") != nil ? layout : nil
            }
            if let flush { _ = view.perform(flush) }
            assign()
            if let flush { _ = view.perform(flush) }
            return true
        }
        #endif
        assign()
        return true
    }
}
