import Foundation

// MARK: - Awaited checks run from synchronous tests

// A generated XCTest case runs each check of a sequence from a synchronous test method that names
// it, `checks.runAndWait(.releasingTheIteratorUnregistersOnce)`, rather than from an `async` one
// that awaits it: an `async` method compiles to a coroutine split in several functions, and a
// test case has about ten of them, which made them the largest part of a generated test's build
// time. The checks' cases and the task that runs them are compiled once, here.

/// Runs `check` to its end from a synchronous test, in a task of its own: on the main actor if
/// `onMainActor`, else on none (as XCTest runs an `async` test that is not `@MainActor`). `check`
/// gets the actor it runs on. On the main thread, where XCTest runs synchronous tests, the main run
/// loop turns meanwhile, so that main-actor work (the check itself, a main-actor sender's) runs, as
/// it does while XCTest waits for an expectation.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated func runToTheEnd(onMainActor: Bool, _ check: @escaping (isolated (any Actor)?) async -> Void) {
    // The check goes to the task as values go to other threads in the checks: in `SharedForTest`.
    let job = SharedForTest(check)
    let ended = DispatchSemaphore(value: 0)
    let isEnded = TestCount()
    @Sendable func end() {
        isEnded.increment()
        ended.signal()
        // Wakes the main run loop, if it waits, to see the end at once.
        DispatchQueue.main.async {}
    }
    if onMainActor {
        Task { @MainActor in
            await job.value(MainActor.shared)
            end()
        }
    } else {
        Task.detached {
            await job.value(nil)
            end()
        }
    }
    guard Thread.isMainThread else { return ended.wait() }
    while isEnded.value == 0 {
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
    }
}

/// Checks that an XCTest case runs by name from a synchronous test, `checks.runAndWait(.<check>)`:
/// each type names its checks as the cases of its `Check` and runs one with `run(_:isolation:)`.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated protocol AwaitedChecking {
    /// The checks, by name, with their arguments.
    associatedtype Check
    /// Runs `check` on `isolation`'s actor.
    func run(_ check: Check, isolation: isolated (any Actor)?) async
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension AwaitedChecking {
    /// Runs `check` in a task of its own (on the main actor if `onMainActor`; a main-actor owner's
    /// checks, made there, keep `async` tests instead) and returns at its end.
    func runAndWait(_ check: Check, onMainActor: Bool = false) {
        let job = SharedForTest((self, check))
        runToTheEnd(onMainActor: onMainActor) { await job.value.0.run(job.value.1, isolation: $0) }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension PushSequenceChecks: AwaitedChecking {
    /// The checks, by name, with their arguments.
    nonisolated enum Check: Sendable {
        case aValueSentWhileTheConsumerAwaitsNextIsDelivered, valuesSentWhileTheConsumerDoesNotAwaitFollowThePolicy
        case finishUnregistersAtOnceAndEndsTheIterationAfterTheKeptValues
        case failureUnregistersAtOnceAndIsThrownAfterTheKeptValues(failingWith: Failure)
        case cancellingTheTaskThatAwaitsNextUnregistersOnceAndReturnsNil
        case aTaskCancelledBeforeItsFirstNextGetsNilAndNeverRegisters
        case aCancelledTaskGetsNilNotTheKeptValuesAndUnregistersOnce, releasingTheIteratorUnregistersOnce
        case concurrentProducersWhileTheConsumerDoesNotAwaitLeaveWhatThePolicyKeeps
        case concurrentProducersWhileTheConsumerConsumesDeliverNothingTwice
    }

    /// Runs `check` on `isolation`'s actor, the caller's by default.
    func run(_ check: Check, isolation: isolated (any Actor)? = #isolation) async {
        switch check {
        case .aValueSentWhileTheConsumerAwaitsNextIsDelivered: await aValueSentWhileTheConsumerAwaitsNextIsDelivered()
        case .valuesSentWhileTheConsumerDoesNotAwaitFollowThePolicy:
            await valuesSentWhileTheConsumerDoesNotAwaitFollowThePolicy()
        case .finishUnregistersAtOnceAndEndsTheIterationAfterTheKeptValues:
            await finishUnregistersAtOnceAndEndsTheIterationAfterTheKeptValues()
        case let .failureUnregistersAtOnceAndIsThrownAfterTheKeptValues(failure):
            await failureUnregistersAtOnceAndIsThrownAfterTheKeptValues(failingWith: failure)
        case .cancellingTheTaskThatAwaitsNextUnregistersOnceAndReturnsNil:
            await cancellingTheTaskThatAwaitsNextUnregistersOnceAndReturnsNil()
        case .aTaskCancelledBeforeItsFirstNextGetsNilAndNeverRegisters:
            await aTaskCancelledBeforeItsFirstNextGetsNilAndNeverRegisters()
        case .aCancelledTaskGetsNilNotTheKeptValuesAndUnregistersOnce:
            await aCancelledTaskGetsNilNotTheKeptValuesAndUnregistersOnce()
        case .releasingTheIteratorUnregistersOnce: await releasingTheIteratorUnregistersOnce()
        case .concurrentProducersWhileTheConsumerDoesNotAwaitLeaveWhatThePolicyKeeps:
            await concurrentProducersWhileTheConsumerDoesNotAwaitLeaveWhatThePolicyKeeps()
        case .concurrentProducersWhileTheConsumerConsumesDeliverNothingTwice:
            await concurrentProducersWhileTheConsumerConsumesDeliverNothingTwice()
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension PullSequenceChecks: AwaitedChecking {
    /// The checks, by name, with their arguments.
    nonisolated enum Check: Sendable {
        case eachNextPullsOnceAndNothingIsPulledAhead, nilEndsTheIterationAndTheSourceIsNotAskedAgain
        case aThrownErrorIsThrownOnceThenNil(failingWith: Failure), aCancelledTaskGetsNilAndPullsNothing
    }

    /// Runs `check` on `isolation`'s actor, the caller's by default.
    func run(_ check: Check, isolation: isolated (any Actor)? = #isolation) async {
        switch check {
        case .eachNextPullsOnceAndNothingIsPulledAhead: await eachNextPullsOnceAndNothingIsPulledAhead()
        case .nilEndsTheIterationAndTheSourceIsNotAskedAgain: await nilEndsTheIterationAndTheSourceIsNotAskedAgain()
        case let .aThrownErrorIsThrownOnceThenNil(failure): await aThrownErrorIsThrownOnceThenNil(failingWith: failure)
        case .aCancelledTaskGetsNilAndPullsNothing: await aCancelledTaskGetsNilAndPullsNothing()
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
nonisolated extension TickSequenceChecks: AwaitedChecking {
    /// The checks, by name.
    nonisolated enum Check: Sendable {
        case ticksEveryIntervalOnTheClockAndNotBefore, ticksThatComeWhileTheConsumerDoesNotAwaitFollowThePolicy
        case cancellingTheTaskThatAwaitsATickEndsItsSleepWithNil, aCancelledTaskGetsNilWithoutSleeping
    }

    /// Runs `check` on `isolation`'s actor, the caller's by default.
    func run(_ check: Check, isolation: isolated (any Actor)? = #isolation) async {
        switch check {
        case .ticksEveryIntervalOnTheClockAndNotBefore: await ticksEveryIntervalOnTheClockAndNotBefore()
        case .ticksThatComeWhileTheConsumerDoesNotAwaitFollowThePolicy:
            await ticksThatComeWhileTheConsumerDoesNotAwaitFollowThePolicy()
        case .cancellingTheTaskThatAwaitsATickEndsItsSleepWithNil:
            await cancellingTheTaskThatAwaitsATickEndsItsSleepWithNil()
        case .aCancelledTaskGetsNilWithoutSleeping: await aCancelledTaskGetsNilWithoutSleeping()
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension PushSequenceOwnerChecks: AwaitedChecking {
    /// The checks, by name.
    nonisolated enum Check: Sendable {
        case registersAndUnregistersOnceOnCancel, unregistersWhenItsIteratorIsReleased, unregistersWhenTheSourceFinishes
        case unregistersAtOnceWhenTheSourceFinishesWhileValuesAreKept, sendsTheCurrentValueFirst
        case endsWhenTheOwnerIsDeallocated
    }

    /// Runs `check` on `isolation`'s actor, the caller's by default.
    func run(_ check: Check, isolation: isolated (any Actor)? = #isolation) async {
        switch check {
        case .registersAndUnregistersOnceOnCancel: await registersAndUnregistersOnceOnCancel()
        case .unregistersWhenItsIteratorIsReleased: await unregistersWhenItsIteratorIsReleased()
        case .unregistersWhenTheSourceFinishes: await unregistersWhenTheSourceFinishes()
        case .unregistersAtOnceWhenTheSourceFinishesWhileValuesAreKept:
            await unregistersAtOnceWhenTheSourceFinishesWhileValuesAreKept()
        case .sendsTheCurrentValueFirst: await sendsTheCurrentValueFirst()
        case .endsWhenTheOwnerIsDeallocated: await endsWhenTheOwnerIsDeallocated()
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension PullSequenceOwnerChecks: AwaitedChecking {
    /// The checks, by name.
    nonisolated enum Check: Sendable {
        case isPulledOncePerNextAndNeverAhead, isNotPulledByACancelledTask
    }

    /// Runs `check` on `isolation`'s actor, the caller's by default.
    func run(_ check: Check, isolation: isolated (any Actor)? = #isolation) async {
        switch check {
        case .isPulledOncePerNextAndNeverAhead: await isPulledOncePerNextAndNeverAhead()
        case .isNotPulledByACancelledTask: await isNotPulledByACancelledTask()
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
nonisolated extension TickSequenceOwnerChecks: AwaitedChecking {
    /// The checks, by name.
    nonisolated enum Check: Sendable {
        case keepsTheOwnerWhileIterating, endsWhenTheOwnerIsDeallocated
    }

    /// Runs `check` on `isolation`'s actor, the caller's by default.
    func run(_ check: Check, isolation: isolated (any Actor)? = #isolation) async {
        switch check {
        case .keepsTheOwnerWhileIterating: await keepsTheOwnerWhileIterating()
        case .endsWhenTheOwnerIsDeallocated: await endsWhenTheOwnerIsDeallocated()
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension ObservedSequenceOwnerChecks {
    /// The checks, by name: a Swift Testing suite runs them by case (XCTest, from `@MainActor`
    /// `async` tests that name them).
    nonisolated enum Check: Sendable {
        case firstNextReturnsTheCurrentValue, nextReturnsTheValueAfterEachTurnOfChanges
        case nextReturnsTheValueAfterEachChange, cancellingReturnsNilAndKeepsNoModel, endsWhenTheModelIsDeallocated
    }

    /// Runs `check` on the main actor, which changes the model.
    @MainActor func run(_ check: Check) async {
        switch check {
        case .firstNextReturnsTheCurrentValue: await firstNextReturnsTheCurrentValue()
        case .nextReturnsTheValueAfterEachTurnOfChanges: await nextReturnsTheValueAfterEachTurnOfChanges()
        case .nextReturnsTheValueAfterEachChange: await nextReturnsTheValueAfterEachChange()
        case .cancellingReturnsNilAndKeepsNoModel: await cancellingReturnsNilAndKeepsNoModel()
        case .endsWhenTheModelIsDeallocated: await endsWhenTheModelIsDeallocated()
        }
    }
}
