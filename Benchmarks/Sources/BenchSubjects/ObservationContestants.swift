import Dispatch
import Foundation
import Observation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The model the observation contestants watch: a main-actor `@Observable` class, as apps have.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable public final class BenchScoreBoard {
    public var score = 0

    public init() {}
}

/// One change of a main-actor model delivered to a subscriber, three ways, each loop driving
/// itself on the main queue: the subscriber's receive of a value makes the next change, in the
/// same turn, until `count` changes have been delivered after the current value; then the process
/// exits. Each change is thus one `willSet` report, one hop to the main queue, one read and one
/// delivery, whichever way it is observed.
///
/// - `observation`: the generated publisher (`kind: observation`).
/// - `trackingLoop`: the hand-written loop it replaces: `withObservationTracking` whose `onChange`
///   hops to the main queue, where the value is read in the call that registers again, and sent to
///   a `PassthroughSubject`.
/// - `observations`: the Observation module's `Observations`, consumed by a `for await` loop on
///   the main actor.
public enum ObservationContestant: String, CaseIterable {
    case observation, trackingLoop, observations

    /// Starts the loop on the main actor; the caller then runs the main queue.
    @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, *)
    @MainActor public func start(count: Int) {
        let model = BenchScoreBoard()
        let deliveries = DeliveryCounter(changes: count, model: model)
        switch self {
        case .observation:
            let cancellable = model.observedScorePublisher().sink { _ in deliveries.delivered() }
            deliveries.keep(cancellable)
        case .trackingLoop:
            let loop = TrackingLoop(model: model)
            deliveries.keep(loop.subject.sink { _ in deliveries.delivered() })
            loop.readAndTrack()
        case .observations:
            Task { @MainActor in
                for await _ in Observations({ model.score }) { deliveries.delivered() }
            }
        }
    }
}

/// The hand-written loop: reads the score in the call that registers tracking again, and on a
/// change hops to the main queue to do it again; each value goes to a `PassthroughSubject`.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor private final class TrackingLoop {
    let subject = PassthroughSubject<Int, Never>()
    private let model: BenchScoreBoard

    init(model: BenchScoreBoard) { self.model = model }

    func readAndTrack() {
        let score = withObservationTracking {
            model.score
        } onChange: {
            DispatchQueue.main.async { MainActor.assumeIsolated { self.readAndTrack() } }
        }
        subject.send(score)
    }
}

/// Counts deliveries; each but the last makes the next change, and the last ends the process.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor private final class DeliveryCounter {
    private let changes: Int
    private let model: BenchScoreBoard
    private var count = 0
    private var kept: [AnyCancellable] = []

    init(changes: Int, model: BenchScoreBoard) {
        self.changes = changes
        self.model = model
    }

    func keep(_ cancellable: AnyCancellable) { kept.append(cancellable) }

    /// The current value, then one value per change.
    func delivered() {
        count += 1
        guard count <= changes else {
            precondition(model.score == changes, "the last value delivered is not the model's")
            print(changes)
            exit(0)
        }
        model.score += 1
    }
}
