import GeneratorDiagnostics

/// `kind: polling`.
public struct PollingSource: Sendable {
    /// A Swift expression returning `Output?`: `nil` finishes, a thrown error fails.
    public var next: Located<String>

    public init(next: Located<String>) {
        self.next = next
    }
}
