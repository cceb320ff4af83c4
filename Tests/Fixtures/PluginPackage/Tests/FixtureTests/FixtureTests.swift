import Clock
import Feed
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

@Test func wordsArePulledInOrderThenFinish() {
    var received: [String] = []
    var finished = false
    let cancellable = WordList(["a", "b"]).wordsPublisher()
        .sink(receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
    #expect(received == ["a", "b"])
    #expect(finished)
    cancellable.cancel()
}

@Test func theBuildPluginGeneratedTheClockPublisher() {
    let publisher: TickPublisher = Counter().tickPublisher(scheduler: ImmediateScheduler.shared)
    _ = publisher
}

@Test func wordsCanBeAwaitedOnePullPerNext() async {
    let list = WordList(["a", "b"])
    var received: [String] = []
    for await word in list.wordsSequence() { received.append(word) }
    #expect(received == ["a", "b"])
}

@Test func theBuildPluginGeneratedTheClockSequence() {
    let sequence: TickSequence = Counter().tickSequence()
    _ = sequence
}
