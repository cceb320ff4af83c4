// Stub of Apple's ObjectiveC module for type-checking Apple-only code on Linux: only the shapes the
// generated code and its tests use, as Apple declares them. Nothing here runs. Apple's module is a
// Clang module, so this one is built with -disable-objc-attr-requires-foundation-module.
// Sources: https://developer.apple.com/documentation/objectivec

/// `protocol NSObjectProtocol` (the Objective-C `NSObject` protocol); nonisolated, not `Sendable`.
@objc public protocol NSObjectProtocol {
    func isEqual(_ object: Any?) -> Bool
    var hash: Int { get }
    func isKind(of aClass: AnyClass) -> Bool
    func responds(to aSelector: Selector!) -> Bool
    func perform(_ aSelector: Selector!, with object: Any!) -> Unmanaged<AnyObject>!
}

/// `class NSObject`: the root class; nonisolated and not `Sendable`.
@objc open class NSObject: NSObjectProtocol, Hashable {
    public init() {}
    open func isEqual(_ object: Any?) -> Bool { fatalError() }
    open var hash: Int { fatalError() }
    open func isKind(of aClass: AnyClass) -> Bool { fatalError() }
    open func responds(to aSelector: Selector!) -> Bool { fatalError() }
    open func perform(_ aSelector: Selector!, with object: Any!) -> Unmanaged<AnyObject>! { fatalError() }
    /// Where the runtime sends a message the object does not implement; nonisolated.
    open func forwardingTarget(for aSelector: Selector!) -> Any? { fatalError() }
    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { fatalError() }
    public func hash(into hasher: inout Hasher) { fatalError() }
}

/// `struct Selector`, what `#selector` makes.
public struct Selector: ExpressibleByStringLiteral, Hashable, Sendable {
    public init(_ str: String) { fatalError() }
    public init(stringLiteral value: String) { fatalError() }
}

/// `struct ObjCBool`.
public struct ObjCBool: ExpressibleByBooleanLiteral, Sendable {
    public init(_ value: Bool) { fatalError() }
    public init(booleanLiteral value: Bool) { fatalError() }
    public var boolValue: Bool { fatalError() }
}

/// `enum objc_AssociationPolicy` (imported from a C enum with `UInt` raw values).
public enum objc_AssociationPolicy: UInt, Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// `func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any?`
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { fatalError() }

/// `func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy)`
public func objc_setAssociatedObject(
    _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) { fatalError() }
