/// How an Objective-C method returns its value, as far as returning zero is concerned: what
/// `DelegateCallSink` reads from a protocol's type encoding. Plain Swift, so Linux tests it.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum DelegateCallReturnShape: Equatable {
    /// Nothing, an integer, a Boolean, a pointer or an object: zero in the first integer
    /// register. Also any structure not listed below, whose bits are then unspecified.
    case integer
    /// A `Float`, `Double` or `CGFloat`, or a structure of one.
    case floatingPoint
    /// A structure of two `CGFloat`s: `CGSize`, `CGPoint`, `CGVector`.
    case twoFloatingPoints
    /// A structure of four `CGFloat`s: `CGRect`, `UIEdgeInsets`, `NSDirectionalEdgeInsets`.
    case fourFloatingPoints
    /// A structure of two integers: `NSRange`.
    case twoIntegers

    /// The shape of what a method of Objective-C type encoding `encoding` returns: its first
    /// type, after any qualifier (`d32@0:8@16@24` returns a `double`).
    init(encoding: String) {
        let type = encoding.drop { "rnNoORV".contains($0) }
        switch type.first {
        case "f", "d": self = .floatingPoint
        case "{": self = Self(members: Self.scalarMembers(ofStructureAtStartOf: type))
        default: self = .integer
        }
    }

    private init(members: [Character]) {
        switch (members.count, Set(members)) {
        case (1, ["d"]): self = .floatingPoint
        case (2, ["d"]): self = .twoFloatingPoints
        case (4, ["d"]): self = .fourFloatingPoints
        case (2, let types) where types.isSubset(of: ["q", "Q", "l", "L"]): self = .twoIntegers
        default: self = .integer
        }
    }

    /// The scalar members of the structure `type` starts with, nested structures flattened:
    /// `{CGRect={CGPoint=dd}{CGSize=dd}}` has `dddd`. A structure's name, up to its `=`, is not a
    /// member.
    private static func scalarMembers(ofStructureAtStartOf type: Substring) -> [Character] {
        var members: [Character] = []
        var depth = 0
        var isInName = false
        for character in type {
            switch character {
            case "{":
                depth += 1
                isInName = true
            case "=": isInName = false
            case "}":
                depth -= 1
                if depth == 0 { return members }
            default:
                if !isInName { members.append(character) }
            }
        }
        return members
    }
}
