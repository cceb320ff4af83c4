/// A position in a schema file, 1-based, as compilers and editors count it.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file path exactly as the user gave it, so diagnostics point where they expect.
    public var path: String
    public var line: Int
    /// Counted in Unicode scalars, as libyaml counts them.
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// The start of a file, for problems that concern the whole file.
    public static func start(of path: String) -> SourceLocation {
        SourceLocation(path: path, line: 1, column: 1)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(path):\(line):\(column)" }
}

/// A value read from a schema together with where it was written.
public struct Located<Value> {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
extension Located: Sendable where Value: Sendable {}
