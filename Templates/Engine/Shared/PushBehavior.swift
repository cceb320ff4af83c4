// MARK: - Push behaviors

/// What a push declaration's publisher or sequence does with a value that comes while nobody asks
/// for one, and when it attaches to its source: its tag's, written once per declaration and form.
/// Its members are the engine's own, so the tag that gives it names neither `NoDemandPolicy` nor
/// `SourceStart` outside the module.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public nonisolated struct PushBehavior: Sendable {
    let whenNoDemand: NoDemandPolicy
    let start: SourceStart

    init(whenNoDemand: NoDemandPolicy, start: SourceStart) {
        self.whenNoDemand = whenNoDemand
        self.start = start
    }
}
