/// What `DelegateCallSink` does with one selector nobody answers any more: which zero it returns
/// and where, and which completion handlers it calls with what. Read from the method's type
/// encoding and ``DelegateCallDefaults``; plain Swift, so Linux tests it for both architectures.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct DelegateSwallowedCall: Equatable {
    /// One block argument, called exactly once.
    nonisolated struct Handler: Equatable {
        /// The integer argument slot it arrives in, `self` being 0 (``DelegateCallArchitecture/readableIntegerArguments``).
        let register: Int
        /// What it is called with, in order: a value, or the value of one of the method's registers.
        let arguments: [Argument]
    }

    nonisolated enum Argument: Equatable {
        case value(Int)
        case register(Int)
    }

    /// The C function `DelegateCallSink` swallows the call with, by the type it returns: both
    /// integer registers (`NSRange`, zero or ``answer``), every floating-point return register
    /// (`CGRect` on arm64, `CGSize` on x86-64), a structure in memory of the size given
    /// (`NSOperatingSystemVersion`, `CGRect`, `CGAffineTransform`), or the handlers' caller, which
    /// returns in the integer registers.
    nonisolated enum Sink: Equatable {
        case integers
        case floatingPoint
        case memory(bytes: Int)
        case handlers
    }

    let returnShape: DelegateCallReturnShape
    /// The integer returned in ``DelegateCallReturnShape/integers``: 1 for a `BOOL` whose default is
    /// `YES`, else 0.
    let answer: Int
    /// Empty unless the method returns in the integer registers (every Apple method with a
    /// completion handler returns `void`) and its handlers arrive in registers.
    let handlers: [Handler]

    /// The plan for `selector` (`webView:decidePolicyForNavigationAction:decisionHandler:`) of
    /// type `encoding`, or for a method returning an integer and taking no block without one.
    init(selector: String, encoding: String?, on architecture: DelegateCallArchitecture = .current) {
        guard let encoding, let method = DelegateCallEncoding(encoding) else {
            self.init(returnShape: .integers, answer: DelegateCallDefaults.answersYes.contains(selector) ? 1 : 0)
            return
        }
        let shape = DelegateCallReturnShape(method.returnType, on: architecture)
        let answer = shape == .integers && DelegateCallDefaults.answersYes.contains(selector) ? 1 : 0
        guard shape == .integers else {
            self.init(returnShape: shape, answer: 0)
            return
        }
        let registers = Self.integerRegisters(of: method.arguments, returning: shape, on: architecture)
        let defaults = DelegateCallDefaults.handlerArguments[selector]
        var handlers: [Handler] = []
        for (index, argument) in method.arguments.enumerated() where argument == .block {
            guard let register = registers[index], register < architecture.readableIntegerArguments else { continue }
            let arguments = (defaults ?? []).map { value -> Argument in
                switch value {
                case .value(let value): return .value(value)
                case .argument(let position):
                    // Counted after `self` and `_cmd`; an argument not in a register is passed as zero.
                    let register = registers.indices.contains(position + 2) ? registers[position + 2] : nil
                    return register.map { $0 < architecture.readableIntegerArguments ? .register($0) : .value(0) }
                        ?? .value(0)
                }
            }
            handlers.append(Handler(register: register, arguments: arguments))
        }
        self.init(returnShape: shape, answer: answer, handlers: handlers)
    }

    /// The sink for this call on `architecture`: in memory, the largest size that fits, or the
    /// integers where none does (no Apple delegate method returns such a structure).
    func sink(on architecture: DelegateCallArchitecture = .current) -> Sink {
        switch returnShape {
        case .integers, .mixed: handlers.isEmpty ? .integers : .handlers
        case .floatingPoint: .floatingPoint
        case .memory(let bytes):
            DelegateCallReturnShape.memorySize(for: bytes, on: architecture).map { .memory(bytes: $0) } ?? .integers
        }
    }

    init(returnShape: DelegateCallReturnShape, answer: Int, handlers: [Handler] = []) {
        self.returnShape = returnShape
        self.answer = answer
        self.handlers = handlers
    }

    /// The integer argument slot each argument arrives in (``DelegateCallArchitecture``), `nil`
    /// for one passed in floating-point registers or elsewhere on the stack. arm64: x0–x7 in
    /// order, a structure of 16 bytes or fewer that is not floating point in one or two of them, a
    /// larger one by address; the result's address in x8. x86-64: rdi, rsi, rdx, rcx, r8, r9, after
    /// the result's address where it is returned in memory, then the stack; a structure of 16 bytes
    /// or fewer in one register per integer eightbyte, a larger one on the stack, after which no
    /// stack slot is counted.
    static func integerRegisters(
        of arguments: [DelegateCallType], returning shape: DelegateCallReturnShape,
        on architecture: DelegateCallArchitecture
    ) -> [Int?] {
        let registers = architecture.integerArgumentRegisters
        var next = 0
        var stackHoldsOnlyIntegers = true
        if architecture == .x86_64, case .memory = shape { next = 1 }
        return arguments.map { argument -> Int? in
            let needed: Int
            switch argument {
            case .void: return nil
            case .pointer, .block: needed = 1
            case .scalar: needed = argument.isFloatingPoint ? 0 : 1
            case .structure, .array, .union:
                switch DelegateCallReturnShape(argument, on: architecture) {
                case .floatingPoint: needed = 0
                case .integers: needed = (argument.size + 7) / 8
                case .mixed: needed = 1
                case .memory:
                    guard architecture == .arm64 else {
                        stackHoldsOnlyIntegers = false
                        return nil
                    }
                    needed = 1
                }
            }
            guard needed > 0 else { return nil }
            if next + needed <= registers {
                defer { next += needed }
                return next
            }
            // x86-64's next stack slot, while only single integers went there before.
            if architecture == .x86_64, needed == 1, stackHoldsOnlyIntegers {
                defer { next += 1 }
                return next
            }
            stackHoldsOnlyIntegers = false
            // On arm64, once a structure does not fit, no later argument takes a register.
            if architecture == .arm64 { next = registers }
            return nil
        }
    }
}
