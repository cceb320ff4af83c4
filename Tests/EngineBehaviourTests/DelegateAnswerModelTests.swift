import Foundation
import Testing

@testable import GeneratedFixtures

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// Random programs of consumers joining and leaving (of RowDeletions, which observes the deletion
// method, and RowMoves, which observes the move method, on one list's data source), app data
// sources given, released and asked for rows, and main-queue turns, checked after every step
// against a model of what the proxy answers and of every assignment of the list's data source:
// the list, like UIKit, reads the answers only when its data source is set.
@Suite struct DelegateAnswerModelTests {
    static let deletion = "list(_:commitDeletionAt:)"
    static let move = "list(_:moveRowAt:to:)"

    enum Step: CustomStringConvertible {
        case subscribe(moves: Bool)
        case cancel(consumer: Int)
        case forward(app: Int)
        case releaseAndAskForRows(app: Int)
        case turn

        var description: String {
            switch self {
            case let .subscribe(moves): moves ? "subscribe(moves)" : "subscribe(deletions)"
            case let .cancel(consumer): "cancel(#\(consumer))"
            case let .forward(app): "forwardDataSourceCalls(to: app \(app))"
            case let .releaseAndAskForRows(app): "release app \(app), then rowCount()"
            case .turn: "main-queue turn"
            }
        }
    }

    struct Model {
        /// Each consumer: whether it observes moves (else deletions), and whether it still lives.
        var consumers: [(moves: Bool, live: Bool)] = []
        /// The app data sources' implemented methods; `nil` once released.
        var apps: [Set<String>?]
        /// The proxy's app data source, while the proxy is installed; the list's own otherwise.
        var appDelegate: Int?
        var assignments = 0
        var cached: Set<String> = []
        var reassignmentPending = false

        var installed: Bool { consumers.contains { $0.live } }

        func implemented(by app: Int?) -> Set<String> { app.flatMap { apps[$0] } ?? [] }

        /// The methods a live consumer observes.
        var observed: Set<String> {
            var observed: Set<String> = []
            if consumers.contains(where: { $0.live && !$0.moves }) {
                observed.insert(DelegateAnswerModelTests.deletion)
            }
            if consumers.contains(where: { $0.live && $0.moves }) { observed.insert(DelegateAnswerModelTests.move) }
            return observed
        }

        /// What the proxy answers now. The proxy is assigned again only when this changes with
        /// the consumers (it asked the app's data source which methods it implements when it was
        /// given), and whenever another app data source is given or the one it had is found gone.
        var answers: Set<String> { implemented(by: appDelegate).union(observed) }

        mutating func assign(_ answers: Set<String>) {
            assignments += 1
            cached = answers
        }
    }

    @MainActor @Test func randomProgramsMatchTheModel() async {
        let count = ProcessInfo.processInfo.environment["DELEGATE_ANSWER_PROGRAMS"].flatMap(Int.init) ?? 1_000
        for index in 0..<count {
            var rng = SplitMix64(seed: SplitMix64.mix(0xA45E_0000 + UInt64(index)))
            if let failure = await run(rng: &rng) {
                Issue.record("program #\(index): \(failure)")
                return
            }
        }
    }

    @MainActor func run(rng: inout SplitMix64) async -> String? {
        let list = CachingList()
        let methodSets: [Set<String>] = [[], [Self.move], [Self.deletion], [Self.deletion, Self.move]]
        var apps: [AppListDataSource?] = (0..<3).map { _ in
            AppListDataSource(rows: 1, implementing: methodSets[rng.int(0...3)])
        }
        var model = Model(apps: apps.map { $0?.implemented })
        var cancellables: [AnyCancellable?] = []
        var trace: [String] = []
        for _ in 0..<rng.int(5...40) {
            let live = model.consumers.indices.filter { model.consumers[$0].live }
            let step: Step
            switch rng.int(0...9) {
            case 0, 1, 2: step = .subscribe(moves: rng.chance(50))
            case 3, 4: step = live.isEmpty ? .turn : .cancel(consumer: live[rng.int(0...live.count - 1)])
            case 5: step = .forward(app: rng.int(0...2))
            case 6: step = .releaseAndAskForRows(app: rng.int(0...2))
            default: step = .turn
            }
            trace.append(step.description)
            let wasInstalled = model.installed
            switch step {
            case let .subscribe(moves):
                let cancellable =
                    moves ? list.rowMovesPublisher().sink { _ in } : list.rowDeletionsPublisher().sink { _ in }
                let before = model.answers
                model.consumers.append((moves, true))
                cancellables.append(AnyCancellable(cancellable))
                if !wasInstalled {
                    // Installed with the list's data source as the app's, answering at once.
                    model.assign(model.answers)
                } else if model.answers != before {
                    model.reassignmentPending = true
                }
            case let .cancel(consumer):
                let before = model.answers
                cancellables[consumer]?.cancel()
                cancellables[consumer] = nil
                model.consumers[consumer].live = false
                if !model.installed {
                    // The last one puts back the app's data source, or none.
                    model.reassignmentPending = false
                    model.assign(model.implemented(by: model.appDelegate))
                } else if model.answers != before {
                    model.reassignmentPending = true
                }
            case let .forward(app):
                list.forwardDataSourceCalls(to: apps[app])
                // The same data source given again changes nothing.
                let isSame = apps[app] != nil && model.appDelegate == app
                model.appDelegate = apps[app] == nil ? nil : app
                if wasInstalled {
                    if !isSame { model.reassignmentPending = true }
                } else {
                    model.assign(model.implemented(by: model.appDelegate))
                }
            case let .releaseAndAskForRows(app):
                apps[app] = nil
                model.apps[app] = nil
                _ = list.rowCount()
                // The proxy finds its app data source gone at this call, and forgets it.
                if model.appDelegate == app {
                    model.appDelegate = nil
                    if wasInstalled { model.reassignmentPending = true }
                }
            case .turn:
                await mainQueueTurn()
                if model.reassignmentPending {
                    // Nil, then the proxy.
                    model.assign([])
                    model.assign(model.answers)
                    model.reassignmentPending = false
                }
            }
            if list.assignments != model.assignments {
                return
                    "after \(trace.joined(separator: ", ")): \(list.assignments) assignments, model \(model.assignments)"
            }
            if list.cachedAnswers != model.cached {
                return
                    "after \(trace.joined(separator: ", ")): the list read \(list.cachedAnswers.sorted()), model \(model.cached.sorted())"
            }
            let proxyIsTheDataSource = list.dataSource != nil && !(list.dataSource is AppListDataSource)
            if model.installed != proxyIsTheDataSource {
                return
                    "after \(trace.joined(separator: ", ")): the proxy is\(model.installed ? " not" : "") the data source"
            }
        }
        for cancellable in cancellables { cancellable?.cancel() }
        await mainQueueTurn()
        return nil
    }
}
