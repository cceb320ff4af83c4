/// The checks of one type of the emitted test support (`PushPublisherChecks`, …), one case per
/// check it declares. Scaffolds name a check only through these cases, never by a string of their
/// own, and `ScaffoldCheckCompletenessTests` fails when the test support declares a check that no
/// case names, or that no scaffold calls.
package protocol SupportChecks: RawRepresentable<String>, CaseIterable, Sendable {
    /// The test support's type that declares these checks.
    static var supportType: String { get }
}

extension SupportChecks {
    /// The call of the check with `arguments`: `failureIsDeliveredOnceAndEndsEverything(failingWith: …)`.
    package func call(_ arguments: String = "") -> String { "\(rawValue)(\(arguments))" }

    /// The names of the checks, as the test support declares them.
    package static var checkNames: [String] { allCases.map(\.rawValue) }
}

/// Every type of checks the test support declares, for the completeness test.
package enum SupportCheckTypes {
    package static let all: [any SupportChecks.Type] = [
        PushPublisherCheck.self, PullPublisherCheck.self, PeriodicPublisherCheck.self, PushOwnerCheck.self,
        PullOwnerCheck.self, DelegateOwnerCheck.self, ObservedOwnerCheck.self, PushSequenceCheck.self,
        PullSequenceCheck.self, TickSequenceCheck.self, PushSequenceOwnerCheck.self, PullSequenceOwnerCheck.self,
        ObservedSequenceOwnerCheck.self, PeriodicOwnerCheck.self, TickSequenceOwnerCheck.self,
    ]
}

// MARK: - The Combine form (GeneratedPublisherTestSupport+Combine.swift)

package enum PushPublisherCheck: String, SupportChecks {
    package static let supportType = "PushPublisherChecks"
    case unlimitedDemandReceivesEveryValue, demandOfTwoReceivesTwoOfFive, zeroDemandReceivesNothing
    case zeroThenFiveRequestedReceivesFive, demandReplenishedFromReceiveKeepsValuesFlowing
    case cancelStopsDeliveryReleasesTheSubscriberAndUnregistersOnce, cancelInsideReceiveStopsDeliveryAtOnce
    case finishIsDeliveredOnceWithoutDemandAndEndsEverything, failureIsDeliveredOnceAndEndsEverything
    case valuesWithoutDemandFollowThePolicy, valuesKeptWithoutDemandAreDeliveredBeforeTheCompletion
    case cancelDiscardsKeptValuesAndTheCompletion, concurrentEmissionIsSerializedAndNothingIsLost
}

package enum PullPublisherCheck: String, SupportChecks {
    package static let supportType = "PullPublisherChecks"
    case pullsOnlyWhatIsDemanded, zeroDemandPullsNothing, nilFinishesTheStream, aThrownErrorFailsTheStream
    case demandReplenishedFromReceivePullsOneAtATime, cancelInsideReceiveStopsPulling
}

package enum PeriodicPublisherCheck: String, SupportChecks {
    package static let supportType = "PeriodicPublisherChecks"
    case ticksArriveEveryIntervalOnTheScheduler
}

package enum PeriodicOwnerCheck: String, SupportChecks {
    package static let supportType = "PeriodicOwnerChecks"
    case keepsTheOwnerWhileSubscribed, finishesWhenTheOwnerIsDeallocated
}

package enum PushOwnerCheck: String, SupportChecks {
    package static let supportType = "PushOwnerChecks"
    case registersAndUnregistersOnceOnCancel, unregistersWhenTheSubscriptionIsReleased, unregistersOnceOnCompletion
    case unregistersAtOnceWhenFinishedWithoutDemand, sendsTheCurrentValueFirst, finishesWhenTheOwnerIsDeallocated
}

package enum PullOwnerCheck: String, SupportChecks {
    package static let supportType = "PullOwnerChecks"
    case isPulledOnlyForDemandOncePerValue, isNotPulledAfterCancel
}

package enum DelegateOwnerCheck: String, SupportChecks {
    package static let supportType = "DelegateOwnerChecks"
    case sharesOneProxyAndRemovesItOnceWhenTheLastConsumerEnds, sendsTheCurrentValueFirstToEachConsumer
    case forwardsEveryCallToTheAppDelegateAndPutsItBack
}

package enum ObservedOwnerCheck: String, SupportChecks {
    package static let supportType = "ObservedOwnerChecks"
    case sendsTheCurrentValueFirst, sendsTheValueAfterEachTurnOfChanges, sendsTheValueAfterEachChange
    case coalescesTheChangesMadeWhileAValueIsDelivered, stopsAtOnceOnCancelAndKeepsNoModel
    case finishesWhenTheModelIsDeallocated
}

// MARK: - The async form (GeneratedPublisherTestSupport+Async.swift)

package enum PushSequenceCheck: String, SupportChecks {
    package static let supportType = "PushSequenceChecks"
    case aValueSentWhileTheConsumerAwaitsNextIsDelivered, valuesSentWhileTheConsumerDoesNotAwaitFollowThePolicy
    case finishUnregistersAtOnceAndEndsTheIterationAfterTheKeptValues
    case failureUnregistersAtOnceAndIsThrownAfterTheKeptValues
    case cancellingTheTaskThatAwaitsNextUnregistersOnceAndReturnsNil
    case aTaskCancelledBeforeItsFirstNextGetsNilAndNeverRegisters
    case aCancelledTaskGetsNilNotTheKeptValuesAndUnregistersOnce, releasingTheIteratorUnregistersOnce
    case concurrentProducersWhileTheConsumerDoesNotAwaitLeaveWhatThePolicyKeeps
    case concurrentProducersWhileTheConsumerConsumesDeliverNothingTwice
}

package enum PullSequenceCheck: String, SupportChecks {
    package static let supportType = "PullSequenceChecks"
    case eachNextPullsOnceAndNothingIsPulledAhead, nilEndsTheIterationAndTheSourceIsNotAskedAgain
    case aThrownErrorIsThrownOnceThenNil, aCancelledTaskGetsNilAndPullsNothing
}

package enum TickSequenceCheck: String, SupportChecks {
    package static let supportType = "TickSequenceChecks"
    case ticksEveryIntervalOnTheClockAndNotBefore, ticksThatComeWhileTheConsumerDoesNotAwaitFollowThePolicy
    case cancellingTheTaskThatAwaitsATickEndsItsSleepWithNil, aCancelledTaskGetsNilWithoutSleeping
}

package enum TickSequenceOwnerCheck: String, SupportChecks {
    package static let supportType = "TickSequenceOwnerChecks"
    case keepsTheOwnerWhileIterating, endsWhenTheOwnerIsDeallocated
}

package enum PushSequenceOwnerCheck: String, SupportChecks {
    package static let supportType = "PushSequenceOwnerChecks"
    case registersAndUnregistersOnceOnCancel, unregistersWhenItsIteratorIsReleased, unregistersWhenTheSourceFinishes
    case unregistersAtOnceWhenTheSourceFinishesWhileValuesAreKept, sendsTheCurrentValueFirst
    case endsWhenTheOwnerIsDeallocated
}

package enum PullSequenceOwnerCheck: String, SupportChecks {
    package static let supportType = "PullSequenceOwnerChecks"
    case isPulledOncePerNextAndNeverAhead, isNotPulledByACancelledTask
}

package enum ObservedSequenceOwnerCheck: String, SupportChecks {
    package static let supportType = "ObservedSequenceOwnerChecks"
    case firstNextReturnsTheCurrentValue, nextReturnsTheValueAfterEachTurnOfChanges, nextReturnsTheValueAfterEachChange
    case cancellingReturnsNilAndKeepsNoModel, endsWhenTheModelIsDeallocated
}
