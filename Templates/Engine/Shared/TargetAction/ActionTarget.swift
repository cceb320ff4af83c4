#if canImport(ObjectiveC)
import Foundation
#endif

// MARK: - Action targets

#if canImport(ObjectiveC)
/// What a target is made of: an `NSObject` where senders call it through a selector (UIKit's
/// `addTarget(_:action:for:)`), a plain class without the Objective-C runtime.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
typealias ActionTargetBase = NSObject
#else
/// What a target is made of: an `NSObject` where senders call it through a selector (UIKit's
/// `addTarget(_:action:for:)`), a plain class without the Objective-C runtime. It holds nothing, so
/// it is safe to share.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated class ActionTargetBase: @unchecked Sendable {
    init() {}
}
#endif

/// The target a main-actor sender calls (a UIKit control or gesture recognizer, a `@MainActor`
/// Swift sender): one per consumer, called on the main actor. `deliver`, made by the declaration
/// where the sender's type and the value are known, is called with the sender for each action.
///
/// The sender is kept unretained and unchecked: only the sender calls `handle`, so it is alive
/// whenever it is read, and a strong reference would keep a sender the stream holds weakly alive
/// for as long as the stream. Borrowed (`withBorrowedObject`), it costs an action no retain and
/// release, and the action's argument needs no cast.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class MainActorActionTarget: ActionTargetBase {
    /// Sends the value for one action of `sender`, the sender this target was made for.
    typealias Deliver = @MainActor (_ sender: AnyObject) -> Void

    private let sender: Unmanaged<AnyObject>
    private let deliver: Deliver

    init(sender: AnyObject, deliver: @escaping Deliver) {
        self.sender = Unmanaged.passUnretained(sender)
        self.deliver = deliver
        super.init()
    }

    /// The action as a Swift-native sender takes it, a method of the target: made here, once,
    /// rather than by each declaration that adds a target.
    @MainActor static var action: @MainActor (MainActorActionTarget) -> (Any) -> Void {
        MainActorActionTarget.handle
    }

    #if canImport(ObjectiveC)
    /// The action: called by the sender, through a selector or as a Swift method.
    @MainActor @objc func handle(_: Any) { sender.withBorrowedObject { deliver($0) } }
    #else
    /// The action: called by the sender as a Swift method.
    @MainActor func handle(_: Any) { sender.withBorrowedObject { deliver($0) } }
    #endif
}

/// Safe to share: its stored properties are constants, and its action runs on the main actor. The
/// class itself is not main-actor isolated, so that its initializer overrides nothing of another
/// isolation in a module whose default isolation is `MainActor`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension MainActorActionTarget: @unchecked Sendable {}

/// The target a Swift-native sender that is not bound to the main actor calls, on whichever
/// thread it calls it; otherwise as ``MainActorActionTarget``.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class ActionTarget {
    /// Sends the value for one action of `sender`, the sender this target was made for.
    typealias Deliver = (_ sender: AnyObject) -> Void

    private let sender: Unmanaged<AnyObject>
    private let deliver: Deliver

    init(sender: AnyObject, deliver: @escaping Deliver) {
        self.sender = Unmanaged.passUnretained(sender)
        self.deliver = deliver
    }

    /// The action as a Swift-native sender takes it, a method of the target: made here, once,
    /// rather than by each declaration that adds a target.
    static var action: (ActionTarget) -> (Any) -> Void { ActionTarget.handle }

    /// The action: called by the sender as a Swift method.
    func handle(_: Any) { sender.withBorrowedObject { deliver($0) } }
}
