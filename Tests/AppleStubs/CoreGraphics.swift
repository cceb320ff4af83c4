// Stub of Apple's CoreGraphics Swift overlay for type-checking Apple-only code on Linux: `CGFloat`,
// the struct the compiler maps the C `CGFloat` of CoreGraphics.h to (and knows to be representable
// in Objective-C, as a `double`). The C structs (`CGPoint`, `CGSize`) come from CoreGraphics.h, the
// Clang module this overlay re-exports. Nothing here runs.
// Sources: https://developer.apple.com/documentation/corefoundation/cgfloat

@_exported import CoreGraphics

/// `struct CGFloat`: a `Double` on 64-bit platforms; `Sendable`.
public struct CGFloat: Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init() { fatalError() }
    public init(_ value: Double) { fatalError() }
    public init<Source: BinaryInteger>(_ value: Source) { fatalError() }
    public init(floatLiteral value: Double) { fatalError() }
    public init(integerLiteral value: Int) { fatalError() }
    public var native: Double { fatalError() }
    public static func < (lhs: CGFloat, rhs: CGFloat) -> Bool { fatalError() }
}

extension Double {
    public init(_ value: CGFloat) { fatalError() }
}

/// `CGPoint` and `CGSize` are `Equatable` in the overlay (`Hashable` too in recent SDKs, not claimed here).
extension CGPoint: Equatable {
    public static var zero: CGPoint { fatalError() }
    public static func == (lhs: CGPoint, rhs: CGPoint) -> Bool { fatalError() }
}

extension CGSize: Equatable {
    public static var zero: CGSize { fatalError() }
    public static func == (lhs: CGSize, rhs: CGSize) -> Bool { fatalError() }
}
