/// Bounds that keep hostile or broken input from taking unbounded time, memory or stack.
///
/// Each limit is far above what a real schema needs (a schema nests about five levels deep) and
/// each is reported as an ordinary diagnostic at the place it was exceeded.
public struct YAMLLimits: Sendable {
    /// Largest file read, in bytes. 100,000 declarations take about 20 MiB.
    public var maximumFileSize: Int
    /// Deepest nesting of lists and mappings.
    public var maximumDepth: Int
    /// Most nodes a document may stand for once aliases are expanded.
    public var maximumExpandedNodes: Int

    public init(maximumFileSize: Int, maximumDepth: Int, maximumExpandedNodes: Int) {
        self.maximumFileSize = maximumFileSize
        self.maximumDepth = maximumDepth
        self.maximumExpandedNodes = maximumExpandedNodes
    }

    public static let standard = YAMLLimits(
        maximumFileSize: 64 << 20,
        maximumDepth: 64,
        maximumExpandedNodes: 10_000_000
    )
}
