/// Where a declaration's factories are (`factoriesOn:`): methods of an instance of the owner, or
/// static methods of the owner type, for a source that belongs to the type rather than to one of
/// its objects (a notification the type posts, a shared instance, a type's clock).
public enum FactoryPlacement: String, CaseIterable, Sendable, Hashable {
    /// `player.playheadProgressPublisher()`: the schema's code runs on the instance.
    case instance
    /// `UIApplication.didEnterBackgroundPublisher()`: the schema's code runs in a static method of
    /// the owner, where `self` is the type and its static members are in scope.
    case type
}
