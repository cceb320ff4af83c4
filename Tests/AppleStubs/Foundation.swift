// Stub of Apple's Foundation for type-checking Apple-only code on Linux: only the shapes the
// generated code, its tests and the delegate stubs use, as Apple declares them. Nothing here runs.
// Apple's Foundation re-exports ObjectiveC, Dispatch and the C library (Darwin); on Linux the C
// library is Glibc, so `pthread_*` in the engine resolve as they do on a Mac. It also re-exports
// CoreGraphics (its NSGeometry.h includes CGBase.h and CGGeometry.h), so `CGFloat`, `CGSize` and
// `CGRect` are in scope with `import Foundation` alone, as on a Mac. The C types (`NSRange`,
// `NSUInteger`) are in Foundation.h, the Clang module this overlay re-exports.
// Sources: https://developer.apple.com/documentation/foundation

@_exported import CoreGraphics
@_exported import Dispatch
@_exported import Foundation
@_exported import Glibc
@_exported import ObjectiveC

/// `protocol NSLocking`.
public protocol NSLocking {
    func lock()
    func unlock()
}

extension NSLocking {
    /// `func withLock<R>(_ body: () throws -> R) rethrows -> R`: iOS 8.0, macOS 10.10 (its page).
    public func withLock<R>(_ body: () throws -> R) rethrows -> R { fatalError() }
}

/// `class NSLock`: `Sendable` (`NS_SWIFT_SENDABLE` in the SDK).
open class NSLock: NSObject, NSLocking, @unchecked Sendable {
    open func lock() { fatalError() }
    open func unlock() { fatalError() }
    open func `try`() -> Bool { fatalError() }
}

/// `class NSRecursiveLock`: `Sendable`, like `NSLock`.
open class NSRecursiveLock: NSObject, NSLocking, @unchecked Sendable {
    open func lock() { fatalError() }
    open func unlock() { fatalError() }
}

/// `class Thread`.
open class Thread: NSObject {
    open class var current: Thread { fatalError() }
    open class var isMainThread: Bool { fatalError() }
    open class var main: Thread { fatalError() }
    open var isMainThread: Bool { fatalError() }
    open var name: String?
}

/// `class RunLoop`.
open class RunLoop: NSObject {
    open class var current: RunLoop { fatalError() }
    open class var main: RunLoop { fatalError() }
    open func run(mode: RunLoop.Mode, before limitDate: Date) -> Bool { fatalError() }

    /// `struct RunLoop.Mode`.
    public struct Mode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode(rawValue: "kCFRunLoopDefaultMode")
    }
}

// MARK: - Key-value observation
//
// The Swift API of key-value observing, as the SDK's Foundation declares it today:
// `observe(_:options:changeHandler:)` on every `NSObject`, `@preconcurrency`, with a `@Sendable`
// handler (so it is not isolated to the caller's actor, and a `var` it captures cannot be mutated in
// it), returning an `NSKeyValueObservation` that stops observing when invalidated or released. The
// overlay it came from (swiftlang/swift, `stdlib/public/Darwin/Foundation/NSObject.swift`) had a
// handler that was neither `Sendable` nor isolated, which lets through in Swift 6 what the SDK's
// rejects (a mutated captured `var`, main-actor state read in the handler).
// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/observe(_:options:changehandler:)

/// `struct NSKeyValueObservingOptions`.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static var new: NSKeyValueObservingOptions { fatalError() }
    public static var old: NSKeyValueObservingOptions { fatalError() }
    public static var initial: NSKeyValueObservingOptions { fatalError() }
    public static var prior: NSKeyValueObservingOptions { fatalError() }
}

/// `struct NSKeyValueObservedChange<Value>`.
public struct NSKeyValueObservedChange<Value> {
    public let newValue: Value?
    public let oldValue: Value?
    public let isPrior: Bool
}

/// `class NSKeyValueObservation`: observes until invalidated or released.
open class NSKeyValueObservation: NSObject {
    @objc open func invalidate() { fatalError() }
}

/// `protocol _KeyValueCodingAndObserving`, to which `NSObject` conforms.
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    @preconcurrency public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation { fatalError() }
}

/// `typealias TimeInterval = Double`.
public typealias TimeInterval = Double

/// `struct Date`.
public struct Date: Hashable, Comparable, Sendable {
    public init() { fatalError() }
    public init(timeIntervalSinceNow: Double) { fatalError() }
    public init(timeIntervalSince1970: TimeInterval) { fatalError() }
    public var timeIntervalSinceNow: Double { fatalError() }
    public static func < (lhs: Date, rhs: Date) -> Bool { fatalError() }
}

/// `struct IndexPath` (UIKit adds `row` and `section`).
public struct IndexPath: Hashable, Sendable {
    public init(indexes: [Int]) { fatalError() }
}

// MARK: - Bridging
//
// Foundation makes these Swift types representable in Objective-C (in `@objc` signatures) by
// bridging them to its classes; the compiler looks the conformances and `NSError` up here.

open class NSString: NSObject, @unchecked Sendable {}
open class NSArray: NSObject, @unchecked Sendable {}
open class NSIndexPath: NSObject, @unchecked Sendable {}

/// `class NSError`: what `any Error` bridges to in `@objc` signatures.
open class NSError: NSObject, Error, @unchecked Sendable {
    public init(domain: String, code: Int, userInfo dict: [String: Any]? = nil) { fatalError() }
    open var domain: String { fatalError() }
    open var code: Int { fatalError() }
}

extension String: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSString { fatalError() }
    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout String?) { fatalError() }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout String?) -> Bool {
        fatalError()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> String { fatalError() }
}

extension Array: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSArray { fatalError() }
    public static func _forceBridgeFromObjectiveC(_ source: NSArray, result: inout [Element]?) { fatalError() }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSArray, result: inout [Element]?) -> Bool {
        fatalError()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSArray?) -> [Element] { fatalError() }
}

extension IndexPath: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSIndexPath { fatalError() }
    public static func _forceBridgeFromObjectiveC(_ source: NSIndexPath, result: inout IndexPath?) { fatalError() }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSIndexPath, result: inout IndexPath?) -> Bool {
        fatalError()
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSIndexPath?) -> IndexPath { fatalError() }
}

/// `struct NSRange` (`_NSRange` in Foundation.h) is `Hashable` in Foundation's overlay.
extension NSRange: Hashable {
    public static func == (lhs: NSRange, rhs: NSRange) -> Bool { fatalError() }
    public func hash(into hasher: inout Hasher) { fatalError() }
}

/// `class NSAttributedString`: its text is `string`. Not `Sendable`, as Apple declares it (its
/// documentation lists no such conformance).
open class NSAttributedString: NSObject {
    /// `init(string str: String)`: the text without attributes.
    public init(string str: String) { fatalError() }
    /// `init()`, NSObject's: an empty string.
    public override init() { fatalError() }
    open var string: String { fatalError() }
    open var length: Int { fatalError() }
}

/// `init(attributedString:)`: a copy of another attributed string, text and attributes.
extension NSAttributedString {
    public convenience init(attributedString attrStr: NSAttributedString) { fatalError() }
}

/// `class NSMutableAttributedString`.
open class NSMutableAttributedString: NSAttributedString {
    open func replaceCharacters(in range: NSRange, with str: String) { fatalError() }
}

/// `class ProcessInfo`.
open class ProcessInfo: NSObject, @unchecked Sendable {
    open class var processInfo: ProcessInfo { fatalError() }
    open var environment: [String: String] { fatalError() }
}

// MARK: - Notifications
//
// What the RxCocoa fixtures use: `Notification` (a struct bridged to `NSNotification`, so it may
// appear in an `@objc` delegate signature such as AppKit's `controlTextDidChange(_:)`) and its name
// type; and `NotificationCenter`'s block-based observation, which RxCocoa's UIApplication sources
// use (no fixture declares them yet: see the article MigratingFromRxCocoa). Neither `Notification` nor
// `NotificationCenter` is declared `Sendable` here (not confirmed either way for the SDKs the
// workflow uses), so code that needs either to be `Sendable` does not compile here.
// https://developer.apple.com/documentation/foundation/notification
// https://developer.apple.com/documentation/foundation/notificationcenter
// https://developer.apple.com/documentation/foundation/notificationcenter/addobserver(forname:object:queue:using:)

/// `class NSNotification`: what `Notification` bridges to.
open class NSNotification: NSObject {
    /// `struct NSNotification.Name` (`Notification.Name`): a string-backed name.
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
}

/// `struct Notification`: `name`, the posting `object` and `userInfo`.
public struct Notification: Hashable {
    public typealias Name = NSNotification.Name
    public init(name: Notification.Name, object: Any? = nil, userInfo: [AnyHashable: Any]? = nil) { fatalError() }
    public var name: Notification.Name
    public var object: Any?
    public var userInfo: [AnyHashable: Any]?
    public static func == (lhs: Notification, rhs: Notification) -> Bool { fatalError() }
    public func hash(into hasher: inout Hasher) { fatalError() }
}

extension Notification: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSNotification { fatalError() }
    public static func _forceBridgeFromObjectiveC(_ source: NSNotification, result: inout Notification?) {
        fatalError()
    }
    public static func _conditionallyBridgeFromObjectiveC(
        _ source: NSNotification, result: inout Notification?
    ) -> Bool { fatalError() }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNotification?) -> Notification {
        fatalError()
    }
}

/// `class OperationQueue`.
open class OperationQueue: NSObject {
    open class var main: OperationQueue { fatalError() }
}

/// `class NotificationCenter`.
open class NotificationCenter: NSObject {
    open class var `default`: NotificationCenter { fatalError() }
    /// The block is `@Sendable` in the SDKs of Xcode 16 and later (uncertain for older ones; a
    /// `@Sendable` block is accepted by both declarations). Returns the observer to remove.
    open func addObserver(
        forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?,
        using block: @escaping @Sendable (Notification) -> Void
    ) -> any NSObjectProtocol { fatalError() }
    open func removeObserver(_ observer: Any) { fatalError() }
    open func post(name aName: NSNotification.Name, object anObject: Any?) { fatalError() }
}

/// `func NSStringFromSelector(_ aSelector: Selector) -> String`: the selector's name
/// (`webView:decidePolicyForNavigationAction:decisionHandler:`).
public func NSStringFromSelector(_ aSelector: Selector) -> String { fatalError() }

/// `func NSSelectorFromString(_ aSelectorName: String) -> Selector`: the selector of that name.
public func NSSelectorFromString(_ aSelectorName: String) -> Selector { fatalError() }

extension NSObject {
    /// `func value(forKey key: String) -> Any?` (key-value coding, NSKeyValueCoding.h): a property
    /// read by name, a `BOOL` as an `NSNumber` that bridges to `Bool`.
    public func value(forKey key: String) -> Any? { fatalError() }
}

// MARK: - URL loading (what a web view's authentication challenge passes)
// https://developer.apple.com/documentation/foundation/urlsession
// https://developer.apple.com/documentation/foundation/urlauthenticationchallenge
// https://developer.apple.com/documentation/foundation/urlcredential

/// `class URLSession: NSObject`: only its nested disposition here (its `Sendable` conformance is not
/// claimed, the stricter assumption).
open class URLSession: NSObject {
    /// `enum URLSession.AuthChallengeDisposition: Int` (NS_ENUM `NSURLSessionAuthChallengeDisposition`,
    /// declared in Foundation.h): `useCredential`, `performDefaultHandling`,
    /// `cancelAuthenticationChallenge`, `rejectProtectionSpace`.
    public typealias AuthChallengeDisposition = NSURLSessionAuthChallengeDisposition
}

/// `class URLAuthenticationChallenge: NSObject`: a server's challenge for credentials.
open class URLAuthenticationChallenge: NSObject {}

/// `class URLCredential: NSObject`: the credential a challenge is answered with.
open class URLCredential: NSObject {}
