import Testing

@testable import GeneratedExamples

/// The bundled examples' async form, as the DocC article AsyncSequences shows it.
@Suite struct ExampleSequenceTests {
    @Test func playheadProgressIsAwaitedAndTheObserverRemovedAfterTheLoop() async {
        let player = MediaPlayer()
        let loop = Task {
            var seen: [Double] = []
            for await seconds in player.playheadProgressSequence(every: 0.5) {
                seen.append(seconds)
                if seen.count == 1 { break }
            }
            return seen
        }
        while player.timeObserverCount == 0 { await Task.yield() }
        player.advancePlayhead(to: 1.5)
        #expect(await loop.value == [1.5])
        #expect(player.timeObserverCount == 0)
    }

    @Test func playbackEndedThrowsThePlayersOwnError() async {
        let player = MediaPlayer()
        var iterator = player.playbackEndedSequence().makeAsyncIterator()
        player.endPlayback(.failure(.decodingFailed))
        do throws(MediaPlayer.PlaybackError) {
            _ = try await iterator.next()
            Issue.record("no failure")
        } catch {
            #expect(error == .decodingFailed)
        }
    }

    @Test func imagesArePulledOnePerIteration() async throws {
        let provider = ImageProvider(names: ["a", "b"])
        var names: [String] = []
        for try await image in provider.imageFeedSequence() { names.append(image.name) }
        #expect(names == ["a", "b"])
        #expect(provider.pullCount == 3, "two images and the end")
    }
}
