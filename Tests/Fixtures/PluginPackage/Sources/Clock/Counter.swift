public final class Counter {
    private var count = 0

    public init() {}

    public func next() -> Int {
        count += 1
        return count
    }
}
