import Dispatch
import Foundation
import Testing

@testable import GeneratedFixtures

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// Lets every block already on the main queue run, such as the proxy's scheduled re-assignment:
/// the main queue is first in, first out.
@MainActor func mainQueueTurn() async {
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
}

/// The app's own data source in these tests: implements the methods it is given, says so when its
/// owner asks, and counts what it hears.
@MainActor final class AppListDataSource: ListDataSource, DelegateMethodResponding {
    let rows: Int
    let implemented: Set<String>
    var moves: [Int] = []

    init(rows: Int, implementing implemented: Set<String> = []) {
        self.rows = rows
        self.implemented = implemented
    }

    nonisolated func responds(toMethod method: String) -> Bool {
        MainActor.assumeIsolated { implemented.contains(method) }
    }

    func list(_ list: CachingList, numberOfRowsIn section: Int) -> Int { rows }
    func list(_ list: CachingList, moveRowAt source: Int, to destination: Int) { moves.append(destination) }
}

// UIKit's four rules for delegate proxies, end to end through the generated proxies of
// RowDeletions, RowMoves, SearchWillPresent and SearchPresent (Tests/Fixtures/Generation) and
// owners that, like UIKit, read their delegate's answers once, when it is set.
@Suite struct DelegateAnswerTests {
    /// Required methods: implemented always; without an app data source the declared answer.
    @MainActor @Test func requiredMethodsAnswerWithTheAppsDataSourceOrTheDeclaredValue() async {
        let list = CachingList()
        let deletions = list.rowDeletionsPublisher().sink { _ in }
        #expect(list.rowCount() == 0)
        let app = AppListDataSource(rows: 5)
        list.forwardDataSourceCalls(to: app)
        #expect(list.rowCount() == 5)
        deletions.cancel()
        #expect(list.dataSource === app)
        #expect(list.rowCount() == 5)
    }

    /// A declared optional method is answered only while it is observed: observing deletions
    /// shows no reorder control; observing moves shows one, from the next main-queue turn.
    @MainActor @Test func anOptionalMethodIsAnsweredOnlyWhileItIsObserved() async {
        let list = CachingList()
        var deleted: [Int] = []
        let deletions = list.rowDeletionsPublisher().sink { deleted.append($0) }
        #expect(list.cachedAnswers == ["list(_:commitDeletionAt:)"])
        #expect(!list.showsReorderControl)
        list.deleteRow(3)
        #expect(deleted == [3])

        var moved: [Int] = []
        let moves = list.rowMovesPublisher().sink { moved.append($0) }
        #expect(!list.showsReorderControl, "the owner asks again only when the proxy is assigned again")
        await mainQueueTurn()
        #expect(list.showsReorderControl)
        list.moveRow(from: 0, to: 2)
        #expect(moved == [2])

        moves.cancel()
        await mainQueueTurn()
        #expect(!list.showsReorderControl)
        deletions.cancel()
    }

    /// The changes of one turn are read in one re-assignment (nil, then the proxy: two).
    @MainActor @Test func theChangesOfOneTurnCostOneReassignment() async {
        let list = CachingList()
        let deletions = list.rowDeletionsPublisher().sink { _ in }
        #expect(list.assignments == 1)
        let moves = list.rowMovesPublisher().sink { _ in }
        let moreMoves = list.rowMovesPublisher().sink { _ in }
        list.forwardDataSourceCalls(to: AppListDataSource(rows: 1))
        await mainQueueTurn()
        #expect(list.assignments == 3)
        await mainQueueTurn()
        #expect(list.assignments == 3, "nothing changed since")
        _ = (moves, moreMoves, deletions)
    }

    /// Apple: "The system performs a default presentation if you don't implement this method"
    /// (presentSearchController(_:)); willPresent is sent only before that automatic presentation.
    @MainActor @Test func observingWillPresentAloneKeepsTheAutomaticPresentation() async {
        let search = CachingSearch()
        var willPresent = 0
        let observed = search.searchWillPresentPublisher().sink { willPresent += 1 }
        search.activate()
        #expect(search.isPresentedAutomatically)
        #expect(willPresent == 1)
        observed.cancel()
    }

    /// Observing the method that presents turns the automatic presentation off, as implementing it
    /// does; from the next turn, since the search controller already read the proxy's answers.
    @MainActor @Test func observingThePresentMethodTurnsTheAutomaticPresentationOff() async {
        let search = CachingSearch()
        var willPresent = 0
        var presents = 0
        let observed = search.searchWillPresentPublisher().sink { willPresent += 1 }
        let presenting = search.searchPresentPublisher().sink { presents += 1 }
        await mainQueueTurn()
        search.activate()
        #expect(!search.isPresentedAutomatically)
        #expect(presents == 1)
        #expect(willPresent == 0)
        presenting.cancel()
        await mainQueueTurn()
        search.activate()
        #expect(search.isPresentedAutomatically)
        #expect(willPresent == 1)
        observed.cancel()
    }

    /// An app data source given later is asked afresh: its optional methods are called.
    @MainActor @Test func anAppDataSourceGivenLaterHasItsOptionalMethodsCalled() async {
        let list = CachingList()
        let deletions = list.rowDeletionsPublisher().sink { _ in }
        let app = AppListDataSource(rows: 2, implementing: ["list(_:moveRowAt:to:)"])
        list.forwardDataSourceCalls(to: app)
        await mainQueueTurn()
        #expect(list.showsReorderControl)
        list.moveRow(from: 1, to: 0)
        #expect(app.moves == [0])
        deletions.cancel()
    }

    /// An app data source that is gone: a method the owner cached as answered because of it still
    /// arrives, does nothing and returns the declared answer; the proxy then forgets the app's
    /// answers and is assigned again.
    @MainActor @Test func aDeadAppDataSourceIsForgottenWithoutACrash() async {
        let list = CachingList()
        let deletions = list.rowDeletionsPublisher().sink { _ in }
        var app: AppListDataSource? = AppListDataSource(rows: 4, implementing: ["list(_:moveRowAt:to:)"])
        list.forwardDataSourceCalls(to: app)
        await mainQueueTurn()
        #expect(list.showsReorderControl)
        weak let gone = app
        app = nil
        #expect(gone == nil)
        list.moveRow(from: 0, to: 1)
        #expect(list.rowCount() == 0)
        await mainQueueTurn()
        #expect(!list.showsReorderControl)
        deletions.cancel()
    }
}
