// MARK: - No-demand buffer

/// What to do with a value that arrives while the subscriber has no outstanding demand.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum NoDemandPolicy: Equatable {
    /// Discard it.
    case drop
    /// Keep only the newest.
    case latest
    /// Keep up to `capacity` in order; when full, discard the oldest or the arriving value.
    case buffer(capacity: Int, dropOldest: Bool)
    /// Keep every value, in order: an asynchronous sequence's default, as `AsyncStream`'s.
    case unbounded
}

/// The values kept for lack of demand, in arrival order, bounded by the policy. `latest` keeps one
/// slot; `buffer` a ring of `capacity` slots, allocated once; `unbounded` a ring that doubles when
/// full. A slot is emptied as its value is taken, so nothing delivered or discarded stays
/// referenced here.
///
/// Never releases a value itself: what a store displaces is handed back to the caller, to be
/// released after the lock is unlocked.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct NoDemandBuffer<Value> {
    /// The policy as the buffer dispatches on it: `unbounded` is a ring without a bound, so that a
    /// bounded ring is reached after two tag checks, as before `unbounded` existed.
    private nonisolated enum Mode {
        case drop
        case latest
        /// A ring of at most `capacity` slots; `Int.max` for `unbounded`, whose ring doubles.
        case ring(capacity: Int, dropOldest: Bool)
    }

    private let mode: Mode
    /// The one slot of `latest`.
    private var newest: Value?
    /// The ring of `buffer` and `unbounded`, empty until the first value is kept.
    private var ring: [Value?] = []
    /// Index in `ring` of the oldest value.
    private var head = 0
    private(set) var count = 0

    init(policy: NoDemandPolicy) {
        switch policy {
        case .drop: mode = .drop
        case .latest: mode = .latest
        case let .buffer(capacity, dropOldest): mode = .ring(capacity: capacity, dropOldest: dropOldest)
        case .unbounded: mode = .ring(capacity: .max, dropOldest: false)
        }
    }

    var policy: NoDemandPolicy {
        switch mode {
        case .drop: return .drop
        case .latest: return .latest
        case let .ring(capacity, dropOldest):
            return capacity == .max ? .unbounded : .buffer(capacity: capacity, dropOldest: dropOldest)
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Keeps `value` as the policy says. Returns the value it displaced, if any, for the caller to
    /// release outside the lock (a value the policy does not keep is simply not copied).
    mutating func store(_ value: Value) -> Value? {
        switch mode {
        case .drop:
            return nil
        case .latest:
            let displaced = newest.take()
            newest = value
            count = 1
            return displaced
        case let .ring(capacity, dropOldest):
            if count < capacity {
                if count == ring.count { grow(upTo: capacity) }
                ring[(head + count) % ring.count] = value
                count += 1
                return nil
            }
            guard dropOldest else { return nil }
            let displaced = ring[head].take()
            ring[head] = value
            head = (head + 1) % ring.count
            return displaced
        }
    }

    /// A bounded ring allocated whole, once; an unbounded one at 16 slots, then doubled, its
    /// values moved to the front in order.
    private mutating func grow(upTo capacity: Int) {
        let size = capacity == .max ? Swift.max(16, ring.count * 2) : capacity
        var larger: [Value?] = Array(repeating: nil, count: size)
        for offset in 0..<count { larger[offset] = ring[(head + offset) % ring.count].take() }
        ring = larger
        head = 0
    }

    /// Removes and returns the oldest value, emptying its slot.
    mutating func takeFirst() -> Value? {
        guard count > 0 else { return nil }
        count -= 1
        guard case .ring = mode else { return newest.take() }
        let value = ring[head].take()
        head = count == 0 ? 0 : (head + 1) % ring.count
        return value
    }
}
