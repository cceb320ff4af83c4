/// Counts down from `start` to 1, then returns `nil`; throws `TestFailure` when it reaches `failAt`.
public nonisolated final class TestCounter {
    private var current: Int
    private let failAt: Int?
    /// How many times `nextValue` was called.
    public private(set) var pullCount = 0

    public init(start: Int, failAt: Int? = nil) {
        self.current = start
        self.failAt = failAt
    }

    public func nextValue() throws(TestFailure) -> Int? {
        pullCount += 1
        if let failAt, current == failAt { throw TestFailure(code: failAt) }
        guard current > 0 else { return nil }
        defer { current -= 1 }
        return current
    }
}

/// 1, 2, 3, … counting how often it was asked.
public nonisolated final class PullCounter {
    public private(set) var pullCount = 0

    public init() {}

    public func next() -> Int {
        pullCount += 1
        return pullCount
    }
}

/// Numbers the ticks of a periodic publisher.
public nonisolated final class TickCounter {
    public private(set) var tickCount = 0

    public init() {}

    public func nextTick() -> Int {
        tickCount += 1
        return tickCount
    }
}
