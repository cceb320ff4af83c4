import Foundation
import Testing

@testable import GeneratedExamples

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The code generated from `Schemas/Examples` runs as the schemas' comments promise.
@Suite struct ExamplePublisherTests {
    @Test func playheadProgressReportsWhileSubscribedAndUnregisters() {
        let player = MediaPlayer()
        let subscriber = TestSubscriber<Double, Never>(initialDemand: .unlimited)
        player.playheadProgressPublisher(every: 0.5).subscribe(subscriber)
        #expect(player.timeObserverCount == 1)
        player.advancePlayhead(to: 0.5)
        player.advancePlayhead(to: 1.0)
        subscriber.cancel()
        #expect(player.timeObserverCount == 0)
        player.advancePlayhead(to: 1.5)
        #expect(subscriber.values == [0.5, 1.0])
    }

    /// As the schema's comments say: registered right away, so an end that comes before the subscriber asks is not
    /// missed, and kept until the subscriber asks; the completion follows the kept value.
    @Test func playbackEndedIsRegisteredAtSubscriptionAndKeepsTheEndUntilTheSubscriberAsks() {
        let player = MediaPlayer()
        let subscriber = TestSubscriber<Void, MediaPlayer.PlaybackError>(initialDemand: .none)
        player.playbackEndedPublisher().subscribe(subscriber)
        player.endPlayback(.success(()))
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.isEmpty, "the completion waits for the kept end")
        subscriber.request(.max(1))
        #expect(subscriber.values.count == 1)
        #expect(subscriber.isFinished && subscriber.completions.count == 1, "finished right after it")
    }

    /// A failure with nothing kept is delivered at once, demand or not.
    @Test func playbackEndedFailsAtOnceWithoutDemand() {
        let player = MediaPlayer()
        let subscriber = TestSubscriber<Void, MediaPlayer.PlaybackError>(initialDemand: .none)
        player.playbackEndedPublisher().subscribe(subscriber)
        player.endPlayback(.failure(.decodingFailed))
        #expect(subscriber.failure == .decodingFailed)
    }

    /// Cancelled before the end: the registration lives on in the player, and the end it reports is ignored.
    @Test func playbackEndedCancelledBeforeTheEndIgnoresIt() {
        let player = MediaPlayer()
        let subscriber = TestSubscriber<Void, MediaPlayer.PlaybackError>(initialDemand: .unlimited)
        player.playbackEndedPublisher().subscribe(subscriber)
        subscriber.cancel()
        player.endPlayback(.success(()))
        #expect(subscriber.events.count == 1)
    }

    @Test func playbackEndedFailsWithThePlayersError() {
        let player = MediaPlayer()
        let subscriber = TestSubscriber<Void, MediaPlayer.PlaybackError>(initialDemand: .unlimited)
        player.playbackEndedPublisher().subscribe(subscriber)
        player.endPlayback(.failure(.decodingFailed))
        guard case .failure(.decodingFailed)? = subscriber.completions.first else {
            Issue.record("expected the playback error, got \(subscriber.events)")
            return
        }
    }

    @Test func playbackRateUsesItsTypedToken() {
        let player = MediaPlayer()
        let subscriber = TestSubscriber<Float, Never>(initialDemand: .unlimited)
        player.playbackRatePublisher().subscribe(subscriber)
        player.changeRate(to: 1)
        subscriber.cancel()
        player.changeRate(to: 2)
        #expect(subscriber.values == [1])
    }

    @MainActor @Test func controlsSendTheirValuesForTheirEvents() {
        let toggle = Toggle()
        let states = TestSubscriber<Bool, Never>(initialDemand: .unlimited)
        toggle.toggleIsOnPublisher().subscribe(states)
        toggle.isOn = true
        toggle.sendActions(for: .valueChanged)
        toggle.sendActions(for: .primaryActionTriggered)
        // The current state first (`initial: isOn`), then the one `.valueChanged`.
        #expect(states.values == [false, true])

        let field = TextField()
        let texts = TestSubscriber<String, Never>(initialDemand: .unlimited)
        field.textFieldTextPublisher(for: .editingChanged).subscribe(texts)
        field.sendActions(for: .editingChanged)
        field.text = "hi"
        field.sendActions(for: .editingChanged)
        #expect(texts.values == ["", "hi"])
        texts.cancel()
        #expect(field.liveTargetCount == 0)
    }

    @Test func imageFeedEndsWhenTheProviderRunsOutAndFailsWhenItThrows() {
        let provider = ImageProvider(names: ["a", "b"])
        let images = TestSubscriber<Image, any Error>(initialDemand: .unlimited)
        provider.imageFeedPublisher(size: .thumbnail).subscribe(images)
        #expect(images.values == [Image(name: "a-small"), Image(name: "b-small")])
        #expect(images.completions.count == 1)

        let failing = ImageProvider(names: ["a", "b"], failAfter: 1)
        let failed = TestSubscriber<Image, any Error>(initialDemand: .unlimited)
        failing.imageFeedPublisher().subscribe(failed)
        #expect(failed.values == [Image(name: "a")])
        guard case .failure(let error)? = failed.completions.first else {
            Issue.record("expected a failure, got \(failed.events)")
            return
        }
        #expect(error is ImageProvider.LoadError)
    }

    @Test func heartbeatTicksOnTheScheduler() {
        let scheduler = VirtualTimeScheduler()
        let beats = TestSubscriber<Date, Never>(initialDemand: .max(2))
        HeartbeatPublisher(scheduler: scheduler).subscribe(beats)
        scheduler.advance(by: 3)
        #expect(beats.values.count == 2)

        let session = Session()
        session.elapsedTime = 42
        let clock = TestSubscriber<TimeInterval, Never>(initialDemand: .unlimited)
        session.sessionClockPublisher(scheduler: scheduler).subscribe(clock)
        scheduler.advance(by: 1)
        #expect(clock.values == [42, 42])
    }
}
