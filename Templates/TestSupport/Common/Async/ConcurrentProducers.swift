import Foundation

// MARK: - Yielding and producing

/// Yields until `condition` holds, and returns whether it did within `TestCount.patience`: for what
/// gives no other sign, such as a target added by a hop to the main actor. Never sleeps; runs on
/// the caller's actor, so `condition` may be the caller's code.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async -> Bool {
    let deadline = Date(timeIntervalSinceNow: TestCount.patience)
    while !condition() {
        guard Date() < deadline else {
            // As `TestCount` waits: the clock ran out, but what makes `condition` hold may still wait
            // behind other tasks for a thread; it is asked once more after a task made now has run.
            await Task.detached(priority: Task.currentPriority) { await Task.yield() }.value
            return condition()
        }
        await Task.yield()
    }
    return true
}

/// Values that several threads send at once, each thread every `threads`th value in order, and
/// what a sequence delivering them may not do.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct ConcurrentProducers<Value>: @unchecked Sendable {
    let values: [Value]
    let threads: Int

    init(_ values: [Value], threads: Int = 4) {
        self.values = values
        self.threads = threads
    }

    /// Sends every value through `emit`, from `threads` threads at once; returns when all are sent.
    func send(_ emit: @Sendable (Value) -> Void) {
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: values.count, by: threads) { emit(values[index]) }
        }
    }

    /// The value each thread sent last: one of them was the last value sent at all.
    var lastValues: [Value] {
        (0..<Swift.min(threads, values.count)).map { thread in
            values[thread + (values.count - 1 - thread) / threads * threads]
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension ConcurrentProducers {
    /// What is wrong with `delivered`, for distinct values compared by `equal`: a value delivered
    /// twice, one never sent, a thread's values in another order than it sent them. `lastIsKept`:
    /// the last value sent must also be the last delivered, as it is when values that wait are kept
    /// newest last.
    func problems(in delivered: [Value], lastIsKept: Bool = false, equal: (Value, Value) -> Bool) -> [String] {
        var problems: [String] = []
        let indices = delivered.map { value in values.firstIndex { equal($0, value) } }
        if indices.contains(nil) { problems.append("a value that was never sent was delivered") }
        let sent = indices.compactMap { $0 }
        if Set(sent).count != sent.count { problems.append("a value was delivered twice") }
        for thread in 0..<threads {
            let mine = sent.filter { $0 % threads == thread }
            if mine != mine.sorted() { problems.append("thread \(thread)'s values arrived out of order") }
        }
        if lastIsKept, let last = delivered.last, !lastValues.contains(where: { equal($0, last) }) {
            problems.append("the last value delivered is not the last one sent")
        }
        return problems
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension ConcurrentProducers where Value: Equatable {
    /// ``problems(in:lastIsKept:equal:)`` for values compared with `==`.
    func problems(in delivered: [Value], lastIsKept: Bool = false) -> [String] {
        problems(in: delivered, lastIsKept: lastIsKept, equal: ==)
    }
}
