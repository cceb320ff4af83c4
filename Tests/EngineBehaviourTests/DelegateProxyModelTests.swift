import Foundation
import GeneratedExamples
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// Random interleavings of subscribing (to either of two declarations on one table view's delegate),
// requesting, delegate calls, the app giving a delegate (through `forwardDelegateCalls(to:)` or by
// setting `delegate` directly) and cancelling, over several consumers, checked step by step
// against a model of the proxy: who the table view's delegate is, what each app delegate heard,
// and what each consumer received (own demand, `start: onDemand`, `whenNoDemand: drop`).
@Suite struct DelegateProxyModelTests {
    enum Declaration: CaseIterable { case select, deselect }

    enum Step: CustomStringConvertible {
        case subscribe(Declaration, demand: Int)
        case request(consumer: Int, demand: Int)
        case cancel(consumer: Int)
        case call(Declaration, row: Int)
        case forward(appDelegate: Int)
        case setDirectly(appDelegate: Int)

        var description: String {
            switch self {
            case let .subscribe(declaration, demand): "subscribe(\(declaration), demand: \(demand))"
            case let .request(consumer, demand): "request(#\(consumer), \(demand))"
            case let .cancel(consumer): "cancel(#\(consumer))"
            case let .call(declaration, row): "call(\(declaration), row: \(row))"
            case let .forward(appDelegate): "forwardDelegateCalls(to: app \(appDelegate))"
            case let .setDirectly(appDelegate): "delegate = app \(appDelegate)"
            }
        }

        static func random(using rng: inout SplitMix64, consumers: Int) -> Step {
            let declaration = rng.chance(50) ? Declaration.select : .deselect
            switch rng.int(0...9) {
            case 0, 1: return .subscribe(declaration, demand: rng.int(0...2))
            case 2:
                return consumers > 0
                    ? .request(consumer: rng.int(0...consumers - 1), demand: rng.int(1...2))
                    : .call(declaration, row: 0)
            case 3, 4:
                return consumers > 0
                    ? .cancel(consumer: rng.int(0...consumers - 1)) : .subscribe(declaration, demand: 1)
            case 5, 6, 7: return .call(declaration, row: rng.int(0...9))
            case 8: return .forward(appDelegate: rng.int(0...1))
            default: return .setDirectly(appDelegate: rng.int(0...1))
            }
        }
    }

    /// What the model says the table view's delegate is.
    enum Holder: Equatable {
        case none
        case app(Int)
        case proxy
    }

    struct ModelConsumer {
        var declaration: Declaration
        var demand: Int
        var attached = false
        var ended = false
        var received: [Int] = []
    }

    @MainActor @Test func randomProgramsMatchTheModel() {
        let count = ProcessInfo.processInfo.environment["DELEGATE_MODEL_PROGRAMS"].flatMap(Int.init) ?? 600
        var failures: [String] = []
        for index in 0..<count {
            var rng = SplitMix64(seed: SplitMix64.mix(0xDE1E_6A7E + UInt64(index)))
            if let failure = run(rng: &rng) {
                failures.append("program #\(index): \(failure)")
                break
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n")))
    }

    @MainActor private func run(rng: inout SplitMix64) -> String? {
        let table = TableView()
        let appDelegates = [RecordingTableDelegate(), RecordingTableDelegate()]
        var heard: [[String]] = [[], []]
        var holder = Holder.none
        var forwardee: Int?
        var model: [ModelConsumer] = []
        var subscribers: [TestSubscriber<IndexPath, Never>] = []
        var steps: [Step] = []
        var installedProxy: AnyObject?

        func attachedCount() -> Int { model.filter { $0.attached && !$0.ended }.count }
        func attach(_ index: Int) {
            guard !model[index].attached, !model[index].ended, model[index].demand > 0 else { return }
            if attachedCount() == 0 {
                if case let .app(app) = holder { forwardee = app } else { forwardee = nil }
                holder = .proxy
            }
            model[index].attached = true
        }

        for _ in 0..<40 {
            let step = Step.random(using: &rng, consumers: model.count)
            steps.append(step)
            switch step {
            case let .subscribe(declaration, demand):
                let subscriber = TestSubscriber<IndexPath, Never>(initialDemand: demand == 0 ? .none : .max(demand))
                switch declaration {
                case .select: table.didSelectRowPublisher().subscribe(subscriber)
                case .deselect: table.didDeselectRowPublisher().subscribe(subscriber)
                }
                subscribers.append(subscriber)
                model.append(ModelConsumer(declaration: declaration, demand: demand))
                attach(model.count - 1)
            case let .request(consumer, demand):
                subscribers[consumer].request(.max(demand))
                if !model[consumer].ended { model[consumer].demand += demand }
                attach(consumer)
            case let .cancel(consumer):
                subscribers[consumer].cancel()
                let wasAttached = model[consumer].attached && !model[consumer].ended
                model[consumer].ended = true
                if wasAttached, attachedCount() == 0 {
                    if holder == .proxy { holder = forwardee.map(Holder.app) ?? .none }
                    forwardee = nil
                    installedProxy = nil
                }
            case let .call(declaration, row):
                let indexPath = IndexPath(indexes: [0, row])
                switch declaration {
                case .select: table.selectRow(at: indexPath)
                case .deselect: table.deselectRow(at: indexPath)
                }
                let word = declaration == .select ? "select" : "deselect"
                switch holder {
                case .none: break
                case let .app(app): heard[app].append("\(word) \(row)")
                case .proxy:
                    if let forwardee { heard[forwardee].append("\(word) \(row)") }
                    for index in model.indices
                    where model[index].declaration == declaration && model[index].attached && !model[index].ended
                        && model[index].demand > 0
                    {
                        model[index].demand -= 1
                        model[index].received.append(row)
                    }
                }
            case let .forward(app):
                table.forwardDelegateCalls(to: appDelegates[app])
                if attachedCount() > 0 { forwardee = app } else { holder = .app(app) }
            case let .setDirectly(app):
                table.delegate = appDelegates[app]
                holder = .app(app)
                if attachedCount() == 0 { installedProxy = nil }
            }

            // The table view's delegate.
            switch holder {
            case .none:
                guard table.delegate == nil else { return mismatch(steps, "the delegate should be nil") }
            case let .app(app):
                guard table.delegate === appDelegates[app] else {
                    return mismatch(steps, "the delegate should be app \(app)")
                }
            case .proxy:
                guard let delegate = table.delegate, !(delegate is RecordingTableDelegate) else {
                    return mismatch(steps, "the delegate should be the proxy")
                }
                if let installedProxy, installedProxy !== delegate {
                    return mismatch(steps, "a second proxy was installed while consumers observed")
                }
                installedProxy = delegate
            }
            for app in 0..<2 where appDelegates[app].calls != heard[app] {
                return mismatch(steps, "app \(app) heard \(appDelegates[app].calls), expected \(heard[app])")
            }
            for (index, consumer) in model.enumerated() {
                let received = subscribers[index].values.map { $0[1] }
                guard received == consumer.received else {
                    return mismatch(steps, "consumer #\(index) received \(received), expected \(consumer.received)")
                }
            }
        }
        for subscriber in subscribers { subscriber.cancel() }
        return nil
    }

    private func mismatch(_ steps: [Step], _ message: String) -> String {
        "\(message) after\n" + steps.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
    }
}

/// An app delegate that records the calls it hears.
@MainActor private final class RecordingTableDelegate: TableViewDelegate {
    var calls: [String] = []
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        calls.append("select \(indexPath[1])")
    }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
        calls.append("deselect \(indexPath[1])")
    }
}
