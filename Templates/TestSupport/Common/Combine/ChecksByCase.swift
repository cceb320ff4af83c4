import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: - Checks run by case

// A generated Swift Testing suite runs the checks of each of its `…Checks` properties through one
// parameterized test, `@Test(arguments: [<Type>.Check.<check>, …]) func check(_:)`, rather than a
// test per check: the `@Test` macro expands to some thirty functions, compiled once per test. Each
// check is still a test case of its own in the report. The checks' cases and the switch that runs
// them are compiled once, here. (The sequences' checks have theirs in `AwaitedChecks.swift`.)

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension PushPublisherChecks {
    /// The checks, by name, with their arguments.
    nonisolated enum Check: Sendable {
        case unlimitedDemandReceivesEveryValue, demandOfTwoReceivesTwoOfFive, zeroDemandReceivesNothing
        case zeroThenFiveRequestedReceivesFive, demandReplenishedFromReceiveKeepsValuesFlowing
        case cancelStopsDeliveryReleasesTheSubscriberAndUnregistersOnce, cancelInsideReceiveStopsDeliveryAtOnce
        case finishIsDeliveredOnceWithoutDemandAndEndsEverything
        case failureIsDeliveredOnceAndEndsEverything(failingWith: Subject.Failure)
        case valuesWithoutDemandFollowThePolicy, valuesKeptWithoutDemandAreDeliveredBeforeTheCompletion
        case cancelDiscardsKeptValuesAndTheCompletion, concurrentEmissionIsSerializedAndNothingIsLost
    }

    /// Runs `check`.
    func run(_ check: Check) {
        switch check {
        case .unlimitedDemandReceivesEveryValue: unlimitedDemandReceivesEveryValue()
        case .demandOfTwoReceivesTwoOfFive: demandOfTwoReceivesTwoOfFive()
        case .zeroDemandReceivesNothing: zeroDemandReceivesNothing()
        case .zeroThenFiveRequestedReceivesFive: zeroThenFiveRequestedReceivesFive()
        case .demandReplenishedFromReceiveKeepsValuesFlowing: demandReplenishedFromReceiveKeepsValuesFlowing()
        case .cancelStopsDeliveryReleasesTheSubscriberAndUnregistersOnce:
            cancelStopsDeliveryReleasesTheSubscriberAndUnregistersOnce()
        case .cancelInsideReceiveStopsDeliveryAtOnce: cancelInsideReceiveStopsDeliveryAtOnce()
        case .finishIsDeliveredOnceWithoutDemandAndEndsEverything: finishIsDeliveredOnceWithoutDemandAndEndsEverything()
        case let .failureIsDeliveredOnceAndEndsEverything(failure):
            failureIsDeliveredOnceAndEndsEverything(failingWith: failure)
        case .valuesWithoutDemandFollowThePolicy: valuesWithoutDemandFollowThePolicy()
        case .valuesKeptWithoutDemandAreDeliveredBeforeTheCompletion:
            valuesKeptWithoutDemandAreDeliveredBeforeTheCompletion()
        case .cancelDiscardsKeptValuesAndTheCompletion: cancelDiscardsKeptValuesAndTheCompletion()
        case .concurrentEmissionIsSerializedAndNothingIsLost: concurrentEmissionIsSerializedAndNothingIsLost()
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension PullPublisherChecks {
    /// The checks, by name, with their arguments.
    nonisolated enum Check: Sendable {
        case pullsOnlyWhatIsDemanded, zeroDemandPullsNothing, nilFinishesTheStream
        case aThrownErrorFailsTheStream(failingWith: Subject.Failure)
        case demandReplenishedFromReceivePullsOneAtATime, cancelInsideReceiveStopsPulling
    }

    /// Runs `check`.
    func run(_ check: Check) {
        switch check {
        case .pullsOnlyWhatIsDemanded: pullsOnlyWhatIsDemanded()
        case .zeroDemandPullsNothing: zeroDemandPullsNothing()
        case .nilFinishesTheStream: nilFinishesTheStream()
        case let .aThrownErrorFailsTheStream(failure): aThrownErrorFailsTheStream(failingWith: failure)
        case .demandReplenishedFromReceivePullsOneAtATime: demandReplenishedFromReceivePullsOneAtATime()
        case .cancelInsideReceiveStopsPulling: cancelInsideReceiveStopsPulling()
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension PushOwnerChecks {
    /// The checks, by name.
    nonisolated enum Check: Sendable {
        case registersAndUnregistersOnceOnCancel, unregistersWhenTheSubscriptionIsReleased, unregistersOnceOnCompletion
        case unregistersAtOnceWhenFinishedWithoutDemand, sendsTheCurrentValueFirst, finishesWhenTheOwnerIsDeallocated
    }

    /// Runs `check`.
    func run(_ check: Check) {
        switch check {
        case .registersAndUnregistersOnceOnCancel: registersAndUnregistersOnceOnCancel()
        case .unregistersWhenTheSubscriptionIsReleased: unregistersWhenTheSubscriptionIsReleased()
        case .unregistersOnceOnCompletion: unregistersOnceOnCompletion()
        case .unregistersAtOnceWhenFinishedWithoutDemand: unregistersAtOnceWhenFinishedWithoutDemand()
        case .sendsTheCurrentValueFirst: sendsTheCurrentValueFirst()
        case .finishesWhenTheOwnerIsDeallocated: finishesWhenTheOwnerIsDeallocated()
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension PullOwnerChecks {
    /// The checks, by name.
    nonisolated enum Check: Sendable {
        case isPulledOnlyForDemandOncePerValue, isNotPulledAfterCancel
    }

    /// Runs `check`.
    func run(_ check: Check) {
        switch check {
        case .isPulledOnlyForDemandOncePerValue: isPulledOnlyForDemandOncePerValue()
        case .isNotPulledAfterCancel: isNotPulledAfterCancel()
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension DelegateOwnerChecks {
    /// The checks, by name.
    nonisolated enum Check: Sendable {
        case sharesOneProxyAndRemovesItOnceWhenTheLastConsumerEnds, sendsTheCurrentValueFirstToEachConsumer
        case forwardsEveryCallToTheAppDelegateAndPutsItBack
    }

    /// Runs `check`.
    func run(_ check: Check) {
        switch check {
        case .sharesOneProxyAndRemovesItOnceWhenTheLastConsumerEnds:
            sharesOneProxyAndRemovesItOnceWhenTheLastConsumerEnds()
        case .sendsTheCurrentValueFirstToEachConsumer: sendsTheCurrentValueFirstToEachConsumer()
        case .forwardsEveryCallToTheAppDelegateAndPutsItBack: forwardsEveryCallToTheAppDelegateAndPutsItBack()
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension ObservedOwnerChecks {
    /// The checks, by name.
    nonisolated enum Check: Sendable {
        case sendsTheCurrentValueFirst, sendsTheValueAfterEachTurnOfChanges, sendsTheValueAfterEachChange
        case coalescesTheChangesMadeWhileAValueIsDelivered, stopsAtOnceOnCancelAndKeepsNoModel
        case finishesWhenTheModelIsDeallocated
    }

    /// Runs `check` on the main actor, which changes the model.
    @MainActor func run(_ check: Check) async {
        switch check {
        case .sendsTheCurrentValueFirst: await sendsTheCurrentValueFirst()
        case .sendsTheValueAfterEachTurnOfChanges: await sendsTheValueAfterEachTurnOfChanges()
        case .sendsTheValueAfterEachChange: await sendsTheValueAfterEachChange()
        case .coalescesTheChangesMadeWhileAValueIsDelivered: await coalescesTheChangesMadeWhileAValueIsDelivered()
        case .stopsAtOnceOnCancelAndKeepsNoModel: await stopsAtOnceOnCancelAndKeepsNoModel()
        case .finishesWhenTheModelIsDeallocated: await finishesWhenTheModelIsDeallocated()
        }
    }
}
