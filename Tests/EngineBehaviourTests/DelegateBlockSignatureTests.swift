import Testing

@testable import GeneratedFixtures

/// A block laid out by hand as the Block ABI specifies (clang's "Block Implementation
/// Specification"; libclosure's small descriptors), whose invoke function writes the arguments it
/// reads into the block's one capture.
final class HandMadeBlock {
    typealias Invoke = @convention(c) (UnsafeRawPointer, Int, Double) -> Void

    let literal = UnsafeMutableRawPointer.allocate(byteCount: 40, alignment: 8)
    private let descriptor = UnsafeMutableRawPointer.allocate(byteCount: 48, alignment: 8)
    private let signature: UnsafeMutablePointer<CChar>
    let received = UnsafeMutablePointer<(Int, Double)>.allocate(capacity: 1)

    init(signature text: String, copyDispose: Bool = false, small: Bool = false, hasSignature: Bool = true) {
        signature = text.withCString { source in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: text.utf8.count + 1)
            copy.initialize(from: source, count: text.utf8.count + 1)
            return copy
        }
        received.initialize(to: (-1, -1))
        descriptor.initializeMemory(as: UInt8.self, repeating: 0, count: 48)
        var flags: Int32 = hasSignature ? 1 << 30 : 0
        if copyDispose { flags |= 1 << 25 }
        if small {
            flags |= 1 << 22
            descriptor.storeBytes(of: UInt32(40), as: UInt32.self)
            let field = descriptor + 4
            field.storeBytes(of: Int32(UnsafeRawPointer(signature) - UnsafeRawPointer(field)), as: Int32.self)
        } else {
            descriptor.storeBytes(of: UInt(40), toByteOffset: 8, as: UInt.self)
            descriptor.storeBytes(
                of: UnsafeRawPointer(signature), toByteOffset: copyDispose ? 32 : 16, as: UnsafeRawPointer.self)
        }
        let invoke: Invoke = { block, integer, double in
            block.load(fromByteOffset: 32, as: UnsafeMutablePointer<(Int, Double)>.self).pointee = (integer, double)
        }
        literal.storeBytes(of: 0, as: UInt.self)
        literal.storeBytes(of: flags, toByteOffset: 8, as: Int32.self)
        literal.storeBytes(of: 0, toByteOffset: 12, as: Int32.self)
        literal.storeBytes(
            of: unsafeBitCast(invoke, to: UnsafeRawPointer.self), toByteOffset: 16, as: UnsafeRawPointer.self)
        literal.storeBytes(of: UnsafeRawPointer(descriptor), toByteOffset: 24, as: UnsafeRawPointer.self)
        literal.storeBytes(of: received, toByteOffset: 32, as: UnsafeMutablePointer<(Int, Double)>.self)
    }

    /// Calls the block's invoke function as `DelegateCallSink` calls a handler: the block, five
    /// integers and four doubles, whatever the block declares.
    func call(with registers: (integers: [Int], floatingPoint: [Double])) {
        typealias Caller =
            @convention(c) (UnsafeRawPointer, Int, Int, Int, Int, Int, Double, Double, Double, Double) -> Void
        let invoke = unsafeBitCast(literal.load(fromByteOffset: 16, as: UnsafeRawPointer.self), to: Caller.self)
        let (i, d) = registers
        invoke(literal, i[0], i[1], i[2], i[3], i[4], d[0], d[1], d[2], d[3])
    }

    deinit {
        literal.deallocate()
        descriptor.deallocate()
        signature.deallocate()
        received.deallocate()
    }
}

@Suite struct DelegateBlockSignatureTests {
    @Test(arguments: [(false, false), (true, false), (false, true)])
    func readsTheParametersFromEveryDescriptorLayout(copyDispose: Bool, small: Bool) throws {
        let block = HandMadeBlock(signature: "v24@?0q8d16", copyDispose: copyDispose, small: small)
        let signature = try #require(DelegateBlockSignature(block: block.literal))
        #expect(signature.parameters == [.scalar("q"), .scalar("d")])
    }

    @Test func aBlockWithoutASignatureIsNotRead() {
        #expect(
            DelegateBlockSignature(block: HandMadeBlock(signature: "v24@?0q8d16", hasSignature: false).literal) == nil)
        #expect(DelegateBlockSignature(encoding: "v24@0:8q16") == nil, "not a block's encoding")
    }

    /// Each argument reaches the register its parameter is read from: the integer in the first
    /// integer register after the block, the double in the first floating-point one, though the
    /// caller passes five of each kind (this machine's calling convention, called for real).
    @Test func eachArgumentArrivesWhereItsTypeIsRead() throws {
        let block = HandMadeBlock(signature: "v24@?0q8d16")
        let signature = try #require(DelegateBlockSignature(block: block.literal))
        let registers = signature.registers(for: [7, 3])
        #expect(registers.integers == [7, 0, 0, 0, 0])
        #expect(registers.floatingPoint == [3, 0, 0, 0])
        block.call(with: registers)
        #expect(block.received.pointee == (7, 3))
    }

    /// WebKit's decision handler takes a policy and the preferences: both integers.
    @Test func argumentsOfIntegerTypesFillTheIntegerRegistersInOrder() throws {
        let signature = try #require(DelegateBlockSignature(encoding: "v24@?0q8@\"WKWebpagePreferences\"16"))
        #expect(signature.registers(for: [1, 42]).integers == [1, 42, 0, 0, 0])
        #expect(signature.registers(for: []).integers == [0, 0, 0, 0, 0], "zeros where no default is documented")
    }
}
