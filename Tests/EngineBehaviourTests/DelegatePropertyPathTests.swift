import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A delegate reached through a property path (`property: storage.delegate` on `NoteView`, shaped
/// like `UITextView` and its `textStorage.delegate`): the factories are on the view, the proxy is
/// installed on the storage that holds the delegate and keyed by it, and the storage gets the app's
/// delegate back when the last consumer ends.
@Suite struct DelegatePropertyPathTests {
    /// The app's own delegate of the storage, counting what it hears.
    @MainActor final class AppDelegate: NoteStorageDelegate {
        var edits: [String] = []
        func storage(_ storage: NoteStorage, didEdit text: String) { edits.append(text) }
    }

    @MainActor @Test func theViewsFactoryObservesItsStoragesDelegate() {
        let view = NoteView(text: "draft")
        let appDelegate = AppDelegate()
        view.storage.delegate = appDelegate
        let subscriber = TestSubscriber<String, Never>(initialDemand: .unlimited)

        view.noteTextPublisher().subscribe(subscriber)

        #expect(view.storage.delegate !== appDelegate, "the proxy holds the storage's delegate slot")
        view.storage.replace(with: "final")
        #expect(subscriber.values == ["draft", "final"], "the view's text first, then each edit")
        #expect(appDelegate.edits == ["final"], "the app's delegate hears every call first")
        subscriber.cancel()
        #expect(view.storage.delegate === appDelegate, "the app's delegate is put back on the storage")
    }

    @MainActor @Test func consumersOfOneViewShareTheStoragesProxy() {
        let view = NoteView()
        let first = TestSubscriber<String, Never>(initialDemand: .unlimited)
        let second = TestSubscriber<String, Never>(initialDemand: .unlimited)

        view.noteTextPublisher().subscribe(first)
        let proxy = view.storage.delegate
        view.noteTextPublisher().subscribe(second)

        #expect(view.storage.delegate === proxy, "the second consumer joins the same proxy")
        view.storage.replace(with: "x")
        #expect(first.values == ["", "x"])
        #expect(second.values == ["", "x"])
        first.cancel()
        #expect(view.storage.delegate === proxy, "one consumer is left")
        second.cancel()
        #expect(view.storage.delegate == nil, "the last consumer removes the proxy")
    }

    @MainActor @Test func eachStorageHasItsOwnProxy() {
        let one = NoteView(text: "1")
        let two = NoteView(text: "2")
        let ones = TestSubscriber<String, Never>(initialDemand: .unlimited)
        let twos = TestSubscriber<String, Never>(initialDemand: .unlimited)

        one.noteTextPublisher().subscribe(ones)
        two.noteTextPublisher().subscribe(twos)
        one.storage.replace(with: "1b")
        two.storage.replace(with: "2b")

        #expect(ones.values == ["1", "1b"])
        #expect(twos.values == ["2", "2b"])
        #expect(one.storage.delegate !== two.storage.delegate)
        ones.cancel()
        twos.cancel()
        #expect(one.storage.delegate == nil && two.storage.delegate == nil)
    }

    @MainActor @Test func theViewForwardsTheStoragesCallsToANewAppDelegate() {
        let view = NoteView()
        let subscriber = TestSubscriber<String, Never>(initialDemand: .unlimited)
        view.noteTextPublisher().subscribe(subscriber)
        let appDelegate = AppDelegate()

        view.forwardStorageDelegateCalls(to: appDelegate)
        view.storage.replace(with: "y")

        #expect(appDelegate.edits == ["y"], "the proxy forwards to the delegate given on the view")
        subscriber.cancel()
        #expect(view.storage.delegate === appDelegate, "and puts it on the storage when the last consumer ends")
    }

    @MainActor @Test func theSequenceFormObservesTheStorageToo() async {
        let view = NoteView(text: "a")
        let consumer = Task { @MainActor in
            var texts: [String] = []
            for await text in view.noteTextSequence() {
                texts.append(text)
                if texts.count == 2 { break }
            }
            return texts
        }
        while view.storage.delegate == nil { await Task.yield() }
        view.storage.replace(with: "b")

        #expect(await consumer.value == ["a", "b"])
        #expect(view.storage.delegate == nil, "the ended iteration removed the proxy")
    }
}
