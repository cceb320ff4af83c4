/// One generated file to write: its name (no directory) and its full contents. What the render
/// stage produces and the write stage consumes.
public struct OutputFile: Equatable, Sendable {
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
