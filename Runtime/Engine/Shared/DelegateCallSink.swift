#if canImport(ObjectiveC)
import Foundation
#endif
#if canImport(CoreGraphics)
import CoreGraphics
#endif

#if canImport(ObjectiveC)
/// Where an Objective-C proxy sends a call that nobody can answer any more, so that it does nothing
/// and returns zero instead of raising "unrecognized selector". UIKit reads `responds(to:)` when a
/// delegate is set and later sends what was answered without asking again, so a method the app's
/// delegate implemented can arrive after that delegate is gone, or was replaced by one without it,
/// before the owner reads the proxy's new answers.
///
/// The runtime's documented rules make this possible in Swift: `forwardingTarget(for:)` may return
/// any object to receive the message, and when that object's class lacks the method, the runtime
/// first calls its `resolveInstanceMethod(_:)`, which may add one with `class_addMethod`. The
/// method added is a C function that returns zero in the registers the method's return type uses,
/// read from the protocol's type encoding: one class per way of returning.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum DelegateCallSink {
    /// An object that swallows `selector`, an instance method of `protocol`.
    static func target(for selector: Selector, in protocol: Protocol) -> AnyObject {
        let optional = protocol_getMethodDescription(`protocol`, selector, false, true).types
        let encoding = optional ?? protocol_getMethodDescription(`protocol`, selector, true, true).types
        // Through `OpaquePointer`: Linux's standard library, which checks this file against stub Apple
        // modules, lacks the Objective-C interop that converts the pointer directly.
        let shape = encoding.map {
            DelegateCallReturnShape(encoding: String(cString: UnsafePointer<CChar>(OpaquePointer($0))))
        }
        switch shape ?? .integer {
        case .integer: return IntegerSink.shared
        case .floatingPoint: return FloatingPointSink.shared
        case .twoFloatingPoints: return TwoFloatingPointsSink.shared
        case .fourFloatingPoints: return FourFloatingPointsSink.shared
        case .twoIntegers: return TwoIntegersSink.shared
        }
    }

    /// Swallows every message its class lacks with `implementation`, added on first use.
    private nonisolated class Sink: NSObject {
        nonisolated class var implementation: IMP { fatalError("every sink names its implementation") }

        override class func resolveInstanceMethod(_ selector: Selector!) -> Bool {
            // The types are not read: the method is only ever called, never forwarded or introspected.
            "v@:".withCString { _ = class_addMethod(self, selector, implementation, $0) }
            return true
        }
    }

    private nonisolated final class IntegerSink: Sink {
        nonisolated(unsafe) static let shared = IntegerSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> Int = { _, _ in 0 }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    private nonisolated final class FloatingPointSink: Sink {
        nonisolated(unsafe) static let shared = FloatingPointSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> Double = { _, _ in 0 }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    private nonisolated final class TwoFloatingPointsSink: Sink {
        nonisolated(unsafe) static let shared = TwoFloatingPointsSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> CGSize = { _, _ in CGSize() }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    private nonisolated final class FourFloatingPointsSink: Sink {
        nonisolated(unsafe) static let shared = FourFloatingPointsSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> CGRect = { _, _ in CGRect() }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    private nonisolated final class TwoIntegersSink: Sink {
        nonisolated(unsafe) static let shared = TwoIntegersSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> NSRange = { _, _ in NSRange() }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }
}
#endif
