import Foundation
import GeneratedExamples
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// Delegate declarations (Schemas/Examples/Delegates.publishers.yaml) on Swift-native owners shaped
// like UIKit's and CoreLocation's: one proxy per owner object, shared by every publisher and
// sequence on it; the app's own delegate keeps receiving every call and is put back, exactly once,
// when the last consumer ends.
@Suite struct DelegateProxyTests {
    static func row(_ row: Int) -> IndexPath { IndexPath(indexes: [0, row]) }

    @MainActor @Test func consumersOfEveryDeclarationAndFormShareOneProxy() async throws {
        let table = TableView()
        let appDelegate = AppTableDelegate()
        table.delegate = appDelegate
        let selections = TestSubscriber<IndexPath, Never>(initialDemand: .unlimited)
        let moreSelections = TestSubscriber<IndexPath, Never>(initialDemand: .unlimited)
        let deselections = TestSubscriber<IndexPath, Never>(initialDemand: .unlimited)

        // The sequence comes first: its first next() joins the proxy on another task, and only the
        // installed proxy shows that it has. Firing before it had joined (a single yield was all
        // this test once gave it) left the sequence waiting for a selection it never heard, and the
        // run hanging when the machine was busy.
        let first = Task { @MainActor in
            var iterator = table.didSelectRowSequence().makeAsyncIterator()
            return await iterator.next()
        }
        let deadline = Date(timeIntervalSinceNow: 60)
        while table.delegate === appDelegate, Date() < deadline { await Task.yield() }
        let proxy = table.delegate
        try #require(proxy != nil && proxy !== appDelegate, "the first consumer installs a proxy")
        table.didSelectRowPublisher().subscribe(selections)
        table.didSelectRowPublisher().subscribe(moreSelections)
        table.didDeselectRowPublisher().subscribe(deselections)
        #expect(table.delegate === proxy, "every later consumer, of any declaration and form, shares it")

        table.selectRow(at: Self.row(1))
        table.deselectRow(at: Self.row(1))
        #expect(await first.value == Self.row(1))
        #expect(selections.values == [Self.row(1)])
        #expect(moreSelections.values == [Self.row(1)])
        #expect(deselections.values == [Self.row(1)])
        #expect(appDelegate.calls == ["select \(Self.row(1))", "deselect \(Self.row(1))"])

        selections.cancel()
        moreSelections.cancel()
        #expect(table.delegate === proxy, "a consumer is left")
        deselections.cancel()
        #expect(table.delegate === appDelegate, "the last consumer puts the app's delegate back")
    }

    @MainActor @Test func theAppDelegateHearsEachCallBeforeTheConsumers() {
        let table = TableView()
        let appDelegate = AppTableDelegate()
        table.delegate = appDelegate
        var heardByTheAppFirst: [Bool] = []
        let cancellable = table.didSelectRowPublisher().sink { _ in
            heardByTheAppFirst.append(appDelegate.calls.count == heardByTheAppFirst.count + 1)
        }
        table.selectRow(at: Self.row(0))
        table.selectRow(at: Self.row(1))
        #expect(heardByTheAppFirst == [true, true])
        cancellable.cancel()
    }

    @MainActor @Test func eachConsumerKeepsItsOwnDemandAndPolicy() {
        let table = TableView()
        let oneOnly = TestSubscriber<IndexPath, Never>(initialDemand: .max(1))
        let everything = TestSubscriber<IndexPath, Never>(initialDemand: .unlimited)
        table.didSelectRowPublisher().subscribe(oneOnly)
        table.didSelectRowPublisher().subscribe(everything)

        for row in 0..<3 { table.selectRow(at: Self.row(row)) }

        #expect(oneOnly.values == [Self.row(0)], "whenNoDemand: drop, for this consumer only")
        #expect(everything.values == (0..<3).map(Self.row))
        oneOnly.cancel()
        everything.cancel()
    }

    @MainActor @Test func theLastConsumerRemovesTheProxyExactlyOnceAndReleasesIt() {
        let table = TableView()
        weak var proxy: AnyObject?
        do {
            let subscriber = TestSubscriber<IndexPath, Never>(initialDemand: .unlimited)
            table.didSelectRowPublisher().subscribe(subscriber)
            proxy = table.delegate
            #expect(proxy != nil, "the owner holds it weakly; the consumers keep it alive")
            table.selectRow(at: Self.row(4))
            #expect(subscriber.values == [Self.row(4)])
            subscriber.cancel()
            subscriber.cancel()
        }
        #expect(table.delegate == nil, "no app delegate to put back")
        #expect(proxy == nil, "nothing holds the proxy once the last consumer ended")
    }

    @MainActor @Test func releasingTheSubscriptionEndsTheConsumer() {
        let table = TableView()
        let appDelegate = AppTableDelegate()
        table.delegate = appDelegate
        var cancellable: AnyCancellable? = table.didSelectRowPublisher().sink { _ in }
        #expect(table.delegate !== appDelegate)
        #expect(cancellable != nil)
        cancellable = nil
        #expect(table.delegate === appDelegate)
    }

    @MainActor @Test func anAppDelegateGivenWhileSubscribedHearsEveryCallAndStaysAfterwards() {
        let table = TableView()
        let subscriber = TestSubscriber<IndexPath, Never>(initialDemand: .unlimited)
        table.didSelectRowPublisher().subscribe(subscriber)
        let proxy = table.delegate
        let appDelegate = AppTableDelegate()

        table.forwardDelegateCalls(to: appDelegate)
        #expect(table.delegate === proxy, "the proxy stays the delegate")
        table.selectRow(at: Self.row(2))
        #expect(appDelegate.calls == ["select \(Self.row(2))"])
        #expect(subscriber.values == [Self.row(2)])

        subscriber.cancel()
        #expect(table.delegate === appDelegate)
    }

    @MainActor @Test func forwardingWithoutConsumersSetsTheDelegateItself() {
        let table = TableView()
        let appDelegate = AppTableDelegate()
        table.forwardDelegateCalls(to: appDelegate)
        #expect(table.delegate === appDelegate)
    }

    /// Documented: setting the delegate directly while subscribed replaces the proxy, so the
    /// consumers stop hearing calls; when they end, the app's new delegate is left alone.
    @MainActor @Test func aDelegateSetDirectlyWhileSubscribedReplacesTheProxyAndStays() {
        let table = TableView()
        let subscriber = TestSubscriber<IndexPath, Never>(initialDemand: .unlimited)
        table.didSelectRowPublisher().subscribe(subscriber)
        let replacement = AppTableDelegate()

        table.delegate = replacement
        table.selectRow(at: Self.row(3))
        #expect(subscriber.values == [], "the proxy no longer hears the table view")
        #expect(replacement.calls == ["select \(Self.row(3))"])

        subscriber.cancel()
        #expect(table.delegate === replacement, "a delegate the app set meanwhile is not touched")
    }

    @MainActor @Test func aMethodThatReturnsAValueAnswersForTheAppDelegateOrWithTheDeclaredAnswer() {
        let field = TextField()
        let subscriber = TestSubscriber<Void, Never>(initialDemand: .unlimited)
        field.shouldReturnPublisher().subscribe(subscriber)

        #expect(field.pressReturn() == true, "no app delegate: the declared answer")
        let appDelegate = AppTextFieldDelegate(answer: false)
        field.forwardDelegateCalls(to: appDelegate)
        #expect(field.pressReturn() == false, "the app's delegate answers")
        #expect(appDelegate.asked == 1)
        #expect(subscriber.values.count == 2, "each press is sent, whoever answers")

        subscriber.cancel()
        #expect(field.delegate === appDelegate)
    }

    /// A nonisolated owner (shaped like CLLocationManager): several methods feed one stream; an
    /// error ends it, and the ended iteration lets go of the proxy at once.
    @Test func aFailureEndsTheSequenceAndPutsTheDelegateBack() async throws {
        struct LocationError: Error {}
        let manager = LocationManager()
        let consumer = Task {
            var iterator = manager.locationsSequence().makeAsyncIterator()
            var received: [Location] = []
            do {
                while let location = try await iterator.next() { received.append(location) }
                return (received, false)
            } catch {
                return (received, true)
            }
        }
        while manager.delegate == nil { await Task.yield() }
        manager.report([Location(latitude: 1, longitude: 0), Location(latitude: 2, longitude: 0)])
        manager.fail(with: LocationError())
        #expect(manager.delegate == nil, "the source ended: its proxy is removed at once")
        let (received, failed) = await consumer.value
        #expect(received.map(\.latitude) == [1, 2])
        #expect(failed)
    }
}

/// The app's own table-view delegate: records what reaches it, in one log with the subscribers.
private final class AppTableDelegate: TableViewDelegate {
    var calls: [String] = []
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        calls.append("select \(indexPath)")
    }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
        calls.append("deselect \(indexPath)")
    }
}

private final class AppTextFieldDelegate: TextFieldDelegate {
    var answer: Bool
    var asked = 0
    init(answer: Bool) { self.answer = answer }
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        asked += 1
        return answer
    }
}
