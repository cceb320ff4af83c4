import Dispatch
import GeneratedFixtures
import Observation
import Testing

// The same changes through a generated observation's sequence and through the Observation
// module's `Observations` (SE-0475), which Swift 6.3 has on Linux: both send the current value
// first, coalesce the changes of one turn, ignore properties the value does not read, and give a
// consumer that asks late the model's state when it asks. The generated code does not use
// `Observations` (it back-deploys to the OS versions before it); these tests pin down that the two
// paths Linux can run agree where the documentation says they do.
extension ConcurrencyStressTests {
    @MainActor @Test func likeObservationsAnObservationSendsTheCurrentValueFirst() async {
        let board = ScoreBoard(score: 3)
        var generated = board.scoreSequence().makeAsyncIterator()
        var observations = Observations { board.score }.makeAsyncIterator()

        #expect(await generated.next() == 3)
        #expect(await observations.next() == 3)
    }

    @MainActor @Test func likeObservationsAnObservationCoalescesTheChangesOfOneTurn() async {
        let board = ScoreBoard(score: 0, lives: 3)
        var generated = board.boardStandingSequence().makeAsyncIterator()
        var observations = Observations { Standing(score: board.score, lives: board.lives) }
            .makeAsyncIterator()
        #expect(await generated.next() == Standing(score: 0, lives: 3))
        #expect(await observations.next() == Standing(score: 0, lives: 3))

        board.score = 1
        board.lives = 2
        board.score = 2

        #expect(await generated.next() == Standing(score: 2, lives: 2), "one value for the turn")
        #expect(await observations.next() == Standing(score: 2, lives: 2))
    }

    @MainActor @Test func likeObservationsAnObservationGivesALateConsumerTheStateWhenItAsks() async {
        let board = ScoreBoard()
        var generated = board.scoreSequence().makeAsyncIterator()
        var observations = Observations { board.score }.makeAsyncIterator()
        #expect(await generated.next() == 0)
        #expect(await observations.next() == 0)

        // Three turns pass while neither consumer asks.
        for score in 1...3 {
            board.score = score
            await mainQueueFlushed()
        }

        #expect(await generated.next() == 3, "'latest': the state when asked, not the first change")
        #expect(await observations.next() == 3)
    }

    @MainActor @Test func likeObservationsAnObservationIgnoresPropertiesItDoesNotRead() async {
        let board = ScoreBoard()
        var generated = board.scoreSequence().makeAsyncIterator()
        var observations = Observations { board.score }.makeAsyncIterator()
        #expect(await generated.next() == 0)
        #expect(await observations.next() == 0)

        board.title = "ignored"
        board.score = 1

        #expect(await generated.next() == 1)
        #expect(await observations.next() == 1)
    }
}
