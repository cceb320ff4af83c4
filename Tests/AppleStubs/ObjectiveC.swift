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
    func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>!
}

/// `class NSObject`: the root class; nonisolated and not `Sendable`.
@objc open class NSObject: NSObjectProtocol, Hashable {
    public init() {}
    open func isEqual(_ object: Any?) -> Bool { fatalError() }
    open var hash: Int { fatalError() }
    open func isKind(of aClass: AnyClass) -> Bool { fatalError() }
    open func responds(to aSelector: Selector!) -> Bool { fatalError() }
    open func perform(_ aSelector: Selector!, with object: Any!) -> Unmanaged<AnyObject>! { fatalError() }
    open func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>! { fatalError() }
    /// Where the runtime sends a message the object does not implement; nonisolated.
    open func forwardingTarget(for aSelector: Selector!) -> Any? { fatalError() }
    /// `class func resolveInstanceMethod(_ sel: Selector!) -> Bool`: asked, before forwarding, to add an
    /// instance method the class lacks (with `class_addMethod`); nonisolated. `@discardableResult`, as
    /// the Clang importer makes every imported function and method.
    @discardableResult open class func resolveInstanceMethod(_ sel: Selector!) -> Bool { fatalError() }
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

/// `class Protocol`: an Objective-C protocol at run time; an `@objc` protocol's `P.self` converts to it.
@objc open class Protocol: NSObject {}

/// `struct objc_method_description` (a C struct): a method's selector and its type encoding, both
/// `NULL` when the protocol lacks the method. Imported with a zeroing `init()` and a memberwise init.
public struct objc_method_description {
    public var name: Selector?
    public var types: UnsafeMutablePointer<CChar>?
    public init() { fatalError() }
    public init(name: Selector?, types: UnsafeMutablePointer<CChar>?) { fatalError() }
}

/// `func protocol_getMethodDescription(_ proto: Protocol, _ aSel: Selector, _ isRequiredMethod: Bool,
/// _ isInstanceMethod: Bool) -> objc_method_description`; `@discardableResult`, as imported.
@discardableResult public func protocol_getMethodDescription(
    _ proto: Protocol, _ aSel: Selector, _ isRequiredMethod: Bool, _ isInstanceMethod: Bool
) -> objc_method_description { fatalError() }

/// `typealias IMP = OpaquePointer`: a method's implementation, a C function taking `self` and `_cmd`
/// first (made from a `@convention(c)` closure with `unsafeBitCast`).
public typealias IMP = OpaquePointer

/// `func class_addMethod(_ cls: AnyClass?, _ name: Selector, _ imp: IMP, _ types: UnsafePointer<CChar>?) -> Bool`:
/// `false` when the class already has the method; `@discardableResult`, as the Clang importer makes
/// every imported function, so that ignoring the answer is no warning, as with the SDK.
@discardableResult public func class_addMethod(
    _ cls: AnyClass?, _ name: Selector, _ imp: IMP, _ types: UnsafePointer<CChar>?
) -> Bool { fatalError() }

/// `func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result`: drains the
/// objects autoreleased in `body` when it returns.
public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result { fatalError() }

/// `typealias Method = OpaquePointer`: an instance method of a class, with its type encoding.
public typealias Method = OpaquePointer

/// `func class_getInstanceMethod(_ cls: AnyClass?, _ name: Selector) -> Method?`: the method the
/// class or a superclass implements, `nil` without one.
public func class_getInstanceMethod(_ cls: AnyClass?, _ name: Selector) -> Method? { fatalError() }

/// `func method_getTypeEncoding(_ m: Method) -> UnsafePointer<CChar>?`: the method's Objective-C
/// type encoding (`v32@0:8@16@24`).
public func method_getTypeEncoding(_ m: Method) -> UnsafePointer<CChar>? { fatalError() }

/// `func object_getClass(_ obj: Any?) -> AnyClass?`: the object's class (its `isa`).
public func object_getClass(_ obj: Any?) -> AnyClass? { fatalError() }

/// `func objc_getProtocol(_ name: UnsafePointer<CChar>) -> Protocol?`: a protocol the loaded images
/// declare, by name.
public func objc_getProtocol(_ name: UnsafePointer<CChar>) -> Protocol? { fatalError() }

/// `func class_getMethodImplementation(_ cls: AnyClass?, _ name: Selector) -> IMP?`: the function a
/// message `name` to an instance of `cls` runs, resolving the method first (`resolveInstanceMethod`);
/// part of the forwarding machinery when instances do not respond to it.
/// https://developer.apple.com/documentation/objectivec/class_getmethodimplementation(_:_:)
public func class_getMethodImplementation(_ cls: AnyClass?, _ name: Selector) -> IMP? { fatalError() }
