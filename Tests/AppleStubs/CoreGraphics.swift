// Stub of Apple's CoreGraphics Swift overlay for type-checking Apple-only code on Linux: `CGFloat`,
// the struct the compiler maps the C `CGFloat` of CoreGraphics.h to (and knows to be representable
// in Objective-C, as a `double`). The C structs (`CGPoint`, `CGSize`, `CGRect`) come from
// CoreGraphics.h, the Clang module this overlay re-exports. Nothing here runs.
// Sources: https://developer.apple.com/documentation/corefoundation/cgfloat
// https://developer.apple.com/documentation/coregraphics/cgrectgetheight(_:)

@_exported import CoreGraphics

/// `struct CGFloat`: a `Double` on 64-bit platforms; `Sendable`. A `BinaryFloatingPoint` in the SDK;
/// here only the arithmetic the generated code uses (`AdditiveArithmetic`: `+`, `-`).
public struct CGFloat: Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    AdditiveArithmetic
{
    public init() { fatalError() }
    public init(_ value: Double) { fatalError() }
    public init<Source: BinaryInteger>(_ value: Source) { fatalError() }
    public init(floatLiteral value: Double) { fatalError() }
    public init(integerLiteral value: Int) { fatalError() }
    public var native: Double { fatalError() }
    public static func < (lhs: CGFloat, rhs: CGFloat) -> Bool { fatalError() }
    public static func + (lhs: CGFloat, rhs: CGFloat) -> CGFloat { fatalError() }
    public static func - (lhs: CGFloat, rhs: CGFloat) -> CGFloat { fatalError() }
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

/// The overlay's `CGRect` initializer from coordinates (`height` is CoreGraphics.h's `CGRectGetHeight`).
extension CGRect {
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) { fatalError() }
}
