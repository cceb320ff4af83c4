import Dispatch
import Testing

@testable import GeneratedFixtures

/// An app data source that keeps what a proxy anchors on it, as the Objective-C runtime keeps
/// associated objects: released with its other stored properties, after its `deinit`. Its
/// `deinit` can play a teardown that calls the list, as a view controller's views do when they are
/// released.
@MainActor final class AnchoringAppDataSource: ListDataSource, DelegateMethodResponding, LifetimeAnchoring {
    let implemented: Set<String>
    // Written on the main actor only, by the proxies these tests install there.
    nonisolated(unsafe) private var anchors: [UnsafeRawPointer: AnyObject] = [:]
    var teardown: (() -> Void)?
    var moves: [Int] = []

    init(implementing implemented: Set<String> = ["list(_:moveRowAt:to:)"]) {
        self.implemented = implemented
    }

    isolated deinit { teardown?() }

    nonisolated func responds(toMethod method: String) -> Bool {
        MainActor.assumeIsolated { implemented.contains(method) }
    }

    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        anchors[key] = watcher
    }

    func list(_ list: CachingList, numberOfRowsIn section: Int) -> Int { 3 }
    func list(_ list: CachingList, moveRowAt source: Int, to destination: Int) { moves.append(destination) }
}

/// When the app's delegate goes, and when the proxy is re-assigned: through the generated proxies
/// of RowDeletions and RowMoves on an owner that caches its data source's answers, as UIKit does.
@Suite struct DelegateProxyLifetimeTests {
    /// The owner reads the proxy's answers again before the app data source's deallocation
    /// returns: no turn of the main queue in which a call it cached for that data source can come.
    @MainActor @Test func theOwnerAsksAgainTheMomentTheAppsDelegateIsDeallocated() async {
        let list = CachingList()
        let deletions = list.rowDeletionsPublisher().sink { _ in }
        var app: AnchoringAppDataSource? = AnchoringAppDataSource()
        list.forwardDataSourceCalls(to: app)
        await mainQueueTurn()
        #expect(list.showsReorderControl)
        let assignments = list.assignments
        app = nil
        #expect(!list.showsReorderControl, "read again synchronously, on the main queue")
        #expect(list.assignments == assignments + 2)
        await mainQueueTurn()
        #expect(list.assignments == assignments + 2, "nothing left to read")
        deletions.cancel()
    }

    /// What can still reach the proxy before the watch fires: calls made during the app
    /// delegate's own teardown. They find it gone (its weak reference reads `nil` from the start of
    /// its deinitialization) and do nothing; the answers are read again once it is gone.
    @MainActor @Test func callsDuringTheDelegatesTeardownFindItGone() async {
        let list = CachingList()
        var moved: [Int] = []
        let deletions = list.rowDeletionsPublisher().sink { _ in }
        let moves = list.rowMovesPublisher().sink { moved.append($0) }
        var app: AnchoringAppDataSource? = AnchoringAppDataSource()
        list.forwardDataSourceCalls(to: app)
        await mainQueueTurn()
        var answersDuringTeardown: Set<String> = []
        app?.teardown = { [unowned list] in
            list.moveRow(from: 0, to: 4)
            answersDuringTeardown = list.cachedAnswers
        }
        app = nil
        #expect(moved == [4], "the consumer still hears it")
        #expect(answersDuringTeardown.contains("list(_:moveRowAt:to:)"), "still the cached answer")
        #expect(list.showsReorderControl, "observed, so answered after the data source is gone")
        _ = (deletions, moves)
    }

    /// A method's first consumer does not re-assign the proxy when the app's delegate implements
    /// the method already: the answer did not change.
    @MainActor @Test func noReassignmentWhenTheAnswerDidNotChange() async {
        let list = CachingList()
        let deletions = list.rowDeletionsPublisher().sink { _ in }
        let app = AnchoringAppDataSource()
        list.forwardDataSourceCalls(to: app)
        await mainQueueTurn()
        let assignments = list.assignments
        let moves = list.rowMovesPublisher().sink { _ in }
        await mainQueueTurn()
        #expect(list.assignments == assignments)
        moves.cancel()
        await mainQueueTurn()
        #expect(list.assignments == assignments, "the app's data source still implements it")
        // Giving the same data source again changes nothing either.
        list.forwardDataSourceCalls(to: app)
        await mainQueueTurn()
        #expect(list.assignments == assignments)
        deletions.cancel()
    }

    /// While the list has uncommitted updates the proxy waits, then re-assigns itself once they
    /// are committed.
    @MainActor @Test func noReassignmentDuringUncommittedUpdates() async {
        let list = CachingList()
        let deletions = list.rowDeletionsPublisher().sink { _ in }
        let assignments = list.assignments
        list.hasUncommittedUpdates = true
        let moves = list.rowMovesPublisher().sink { _ in }
        await mainQueueTurn()
        await mainQueueTurn()
        #expect(list.assignments == assignments, "not during the update")
        #expect(!list.showsReorderControl)
        await withCheckedContinuation { continuation in
            list.onAssignment = {
                list.onAssignment = nil
                continuation.resume()
            }
            list.hasUncommittedUpdates = false
        }
        #expect(list.showsReorderControl)
        list.onAssignment = nil
        _ = (deletions, moves)
    }
}

/// Two proxies on one slot, as declarations on `NoteStorage` (StorageEdits) and on `NoteView`
/// through `storage.delegate` (NoteText) install: whichever leaves first, the app's delegate is
/// the storage's delegate again when both have.
@Suite struct DelegateProxyChainTests {
    @MainActor final class AppNoteDelegate: NoteStorageDelegate {
        var edits: [String] = []
        func storage(_ storage: NoteStorage, didEdit text: String) { edits.append(text) }
    }

    @MainActor @Test(arguments: [true, false])
    func theAppsDelegateComesBackInEitherOrder(innerLeavesFirst: Bool) {
        let view = NoteView(text: "a")
        let app = AppNoteDelegate()
        view.storage.delegate = app
        var viewTexts: [String] = []
        var storageEdits: [String] = []
        let inner = view.noteTextPublisher().sink { viewTexts.append($0) }
        let outer = view.storage.storageEditsPublisher().sink { storageEdits.append($0) }
        view.storage.replace(with: "b")
        #expect(app.edits == ["b"])
        #expect(viewTexts == ["a", "b"])
        #expect(storageEdits == ["b"])
        if innerLeavesFirst {
            inner.cancel()
            view.storage.replace(with: "c")
            #expect(app.edits == ["b", "c"], "the remaining proxy forwards to the app's delegate")
            outer.cancel()
        } else {
            outer.cancel()
            view.storage.replace(with: "c")
            #expect(app.edits == ["b", "c"])
            inner.cancel()
        }
        #expect(view.storage.delegate === app)
        view.storage.replace(with: "d")
        #expect(app.edits == ["b", "c", "d"])
    }
}
