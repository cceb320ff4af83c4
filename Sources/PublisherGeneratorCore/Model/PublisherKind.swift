/// How a publisher gets its events.
public enum PublisherKind: String, CaseIterable, Sendable, Hashable {
    /// A registration API: `register` returns a token, `unregister` takes it back.
    case callback
    /// A pull provider: `next` is asked only while there is demand; `nil` finishes.
    case polling
    /// A sender following the target/action pattern (UIControl, NSControl or a Swift-native one).
    case targetAction
    /// A repeating timer on any Combine `Scheduler`.
    case periodic

    /// Push kinds deliver whenever the source fires, so they need a no-demand policy and a start
    /// policy; the polling kind pulls and needs neither.
    public var isPush: Bool { self != .polling }

    static let listForMessages = allCases.map(\.rawValue).joined(separator: ", ")
}
