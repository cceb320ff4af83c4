/// The parameters of a block, read from its descriptor as the Block ABI lays it out (clang's "Block
/// Implementation Specification", and libclosure's `Block_private.h` for small descriptors): so
/// that `DelegateCallSink` calls a completion handler with each argument in the register its
/// type uses. Plain Swift over raw memory, so Linux tests it on blocks laid out by hand.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct DelegateBlockSignature: Equatable {
    /// The block's parameters after the block itself.
    let parameters: [DelegateCallType]

    /// `flags` bits of a block literal.
    private static let hasCopyDispose: Int32 = 1 << 25
    private static let hasSignature: Int32 = 1 << 30
    private static let smallDescriptor: Int32 = 1 << 22

    /// The signature of the block at `block`; `nil` where the block carries none (blocks compiled
    /// before 2010), whose handler is then called with integer zeros.
    init?(block: UnsafeRawPointer) {
        // isa (8), flags (4), reserved (4), invoke (8), descriptor (8).
        let flags = block.load(fromByteOffset: 8, as: Int32.self)
        guard flags & Self.hasSignature != 0,
            let descriptor = block.load(fromByteOffset: 24, as: UnsafeRawPointer?.self)
        else { return nil }
        let signature: UnsafeRawPointer?
        if flags & Self.smallDescriptor != 0 {
            // size (4), then the signature as an offset from its own field.
            let field = descriptor + 4
            signature = field + Int(field.load(as: Int32.self))
        } else {
            // reserved (8), size (8), copy and dispose (8 each) when present, signature.
            let offset = 16 + (flags & Self.hasCopyDispose != 0 ? 16 : 0)
            signature = descriptor.load(fromByteOffset: offset, as: UnsafeRawPointer?.self)
        }
        guard let signature else { return nil }
        self.init(encoding: String(cString: signature.assumingMemoryBound(to: CChar.self)))
    }

    /// From a block's type encoding: `v24@?0q8@16` takes an integer and an object.
    init?(encoding: String) {
        guard let types = DelegateCallEncoding(encoding), types.arguments.first == .block else { return nil }
        parameters = Array(types.arguments.dropFirst())
    }

    /// The integer registers after the block's own (at most ``integerSlots``) and the
    /// floating-point ones (at most ``floatingPointSlots``) that `arguments` fill, in order: each
    /// argument goes where its parameter's type is read; values past the slots are dropped.
    func registers(for arguments: [Int]) -> (integers: [Int], floatingPoint: [Double]) {
        var integers: [Int] = []
        var floatingPoint: [Double] = []
        for (index, parameter) in parameters.enumerated() {
            let value = index < arguments.count ? arguments[index] : 0
            if parameter.isFloatingPoint {
                floatingPoint.append(Double(value))
            } else {
                integers.append(value)
            }
        }
        return (
            Array((integers + Array(repeating: 0, count: Self.integerSlots)).prefix(Self.integerSlots)),
            Array((floatingPoint + Array(repeating: 0, count: Self.floatingPointSlots)).prefix(Self.floatingPointSlots))
        )
    }

    /// The integer arguments a handler is called with after the block itself: every register x86-64
    /// has left (rsi, rdx, rcx, r8, r9); arm64 has more, and they are zeros.
    static let integerSlots = 5
    /// The floating-point arguments a handler is called with: every documented handler takes fewer.
    static let floatingPointSlots = 4
}
