import GeneratorDiagnostics

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

    /// The error for a file of `size` bytes, or `nil` when it is within the limit. The one place
    /// the message is written: the loader checks a file's size before reading it, the composer
    /// the bytes it is given.
    func fileSizeProblem(size: Int, path: String) -> Diagnostic? {
        guard size > maximumFileSize else { return nil }
        return .error(
            "file is \(size) bytes; schema files may be at most \(maximumFileSize) bytes",
            hint: "split the declarations over several schema files", at: .start(of: path))
    }
}
