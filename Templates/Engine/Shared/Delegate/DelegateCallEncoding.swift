/// One type of an Objective-C type encoding, as the runtime writes a method's types
/// (`method_getTypeEncoding`, `protocol_getMethodDescription`): what `DelegateCallSink` needs to
/// return zero and call completion handlers the way the caller expects. Plain Swift, so Linux
/// tests it. Sources: Apple's "Type Encodings" (Objective-C Runtime Programming Guide).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated indirect enum DelegateCallType: Equatable {
    /// A C scalar, by its encoding character: `c C s S i I l L q Q B` integers, `f` `d` floating point.
    case scalar(Character)
    /// An object (`@`), class (`#`), selector (`:`), C string (`*`), pointer (`^…`) or unknown (`?`).
    case pointer
    /// A block (`@?`): a completion handler.
    case block
    /// `void`.
    case void
    case structure([DelegateCallType])
    case array(count: Int, of: DelegateCallType)
    case union([DelegateCallType])

    /// Size and alignment in bytes on a 64-bit Apple platform (LP64: `l` is 32 bits in an encoding).
    var size: Int {
        switch self {
        case .void: 0
        case .scalar(let character): Self.scalarSize(character)
        case .pointer, .block: 8
        case .structure(let members):
            Self.rounded(
                members.reduce(0) { offset, member in Self.rounded(offset, to: member.alignment) + member.size },
                to: alignment)
        case .array(let count, let element): count * element.size
        case .union(let members): Self.rounded(members.map(\.size).max() ?? 0, to: alignment)
        }
    }

    var alignment: Int {
        switch self {
        case .void: 1
        case .scalar(let character): Self.scalarSize(character)
        case .pointer, .block: 8
        case .structure(let members), .union(let members): members.map(\.alignment).max() ?? 1
        case .array(_, let element): element.alignment
        }
    }

    /// Whether it is `float` or `double`.
    var isFloatingPoint: Bool { self == .scalar("f") || self == .scalar("d") }

    /// Its scalar leaves in memory order, arrays expanded and nested structures flattened:
    /// `{CGRect={CGPoint=dd}{CGSize=dd}}` has four `d`.
    var leaves: [DelegateCallType] {
        switch self {
        case .structure(let members): members.flatMap(\.leaves)
        case .array(let count, let element): Array(repeating: element.leaves, count: count).flatMap { $0 }
        default: [self]
        }
    }

    private static func scalarSize(_ character: Character) -> Int {
        switch character {
        case "c", "C", "B": 1
        case "s", "S": 2
        case "i", "I", "l", "L", "f": 4
        default: 8
        }
    }

    private static func rounded(_ value: Int, to alignment: Int) -> Int {
        (value + alignment - 1) / alignment * alignment
    }
}

/// A method's types read from its Objective-C type encoding: `v48@0:8@16@24@?32` returns `void`
/// and takes `self`, `_cmd`, two objects and a block.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct DelegateCallEncoding: Equatable {
    let returnType: DelegateCallType
    /// Every argument, `self` and `_cmd` first.
    let arguments: [DelegateCallType]

    /// `nil` for text that is not a method's encoding.
    init?(_ encoding: String) {
        var reader = Reader(scalars: Array(encoding.unicodeScalars))
        guard let returnType = reader.type() else { return nil }
        var arguments: [DelegateCallType] = []
        reader.skipOffset()
        while !reader.isAtEnd {
            guard let argument = reader.type() else { return nil }
            arguments.append(argument)
            reader.skipOffset()
        }
        self.returnType = returnType
        self.arguments = arguments
    }

    /// The encoding's types, one at a time; offsets, qualifiers and names skipped.
    private nonisolated struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0

        var isAtEnd: Bool { position >= scalars.count }

        private var current: Unicode.Scalar? { isAtEnd ? nil : scalars[position] }

        /// Skips a frame offset after a type (`16`, and `-8` in some encodings).
        mutating func skipOffset() {
            while let scalar = current, scalar == "-" || ("0"..."9").contains(scalar) { position += 1 }
        }

        private mutating func number() -> Int {
            var value = 0
            while let scalar = current, ("0"..."9").contains(scalar) {
                value = value * 10 + Int(scalar.value - 48)
                position += 1
            }
            return value
        }

        mutating func type() -> DelegateCallType? {
            // Qualifiers: const, in, inout, out, bycopy, byref, oneway, atomic.
            while let scalar = current, "rnNoORVA".unicodeScalars.contains(scalar) { position += 1 }
            guard let scalar = current else { return nil }
            position += 1
            switch scalar {
            case "v": return .void
            case "c", "C", "s", "S", "i", "I", "l", "L", "q", "Q", "B", "f", "d":
                return .scalar(Character(scalar))
            case "@":
                if current == "?" {
                    position += 1
                    // An extended encoding may follow a block with its signature: `@?<v@?q>`.
                    skip(from: "<", to: ">")
                    return .block
                }
                skip(from: "\"", to: "\"")
                return .pointer
            case "#", ":", "*", "?": return .pointer
            case "^":
                _ = type()
                return .pointer
            case "b":
                // A bit field inside a structure; counted as the smallest integer that holds it.
                let bits = number()
                return .scalar(bits <= 8 ? "C" : bits <= 16 ? "S" : bits <= 32 ? "I" : "Q")
            case "[":
                let count = number()
                guard let element = type(), current == "]" else { return nil }
                position += 1
                return .array(count: count, of: element)
            case "{", "(":
                let close: Unicode.Scalar = scalar == "{" ? "}" : ")"
                // The name, up to `=`; a structure without its members (`{CGRect}`) ends there.
                while let name = current, name != "=", name != close { position += 1 }
                if current == "=" { position += 1 }
                var members: [DelegateCallType] = []
                while let next = current, next != close {
                    skip(from: "\"", to: "\"")  // a member's name, in extended encodings
                    guard let member = type() else { return nil }
                    members.append(member)
                }
                guard current == close else { return nil }
                position += 1
                return scalar == "{" ? .structure(members) : .union(members)
            default: return nil
            }
        }

        private mutating func skip(from open: Unicode.Scalar, to close: Unicode.Scalar) {
            guard current == open else { return }
            position += 1
            while let scalar = current, scalar != close { position += 1 }
            if current == close { position += 1 }
        }
    }
}
