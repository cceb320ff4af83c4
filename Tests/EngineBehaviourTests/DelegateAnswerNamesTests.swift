import Testing

@testable import GeneratedFixtures

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A delegate method's `answer` runs outside the generated proxy, so the names it uses are the
/// module's even where the proxy has a member of the same name: `Scores` (Tests/Fixtures/Generation)
/// answers with `state`, `installed`, `consumersOfScores`, `ScoresHandlers`, `answers(of:)`,
/// `chainLink`, `responds(toMethod:)` and `source(_:scoreFor:)`, each the module's own
/// (Doubles/ScoringSource.swift), each adding its own digit.
@Suite struct DelegateAnswerNamesTests {
    @Test func anAnswerMeansTheModulesNamesNotTheProxysMembers() {
        let source = ScoringSource()
        var levels: [Int] = []
        let scores = source.scoresPublisher().sink { levels.append($0) }
        #expect(source.score(2) == 21_111)
        #expect(source.bonus(2) == 21_100_000)
        #expect(levels == [2, -2])
        scores.cancel()
        #expect(source.score(2) == 0)
    }
}
