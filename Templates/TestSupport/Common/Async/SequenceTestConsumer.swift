//
// Test support for the async form: a consumer that calls `next()` only when a test asks and records
// what each call returned, and a clock whose time moves only when a test says so. It builds on
// GeneratedPublisherTestSupport.swift, imports neither Combine nor a test framework, and never
// sleeps: tests wait for counts (`TestCount`). Emitted once per test module whose schemas emit the
// async form.

import Foundation

// MARK: - Scripted consumer

/// What one call to `next()` returned.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum NextResult: Equatable, Sendable {
    case value
    /// `nil`: the end, after a failure, or a cancelled task's answer.
    case end
    case failure
}

/// A task that consumes one iterator of a sequence as a test scripts it: it calls `next()` only
/// when asked (`request`, `requestUntilEnd`), one call at a time, and records what each returned;
/// between calls it is not awaiting `next()`. Tests wait for its records (`results(reaching:)`,
/// `ended()`) instead of sleeping, cancel its task (`cancel()`), and make it let go of the iterator
/// (`releaseIterator()`).
///
/// The iterator is made by the initializer, so a source that starts when its iterator is made
/// (`start: onSubscribe`) is registered when it returns; from then on only the consumer's task
/// touches it. The task ends, releasing the iterator, when the consumer is released.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated final class SequenceTestConsumer<Element, Failure: Error>: @unchecked Sendable {
    private let script: ConsumerScript<Element, Failure>
    private let task: Task<Void, Never>

    init<Source: AsyncSequence>(_ sequence: Source) where Source.Element == Element {
        let iterator = ConsumedIterator<Element, Failure>(sequence.makeAsyncIterator())
        let script = ConsumerScript<Element, Failure>()
        self.script = script
        task = Task { await script.run(iterator) }
    }

    deinit { script.close() }

    /// Calls `next()` `count` more times, each after the previous one returned.
    func request(_ count: Int = 1) {
        script.enqueue(Array(repeating: .next, count: count))
    }

    /// Calls `next()` again and again until it returns `nil` or throws.
    func requestUntilEnd() {
        script.drain()
    }

    /// Lets go of the iterator between two calls to `next()`, and returns once it has (`false` if
    /// that takes longer than `TestCount.patience`).
    @discardableResult
    func releaseIterator() async -> Bool {
        let released = script.releaseCount.value + 1
        script.enqueue([.release])
        return await script.releaseCount.reaching(released)
    }

    /// Cancels the consuming task: a call to `next()` it is awaiting, and every later one, is made
    /// by a cancelled task.
    func cancel() {
        task.cancel()
    }

    /// Returns `true` once `count` calls to `next()` have returned (`false` if that takes longer
    /// than `TestCount.patience`).
    @discardableResult
    func results(reaching count: Int) async -> Bool {
        await script.resultCount.reaching(count)
    }

    /// Returns `true` once a call to `next()` has returned `nil` or thrown (`false` if that takes
    /// longer than `TestCount.patience`).
    @discardableResult
    func ended() async -> Bool {
        await script.endCount.reaching(1)
    }

    /// Calls `next()` once and runs `send` until that call returns, yielding between sends, and
    /// returns whether it did within `TestCount.patience`. For a source that drops what comes while
    /// the consumer is not awaiting and gives no sign that it awaits (it registered when the
    /// iterator was made): the first send that finds the consumer awaiting is the one it gets, and
    /// the sends before it are dropped.
    @discardableResult
    func request(
        isolation: isolated (any Actor)? = #isolation, sendingUntilReturned send: () -> Void
    ) async -> Bool {
        let returned = script.resultCount.value + 1
        request()
        return await eventually {
            guard script.resultCount.value < returned else { return true }
            send()
            return false
        }
    }

    /// Calls `next()` once and sends one value through `send` for that call to return, and returns
    /// whether it did within `TestCount.patience`. A source that keeps what comes while the consumer
    /// is not awaiting (`keptWhileNotAwaiting`) is sent to once: the value is the call's, delivered or
    /// kept for it, and a second send would be kept for the next call. A source that drops it is sent
    /// to until the call returns (``request(isolation:sendingUntilReturned:)``).
    @discardableResult
    func requestOneValue(
        isolation: isolated (any Actor)? = #isolation, keptWhileNotAwaiting: Bool, send: () -> Void
    ) async -> Bool {
        guard keptWhileNotAwaiting else { return await request(sendingUntilReturned: send) }
        let returned = script.resultCount.value + 1
        request()
        send()
        return await results(reaching: returned)
    }

    /// What each call to `next()` returned, in order.
    var nextResults: [NextResult] {
        script.outcomes.map {
            switch $0 {
            case .value: .value
            case .end: .end
            case .failure: .failure
            }
        }
    }

    /// The values returned, in order.
    var values: [Element] {
        script.outcomes.compactMap {
            if case let .value(value) = $0 { return value }
            return nil
        }
    }

    /// The error thrown, if one was.
    var failure: Failure? {
        for case let .failure(error) in script.outcomes { return error }
        return nil
    }

    /// Whether a call returned `nil` or threw.
    var hasEnded: Bool { script.endCount.value > 0 }
}

/// One call's outcome, with the value or error.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
private nonisolated enum ConsumerOutcome<Element, Failure: Error> {
    case value(Element)
    case end
    case failure(Failure)
}

/// What the consumer's task does next.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
private nonisolated enum ConsumerCommand {
    case next
    case release
}

/// The iterator, touched only by the consumer's task, one call at a time. Its type is erased here,
/// so that the task captures no generic parameter of the initializer.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
private nonisolated final class ConsumedIterator<Element, Failure: Error>: @unchecked Sendable {
    private var pull: (() async -> ConsumerOutcome<Element, Failure>)?

    init<Iterator: AsyncIteratorProtocol>(_ iterator: Iterator) where Iterator.Element == Element {
        // Only this task calls it, one call at a time; the compiler cannot see that the closure is
        // never called concurrently.
        nonisolated(unsafe) var iterator = iterator
        pull = {
            do {
                guard let value = try await iterator.next() else { return .end }
                return .value(value)
            } catch let error as Failure {
                return .failure(error)
            } catch {
                preconditionFailure("next() threw \(error), which is not a \(Failure.self)")
            }
        }
    }

    func next() async -> ConsumerOutcome<Element, Failure> {
        guard let pull else { preconditionFailure("next() after the iterator was released") }
        return await pull()
    }

    func release() {
        pull = nil
    }
}

/// The commands a test gives its consumer and the outcomes its task records, behind one lock.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
private nonisolated final class ConsumerScript<Element, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var commands: [ConsumerCommand] = []
    private var isDraining = false
    private var isClosed = false
    private var waiting: CheckedContinuation<ConsumerCommand?, Never>?
    private var recorded: [ConsumerOutcome<Element, Failure>] = []
    let resultCount = TestCount()
    let endCount = TestCount()
    let releaseCount = TestCount()

    var outcomes: [ConsumerOutcome<Element, Failure>] { lock.withLock { recorded } }

    /// The task's loop: one command at a time until the consumer is released.
    func run(_ iterator: ConsumedIterator<Element, Failure>) async {
        while let command = await nextCommand() {
            switch command {
            case .next:
                record(await iterator.next())
            case .release:
                iterator.release()
                releaseCount.increment()
            }
        }
        iterator.release()
    }

    func enqueue(_ more: [ConsumerCommand]) {
        resume(
            lock.withLock {
                commands += more
                return takeWaitingLocked()
            })
    }

    func drain() {
        resume(
            lock.withLock {
                isDraining = true
                return takeWaitingLocked()
            })
    }

    func close() {
        resume(
            lock.withLock {
                isClosed = true
                return takeWaitingLocked()
            })
    }

    private func record(_ outcome: ConsumerOutcome<Element, Failure>) {
        let ends: Bool
        switch outcome {
        case .value: ends = false
        case .end, .failure: ends = true
        }
        lock.withLock {
            recorded.append(outcome)
            if ends { isDraining = false }
        }
        if ends { endCount.increment() }
        resultCount.increment()
    }

    private func nextCommand() async -> ConsumerCommand? {
        await withCheckedContinuation { (continuation: CheckedContinuation<ConsumerCommand?, Never>) in
            let ready: ConsumerCommand?? = lock.withLock {
                if let command = takeCommandLocked() { return .some(command) }
                if isClosed { return .some(nil) }
                waiting = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The waiting task and the command to resume it with, if there is one. Called with the lock held.
    private func takeWaitingLocked() -> (CheckedContinuation<ConsumerCommand?, Never>, ConsumerCommand?)? {
        guard let continuation = waiting else { return nil }
        if let command = takeCommandLocked() {
            waiting = nil
            return (continuation, command)
        }
        guard isClosed else { return nil }
        waiting = nil
        return (continuation, nil)
    }

    private func takeCommandLocked() -> ConsumerCommand? {
        if !commands.isEmpty { return commands.removeFirst() }
        return isDraining ? .next : nil
    }

    private func resume(_ waiting: (CheckedContinuation<ConsumerCommand?, Never>, ConsumerCommand?)?) {
        if let (continuation, command) = waiting { continuation.resume(returning: command) }
    }
}
