/// When a push publisher attaches to its source.
public enum StartPolicy: String, CaseIterable, Sendable, Hashable {
    /// On the first request for more than zero values (the default): nothing is registered for a
    /// subscriber that never asks.
    case onDemand
    /// As soon as the subscription is made; events that arrive before demand follow `whenNoDemand`.
    case onSubscribe
}

/// What a push publisher does with an event that arrives while its subscriber has no demand.
public enum NoDemandPolicy: Sendable, Hashable {
    /// Discard the event (the default).
    case drop
    /// Keep only the newest event and deliver it when demand arrives.
    case latest
    /// Keep up to `size` events in order; `whenFull` says which event is discarded on overflow.
    case buffer(size: Int, whenFull: OverflowRule)
    /// Keep every event, in order, however many: what an `AsyncStream` keeps by default. Not
    /// written in schemas: the asynchronous form's policy when `whenNoDemand` is left out.
    case unbounded

    /// The spellings accepted as a plain string; the buffer form is a mapping.
    public static let scalarSpellings = ["drop", "latest"]
}

/// Which event a full no-demand buffer gives up.
public enum OverflowRule: String, CaseIterable, Sendable, Hashable {
    /// Discard the oldest buffered event to make room (the default): subscribers see recent events.
    case dropOldest
    /// Discard the arriving event: subscribers see the first events.
    case dropNewest
}

/// The access level of everything generated from one schema file.
public enum AccessLevel: String, CaseIterable, Sendable, Hashable {
    case `public`
    case package
    case `internal`
}

/// A form in which declarations are generated. A file emits every form unless `emit:` lists some.
public enum EmittedForm: String, CaseIterable, Sendable, Hashable {
    /// A Combine `Publisher` type and its factory.
    case combine
    /// An `AsyncSequence` type and its factory; needs neither Combine nor OpenCombine.
    case async
}
