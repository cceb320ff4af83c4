/// The processors Apple's platforms run on, whose calling conventions say where a method's return
/// value and arguments go: the arm64 Procedure Call Standard (AAPCS64) with Apple's changes, and
/// the System V x86-64 ABI.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum DelegateCallArchitecture: CaseIterable {
    case arm64
    case x86_64

    /// The one this code runs on.
    static var current: Self {
        #if arch(arm64)
        .arm64
        #else
        .x86_64
        #endif
    }

    /// The integer arguments, `self` and `_cmd` included, a C function with eight integer
    /// parameters reads where the caller put them: x0–x7 on arm64; rdi, rsi, rdx, rcx, r8, r9 and
    /// the first two stack slots on x86-64, which hold the seventh and eighth integer arguments
    /// when nothing else was passed on the stack before them.
    var readableIntegerArguments: Int { 8 }

    /// The integer arguments passed in registers.
    var integerArgumentRegisters: Int { self == .arm64 ? 8 : 6 }
}

/// Where the caller of an Objective-C method reads its return value, as far as returning zero is
/// concerned: what `DelegateCallSink` must write. Plain Swift, so Linux tests it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum DelegateCallReturnShape: Equatable {
    /// Nothing, an integer, a `BOOL`, a pointer, an object, or a structure returned in the integer
    /// registers (x0–x1, rax–rdx): `NSRange`.
    case integers
    /// A `float` or `double`, or a structure returned in the floating-point registers: of up to
    /// four `float`s or `double`s on arm64 (v0–v3), of up to 16 bytes of them on x86-64 (xmm0–xmm1):
    /// `CGFloat`, `CGSize`, `CGPoint`; `CGRect` and `UIEdgeInsets` on arm64.
    case floatingPoint
    /// A structure returned in memory the caller provides, whose address the caller passes (x8,
    /// or a hidden first argument in rdi): larger than 16 bytes and, on arm64, not four floating-point
    /// members or fewer (`CGAffineTransform`; `CGRect` on x86-64).
    case memory(bytes: Int)
    /// A structure of 16 bytes or fewer that x86-64 returns half in an integer register and half in
    /// a floating-point one. No Apple delegate method returns one; the integers are zeroed.
    case mixed

    init(_ type: DelegateCallType, on architecture: DelegateCallArchitecture) {
        switch type {
        case .void, .pointer, .block: self = .integers
        case .scalar: self = type.isFloatingPoint ? .floatingPoint : .integers
        case .structure, .array, .union:
            let leaves = type.leaves
            let size = type.size
            switch architecture {
            case .arm64:
                // A homogeneous floating-point aggregate: one to four members of one type.
                if (1...4).contains(leaves.count), leaves.allSatisfy(\.isFloatingPoint),
                    Set(leaves.map(\.size)).count == 1
                {
                    self = .floatingPoint
                } else {
                    self = size > 16 ? .memory(bytes: size) : .integers
                }
            case .x86_64:
                if size > 16 {
                    self = .memory(bytes: size)
                    return
                }
                // Each eightbyte is SSE when every member in it is floating point.
                var offset = 0
                var eightbytes = [true, true]
                for leaf in leaves {
                    offset = (offset + leaf.alignment - 1) / leaf.alignment * leaf.alignment
                    if !leaf.isFloatingPoint { eightbytes[offset / 8] = false }
                    offset += leaf.size
                }
                let used = size > 8 ? eightbytes : [eightbytes[0]]
                self = used.allSatisfy { $0 } ? .floatingPoint : used.allSatisfy { !$0 } ? .integers : .mixed
            }
        }
    }

    /// The shape of what a method of type encoding `encoding` returns on `architecture`; integers
    /// for text that is not an encoding.
    init(encoding: String, on architecture: DelegateCallArchitecture = .current) {
        self = DelegateCallEncoding(encoding).map { Self($0.returnType, on: architecture) } ?? .integers
    }

    /// The sizes of structure the sink can return in memory on `architecture`, each the size of a C
    /// structure Apple's SDKs declare that the compiler returns in memory there:
    /// `NSOperatingSystemVersion` (24 bytes), `CGRect` (32, x86-64 only: arm64 returns it in
    /// registers), `CGAffineTransform` (48).
    static func memorySizes(on architecture: DelegateCallArchitecture) -> [Int] {
        architecture == .arm64 ? [24, 48] : [24, 32, 48]
    }

    /// The largest size of ``memorySizes(on:)`` that fits `bytes`: zeros are written there and no
    /// further, since writing past the caller's buffer would corrupt its stack. `nil` below 24.
    static func memorySize(for bytes: Int, on architecture: DelegateCallArchitecture) -> Int? {
        memorySizes(on: architecture).last { $0 <= bytes }
    }
}
