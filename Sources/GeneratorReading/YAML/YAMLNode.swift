import GeneratorDiagnostics

/// A YAML node with the position it was written at.
///
/// A class so that an alias is a second reference to its anchored node rather than a copy: alias
/// expansion then costs no memory, and ``expandedSize`` lets the composer refuse "billion laughs"
/// documents before anything walks them.
public final class YAMLNode: @unchecked Sendable {
    public enum ScalarStyle: Sendable {
        case plain
        case singleQuoted
        case doubleQuoted
        case literal
        case folded

        /// Quoted and block scalars are always strings; only plain ones are resolved to numbers,
        /// booleans or null.
        package var isPlain: Bool { self == .plain }
    }

    public struct Pair {
        public let key: YAMLNode
        public let value: YAMLNode
    }

    public enum Content {
        /// `tag` is the explicit tag (`!!str 5`), or `nil` when the scalar has none.
        case scalar(String, style: ScalarStyle, tag: String?)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    public let content: Content
    public let location: SourceLocation
    /// Where a scalar's text starts: after the opening quote, or at the first character of the
    /// first non-blank line of a block (`|`, `>`), whose indicator is at ``location``. Anything but
    /// a quoted or block scalar starts at ``location``.
    public let textStart: SourceLocation
    /// The number of nodes this one stands for once every alias below it is expanded.
    public let expandedSize: Int

    init(_ content: Content, at location: SourceLocation, textStart: SourceLocation? = nil, expandedSize: Int) {
        self.content = content
        self.location = location
        // Not `??`: a debug build makes its default a closure, on every node.
        if let textStart {
            self.textStart = textStart
        } else {
            self.textStart = location
        }
        self.expandedSize = expandedSize
    }

    /// What the node is, in words for diagnostics: "a mapping", "a list", "a string".
    public var kindDescription: String {
        switch content {
        case .sequence: "a list"
        case .mapping: "a mapping"
        case .scalar:
            switch ScalarValue(self) {
            case .null: "nothing (null)"
            case .bool: "a boolean"
            case .int: "an integer"
            case .float: "a number"
            case .string: "a string"
            }
        }
    }
}
