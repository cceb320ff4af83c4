#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Ready queue

/// A first-in first-out queue of values already paid for with demand, waiting for the thread
/// that is delivering. Empty unless sources fire while a delivery is in progress.
///
/// A ring that grows when full: each slot is emptied as its value is delivered, so a sustained
/// backlog keeps only the values still waiting, never the ones already delivered.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct ReadyQueue<Value> {
    private var slots: [Value?] = []
    private var head = 0
    private var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ value: Value) {
        if count == slots.count { grow() }
        var index = head + count
        if index >= slots.count { index -= slots.count }
        slots[index] = value
        count += 1
    }

    /// Removes and returns the oldest value, emptying its slot.
    mutating func popFirst() -> Value? {
        guard count > 0 else { return nil }
        let value = slots[head].take()
        count -= 1
        head = count == 0 || head + 1 == slots.count ? 0 : head + 1
        return value
    }

    /// Doubles the ring, oldest value first. The old ring holds only empty slots when freed.
    private mutating func grow() {
        var grown: [Value?] = []
        grown.reserveCapacity(Swift.max(4, slots.count * 2))
        var index = head
        for _ in 0..<count {
            grown.append(slots[index].take())
            index = index + 1 == slots.count ? 0 : index + 1
        }
        while grown.count < grown.capacity { grown.append(nil) }
        slots = grown
        head = 0
    }
}
