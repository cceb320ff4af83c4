#if canImport(ObjectiveC)
import Foundation
#endif
#if canImport(CoreGraphics)
import CoreGraphics
#endif

#if canImport(ObjectiveC)
/// Where an Objective-C proxy sends a call that nobody can answer any more, so that it does what a
/// delegate without the method would, instead of raising "unrecognized selector". UIKit reads
/// `responds(to:)` when a delegate is set and later sends what was answered without asking again,
/// so a method the app's delegate implemented can arrive after that delegate is gone, or was
/// replaced by one without it, before the owner reads the proxy's new answers.
///
/// The runtime's documented rules make this possible in Swift: `forwardingTarget(for:)` may return
/// any object to receive the message, and when that object's class lacks the method, the runtime
/// first calls its `resolveInstanceMethod(_:)`, which may add one with `class_addMethod`. The method
/// added is a C function that returns zero (or `YES`, ``DelegateCallDefaults``) where the caller
/// reads the method's return type, and calls each completion handler once: one class per way of
/// returning (``DelegateSwallowedCall``). The method's types come from the app's delegate's own
/// method, recorded while it lived (``responds(_:to:)``), else from the proxy's protocol and the
/// protocols owners also send their delegates (``DelegateCallDefaults/alsoSentProtocols``).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum DelegateCallSink {
    private static let lock = GeneratedPublisherLock()
    // Guarded by `lock`: the types of the app delegates' methods by selector name, and what was
    // read for each selector swallowed so far.
    nonisolated(unsafe) private static var recorded: [String: String] = [:]
    nonisolated(unsafe) private static var plans: [String: DelegateSwallowedCall] = [:]

    /// Whether `delegate` implements `selector`, recording the method's types when it does, so that
    /// the call is swallowed the way the method returns should the delegate be gone when it comes.
    static func responds(_ delegate: (any NSObjectProtocol)?, to selector: Selector) -> Bool {
        guard let delegate, delegate.responds(to: selector) else { return false }
        guard let method = class_getInstanceMethod(object_getClass(delegate), selector),
            let types = method_getTypeEncoding(method)
        else { return true }
        let name = NSStringFromSelector(selector)
        let encoding = String(cString: types)
        lock.lock()
        if recorded[name] == nil {
            recorded[name] = encoding
            // Read again from the delegate's own types at the next swallowed call.
            plans[name] = nil
        }
        lock.unlock()
        return true
    }

    /// An object that swallows `selector`, sent to a proxy of `protocol`.
    static func target(for selector: Selector, in protocol: Protocol) -> AnyObject {
        let name = NSStringFromSelector(selector)
        lock.lock()
        let known = plans[name]
        let encoding = recorded[name]
        lock.unlock()
        let call =
            known
            ?? DelegateSwallowedCall(selector: name, encoding: encoding ?? Self.encoding(of: selector, in: `protocol`))
        if known == nil {
            lock.lock()
            plans[name] = call
            lock.unlock()
        }
        switch call.sink() {
        case .integers: return call.answer == 1 ? YesSink.shared : IntegerSink.shared
        case .handlers: return HandlerSink.shared
        case .floatingPoint: return FloatingPointSink.shared
        case .memory(bytes: 48): return Memory48Sink.shared
        case .memory(bytes: 32): return Memory32Sink.shared
        case .memory: return Memory24Sink.shared
        }
    }

    /// The type encoding of `selector` in `protocol`, or in a protocol owners also send.
    private static func encoding(of selector: Selector, in protocol: Protocol) -> String? {
        let alsoSent = DelegateCallDefaults.alsoSentProtocols.compactMap { name in
            name.withCString { objc_getProtocol($0) }
        }
        for candidate in [`protocol`] + alsoSent {
            for isRequired in [false, true] {
                if let types = protocol_getMethodDescription(candidate, selector, isRequired, true).types {
                    // Through `OpaquePointer`: the Linux standard library the stub check uses lacks the
                    // Objective-C interop that converts the pointer directly.
                    return String(cString: UnsafePointer<CChar>(OpaquePointer(types)))
                }
            }
        }
        return nil
    }

    /// Calls each completion handler of the call `selector` received with `registers` (the
    /// method's integer arguments, `self` first).
    private static func callHandlers(of selector: Selector, registers: [Int]) -> Int {
        lock.lock()
        let call = plans[NSStringFromSelector(selector)]
        lock.unlock()
        guard let call else { return 0 }
        for handler in call.handlers {
            guard let block = UnsafeRawPointer(bitPattern: registers[handler.register]) else { continue }
            let arguments = handler.arguments.map { argument in
                switch argument {
                case .value(let value): value
                case .register(let register): registers[register]
                }
            }
            let filled =
                DelegateBlockSignature(block: block)?.registers(for: arguments)
                ?? (
                    Array(
                        (arguments + Array(repeating: 0, count: DelegateBlockSignature.integerSlots))
                            .prefix(DelegateBlockSignature.integerSlots)),
                    Array(repeating: 0, count: DelegateBlockSignature.floatingPointSlots)
                )
            typealias Handler = @convention(block) (Int, Int, Int, Int, Int, Double, Double, Double, Double) -> Void
            let call = unsafeBitCast(block, to: Handler.self)
            let (i, d) = filled
            call(i[0], i[1], i[2], i[3], i[4], d[0], d[1], d[2], d[3])
        }
        return call.answer
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

    /// Zero in both integer return registers (x0–x1, rax–rdx): integers, `BOOL` `NO`, pointers,
    /// objects, two-integer structures.
    private nonisolated final class IntegerSink: Sink {
        nonisolated(unsafe) static let shared = IntegerSink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> NSRange = { _, _ in NSRange(location: 0, length: 0) }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    /// `YES` for a `BOOL` whose documented default is `YES`.
    private nonisolated final class YesSink: Sink {
        nonisolated(unsafe) static let shared = YesSink()
        override class var implementation: IMP {
            let yes: @convention(c) (AnyObject, Selector) -> NSRange = { _, _ in NSRange(location: 1, length: 0) }
            return unsafeBitCast(yes, to: IMP.self)
        }
    }

    /// Zero in every floating-point return register: v0–v3 on arm64 (a structure of four doubles),
    /// xmm0–xmm1 on x86-64 (a structure of two, since four are returned in memory there).
    private nonisolated final class FloatingPointSink: Sink {
        nonisolated(unsafe) static let shared = FloatingPointSink()
        override class var implementation: IMP {
            #if arch(arm64)
            let zero: @convention(c) (AnyObject, Selector) -> CGRect = { _, _ in CGRect() }
            #else
            let zero: @convention(c) (AnyObject, Selector) -> CGSize = { _, _ in CGSize() }
            #endif
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    /// 24 zero bytes at the address the caller gave for the result.
    private nonisolated final class Memory24Sink: Sink {
        nonisolated(unsafe) static let shared = Memory24Sink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> OperatingSystemVersion = { _, _ in
                OperatingSystemVersion()
            }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    /// 32 zero bytes at the result's address (x86-64 only: arm64 returns 32 bytes in memory only for
    /// structures no Apple delegate returns, and these in 24).
    private nonisolated final class Memory32Sink: Sink {
        nonisolated(unsafe) static let shared = Memory32Sink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> CGRect = { _, _ in CGRect() }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    /// 48 zero bytes at the result's address.
    private nonisolated final class Memory48Sink: Sink {
        nonisolated(unsafe) static let shared = Memory48Sink()
        override class var implementation: IMP {
            let zero: @convention(c) (AnyObject, Selector) -> CGAffineTransform = { _, _ in CGAffineTransform() }
            return unsafeBitCast(zero, to: IMP.self)
        }
    }

    /// Calls the method's completion handlers, then returns its integer answer. Reads the method's
    /// integer arguments from the registers they arrive in: x2–x7 or rdx, rcx, r8, r9 (the two
    /// further parameters are read from the caller's stack on x86-64 and never used there).
    private nonisolated final class HandlerSink: Sink {
        nonisolated(unsafe) static let shared = HandlerSink()
        override class var implementation: IMP {
            let call: @convention(c) (AnyObject, Selector, Int, Int, Int, Int, Int, Int) -> NSRange = {
                _, selector, a, b, c, d, e, f in
                // `self` and `_cmd` are not handlers' arguments.
                let registers = [0, 0, a, b, c, d, e, f]
                return NSRange(location: DelegateCallSink.callHandlers(of: selector, registers: registers), length: 0)
            }
            return unsafeBitCast(call, to: IMP.self)
        }
    }
}
#endif
