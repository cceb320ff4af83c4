import Foundation
import GeneratedFixtures
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// Model-based property tests of the demand bookkeeping (DESIGN.md, obligations 1-8).
///
/// Each test generates thousands of random, seeded programs: requests, values and completions from the source,
/// cancels, and a script of what the subscriber returns from (and does inside) each `receive(_:)`. Every program
/// runs twice: against the generated publisher, driven through the `TestSource` double or through plain
/// `register`/`unregister` closures, and against `PushModel`/`PullModel`, a small reference of the documented
/// semantics. The delivered events, the registration and unregistration counts and the number of pulls must be
/// identical, and so must the unregistrations counted at each value and completion the subscriber receives and
/// after each step of the program (so an unregistration that comes late shows). Every run must also keep the
/// invariants on its own: no more values than demanded, nothing after cancel or completion, at most one completion,
/// calls into the subscriber never nested, no token unregistered twice, and none left registered once the source
/// has finished or failed.
///
/// Reproduce: every failure prints the base seed, the program's own seed and the program, shrunk.
/// `DEMAND_MODEL_SEED=<n>` changes the base seed (`random` picks one and prints it),
/// `DEMAND_MODEL_PROGRAM_SEED=<n>` runs the one program with that seed, `DEMAND_MODEL_PROGRAMS=<n>` sets how many
/// programs run per variant.
///
/// The documented semantics the models implement (GeneratedPublisherSupport.swift):
/// - demand adds up, `.max(Int.max) + 1` is `.unlimited`, `request(.none)` is a no-op;
/// - a value that arrives without outstanding demand is kept as the no-demand policy says (drop, latest, a buffer
///   that drops its oldest or the arriving value) and delivered, oldest first, when demand comes;
/// - values are delivered in the order they arrived (demand goes to the oldest value kept before a newer one);
/// - `start: onDemand` registers on the first request for more than zero, `onSubscribe` after
///   `receive(subscription:)` returns;
/// - values the source sends while a delivery is in progress (during registration, or from inside `receive(_:)`)
///   are delivered after it returns: the subscriber is never called re-entrantly;
/// - at completion (a failure too), values already paid for with demand are delivered first, then values kept
///   for lack of demand as demand arrives, then the completion, exactly once, right after the last of them (at
///   once when nothing is kept);
/// - the source is unregistered exactly once, when it ends or on cancel: a source that finishes or fails is let go
///   of at once, whatever waits for demand (when it ends inside its registration call, as soon as that call
///   returns, before anything is delivered), and a cancel after that does not unregister it again;
/// - cancel ends everything at once: no value, no completion, `request` is a no-op; unregister exactly once;
/// - polling asks `next` once per unit of demand and only while there is demand; `nil` finishes, a throw fails.
@Suite struct DemandModelTests {
    @Test(arguments: PushVariant.allCases)
    func pushProgramsMatchTheModel(variant: PushVariant) {
        runPrograms(named: "push \(variant)", salt: variant.rawValue) { rng in
            PushProgram.random(using: &rng, reentrantSource: false)
        } check: { program, seed in
            checkPush(program, variant: variant, driver: PushDriverKind(seed: seed))
        }
    }

    /// As above, with a source that also sends from inside `receive(_:)` and completes during registration: the
    /// cases where an event arrives while a delivery is in progress.
    @Test(arguments: PushVariant.allCases)
    func pushProgramsWithReentrantSourceMatchTheModel(variant: PushVariant) {
        runPrograms(named: "push re-entrant \(variant)", salt: "reentrant-" + variant.rawValue) { rng in
            PushProgram.random(using: &rng, reentrantSource: true)
        } check: { program, seed in
            checkPush(program, variant: variant, driver: PushDriverKind(seed: seed))
        }
    }

    /// Programs that end the source (finish or fail; also during its registration call or from inside
    /// `receive(_:)`) while the subscriber may have no demand and values may be kept, then bring demand bit by bit:
    /// the source is unregistered exactly once, at the step that ended it (`ClosureSource` and `TestSource` count
    /// it), whatever waits; the kept values, then the completion, still arrive in order as demand does.
    @Test(arguments: PushVariant.allCases)
    func anEndedSourceIsLetGoOfAtOnceWhateverWaitsForDemand(variant: PushVariant) {
        runPrograms(named: "ended \(variant)", salt: "ended-" + variant.rawValue) { rng in
            PushProgram.endingWhileValuesWait(using: &rng)
        } check: { program, seed in
            checkPush(program, variant: variant, driver: PushDriverKind(seed: seed))
        }
    }

    @Test(arguments: PullVariant.allCases)
    func pullProgramsMatchTheModel(variant: PullVariant) {
        runPrograms(named: "pull \(variant)", salt: variant.rawValue) { rng in
            PullProgram.random(using: &rng, variant: variant)
        } check: { program, _ in
            checkPull(program, variant: variant)
        }
    }

    // The smallest programs the re-entrant tests above found, as plain tests.

    /// A value kept for lack of demand when the completion arrives is delivered first (the completion waits for it),
    /// also when the completion arrives while a delivery is in progress and the subscriber then returns more demand.
    /// Here the source sends 2 and finishes from inside `receive(1)`.
    @Test func valuesKeptWhenCompletionArrivesDuringADeliveryAreDeliveredFirst() {
        let source = TestSource()
        let subscriber = TestSubscriber<Int, TestFailure>(
            initialDemand: .max(1), demandAfterValue: { _ in .max(4) },
            onValue: { _, value in
                guard value == 1 else { return }
                source.emit(2)  // no demand left: kept by the buffer
                source.finish()  // waits for it
            })
        source.bufferedEventsPublisher().subscribe(subscriber)
        source.emit(1)
        #expect(subscriber.events == [.subscription, .value(1), .value(2), .completion(.finished)])
        #expect(source.unregistrationCount == 1)
    }

    /// The same, with values sent and the completion sent from inside the source's registration call.
    @Test func valuesKeptWhenCompletionArrivesDuringRegistrationAreDeliveredFirst() {
        let source = TestSource()
        source.valuesSentDuringRegistration = [1, 2]
        source.finishesDuringRegistration = true
        let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .max(1), demandAfterValue: { _ in .max(4) })
        source.bufferedEventsPublisher().subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(1), .value(2), .completion(.finished)])
        #expect(source.unregistrationCount == 1)
    }

    /// A source that finishes inside its registration call, with values paid for and kept: it is unregistered as
    /// soon as the call returns, before the first value is delivered; the kept values and the completion wait for
    /// demand, and nothing unregisters it again.
    @Test func anEndDuringTheRegistrationCallUnregistersAsSoonAsTheCallReturns() {
        let source = TestSource()
        source.valuesSentDuringRegistration = [1, 2, 3]
        source.finishesDuringRegistration = true
        var unregisteredAtValues: [Int] = []
        let subscriber = TestSubscriber<Int, TestFailure>(
            initialDemand: .max(1), onValue: { _, _ in unregisteredAtValues.append(source.unregistrationCount) })
        source.bufferedEventsPublisher().subscribe(subscriber)
        #expect(subscriber.events == [.subscription, .value(1)], "2 and 3 wait for demand, the completion after them")
        #expect(source.registrationCount == 1 && source.unregistrationCount == 1)
        subscriber.request(.max(1))
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
        #expect(unregisteredAtValues == [1, 1, 1], "unregistered before the first value is delivered")
        subscriber.cancel()
        #expect(source.unregistrationCount == 1 && !source.hasDuplicateUnregistration)
    }

    /// Finish while values are kept, for every policy that keeps: nothing more until demand; the kept values as it
    /// arrives, one by one; the completion right after the last of them, even with no demand left; unregistered
    /// once, at once when the source finishes.
    @Test(arguments: [PushVariant.latest, .bufferedDropOldest, .bufferedDropNewest, .eager])
    func finishWhileValuesAreKeptWaitsForThem(variant: PushVariant) {
        let (source, subscriber) = subscribeKeeping(variant, ending: { $0.finish() })
        let kept: [Int] = variant == .latest ? [5] : variant == .bufferedDropNewest ? [2, 3, 4] : [3, 4, 5]
        #expect(subscriber.events == [.subscription, .value(1)], "nothing before demand")
        #expect(source.unregistrationCount == 1, "let go of at once, while values wait")
        for count in 1...kept.count {
            subscriber.request(.max(1))
            let expected = [1] + kept.prefix(count)
            #expect(subscriber.values == expected)
            #expect(source.unregistrationCount == 1)
        }
        #expect(subscriber.completions.count == 1, "the completion right after the last kept value")
        #expect(subscriber.isFinished)
        #expect(source.unregistrationCount == 1)
        subscriber.request(.unlimited)
        #expect(subscriber.events.count == kept.count + 3)
    }

    /// A failure does not pre-empt kept values either: it is delivered after them, like `finish`.
    @Test(arguments: [PushVariant.latest, .bufferedDropOldest, .bufferedDropNewest, .eager])
    func failWhileValuesAreKeptWaitsForThem(variant: PushVariant) {
        let (source, subscriber) = subscribeKeeping(variant, ending: { $0.fail(TestFailure(code: 7)) })
        let kept: [Int] = variant == .latest ? [5] : variant == .bufferedDropNewest ? [2, 3, 4] : [3, 4, 5]
        #expect(subscriber.completions.isEmpty)
        #expect(source.unregistrationCount == 1, "let go of at once, while values wait")
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1] + kept)
        #expect(subscriber.completions.count == 1)
        #expect(subscriber.failure == TestFailure(code: 7))
        #expect(source.unregistrationCount == 1)
    }

    /// Cancel discards the kept values and the waiting completion: nothing is delivered after it, and the source,
    /// already let go of when it finished, is not unregistered again.
    @Test(arguments: [PushVariant.latest, .bufferedDropOldest, .bufferedDropNewest, .eager])
    func cancelWhileACompletionWaitsForKeptValuesDiscardsEverything(variant: PushVariant) {
        let (source, subscriber) = subscribeKeeping(variant, ending: { $0.finish() })
        #expect(source.unregistrationCount == 1)
        subscriber.cancel()
        subscriber.request(.unlimited)
        #expect(subscriber.events == [.subscription, .value(1)])
        #expect(source.unregistrationCount == 1 && !source.hasDuplicateUnregistration)
    }

    /// With nothing kept (`drop`, or every kept value already delivered), the completion comes at once.
    @Test func finishWithNothingKeptIsDeliveredAtOnce() {
        let source = TestSource()
        let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .max(1))
        source.droppedEventsPublisher().subscribe(subscriber)
        for value in 1...5 { source.emit(value) }
        source.finish()
        #expect(subscriber.events == [.subscription, .value(1), .completion(.finished)])
        #expect(source.unregistrationCount == 1)
    }

    /// Demand goes to the oldest value kept: a value the source sends during a delivery must not overtake values
    /// kept before it. 21 and 22 wait; `request(.max(2))` pays for both; inside `receive(21)` the source sends 23.
    @Test func aValueSentDuringADeliveryDoesNotOvertakeValuesKeptBeforeIt() {
        let source = TestSource()
        let subscriber = TestSubscriber<Int, TestFailure>(
            initialDemand: .max(1), demandAfterValue: { _ in .none },
            onValue: { _, value in
                if value == 21 { source.emit(23) }
            })
        source.firstEventsPublisher().subscribe(subscriber)
        source.emit(20)
        source.emit(21)
        source.emit(22)
        subscriber.request(.max(2))
        #expect(subscriber.values == [20, 21, 22])
    }

    /// With `whenNoDemand: latest`, an older value must never arrive after a newer one.
    @Test func latestNeverDeliversAnOlderValueAfterANewerOne() {
        let source = TestSource()
        source.valuesSentDuringRegistration = [1, 2]  // 1 is paid for, 2 is kept
        let subscriber = TestSubscriber<Int, TestFailure>(
            initialDemand: .max(1), demandAfterValue: { _ in .none },
            onValue: { subscriber, value in
                guard value == 1 else { return }
                subscriber.request(.max(2))
                source.emit(3)
            })
        source.latestEventsPublisher().subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3])
    }

    /// The model itself, on hand-written programs whose outcome the documentation states.
    @Test func theModelFollowsTheDocumentedExamples() {
        var program = PushProgram()
        program.initial = .max(1)
        program.ops = [.emit(1), .emit(2), .emit(3), .emit(4), .emit(5), .request(.max(2)), .finish, .request(.max(1))]
        #expect(
            PushModel.run(program, variant: .bufferedDropOldest).events == [
                .subscription, .value(1), .value(3), .value(4), .value(5), .finished,
            ])
        #expect(
            PushModel.run(program, variant: .bufferedDropNewest).events == [
                .subscription, .value(1), .value(2), .value(3), .value(4), .finished,
            ])
        #expect(PushModel.run(program, variant: .latest).events == [.subscription, .value(1), .value(5), .finished])
        #expect(PushModel.run(program, variant: .dropped).events == [.subscription, .value(1), .finished])
        program.ops = [.emit(1), .emit(2), .finish, .request(.unlimited)]
        program.initial = .max(1)
        let completed = PushModel.run(program, variant: .bufferedDropOldest)
        #expect(
            completed.events == [.subscription, .value(1), .value(2), .finished],
            "waiting values are delivered before the completion")
        #expect(completed.registrations == 1 && completed.unregistrations == 1)
        program = PushProgram()
        program.initial = .none
        program.ops = [.emit(1), .request(.max(1)), .emit(2)]
        let lazy = PushModel.run(program, variant: .dropped)
        #expect(lazy.events == [.subscription, .value(2)], "onDemand registers at the first demand")
        #expect(PushModel.run(program, variant: .eager).events == [.subscription, .value(1)], "onSubscribe keeps it")
    }
}

// MARK: - Running programs

/// Runs `DEMAND_MODEL_PROGRAMS` (default 4,000) programs; records the first failure, shrunk, with its seeds.
private func runPrograms<Program: ModelProgram>(
    named name: String, salt: String, generate: (inout SplitMix64) -> Program,
    check: (Program, UInt64) -> String?
) {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["DEMAND_MODEL_PROGRAMS"].flatMap(Int.init) ?? 4_000
    let baseSeed: UInt64
    switch environment["DEMAND_MODEL_SEED"] {
    case "random"?:
        baseSeed = UInt64.random(in: 0...UInt64.max)
        print("DemandModelTests \(name): DEMAND_MODEL_SEED=\(baseSeed)")
    case let text?:
        baseSeed = UInt64(text) ?? 0
    case nil:
        baseSeed = 0x5EED_DE3A_4D00_0001 ^ stableHash(salt)
    }
    var seeds = (0..<count).map { index in (index, SplitMix64.mix(baseSeed &+ UInt64(index))) }
    if let single = environment["DEMAND_MODEL_PROGRAM_SEED"].flatMap(UInt64.init) {
        seeds = [(0, single)]
    }
    var failures = 0
    for (index, seed) in seeds {
        var rng = SplitMix64(seed: seed)
        let program = generate(&rng)
        guard let failure = check(program, seed) else { continue }
        failures += 1
        guard failures == 1 else { continue }
        let (shrunk, shrunkFailure) = shrink(program, failure: failure) { check($0, seed) }
        let report = """
            \(name): program #\(index) does not match the model.
            Reproduce: DEMAND_MODEL_SEED=\(baseSeed) (program #\(index)), or this program alone: \
            DEMAND_MODEL_PROGRAM_SEED=\(seed)
            Program:
            \(program)
            Shrunk program:
            \(shrunk)
            \(shrunkFailure)
            """
        print(report)
        Issue.record(Comment(rawValue: report))
    }
    if failures > 0 {
        Issue.record("\(name): \(failures) of \(seeds.count) programs failed (base seed \(baseSeed))")
    }
}

/// Greedy shrinking: keeps taking the first smaller program that still fails.
private func shrink<Program: ModelProgram>(
    _ program: Program, failure: String, check: (Program) -> String?
) -> (Program, String) {
    var current = (program, failure)
    var budget = 2_000
    var improved = true
    while improved, budget > 0 {
        improved = false
        for candidate in current.0.smaller() {
            budget -= 1
            if let failure = check(candidate) {
                current = (candidate, failure)
                improved = true
                break
            }
            if budget <= 0 { break }
        }
    }
    return current
}

private protocol ModelProgram: CustomStringConvertible {
    /// Programs one step simpler, for shrinking.
    func smaller() -> [Self]
}

/// FNV-1a, stable across runs and platforms (unlike `Hasher`).
private func stableHash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}

/// SplitMix64: tiny, fast, and the same on every platform, so a seed replays a program exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// Uniform in `range`, by rejection (the standard library's algorithm may change between releases).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        let limit = UInt64.max - UInt64.max % width
        var value = next()
        while value >= limit { value = next() }
        return range.lowerBound + Int(value % width)
    }

    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
}

// MARK: - Vocabulary

/// A demand as a program states it.
private enum Want: Equatable, Sendable, CustomStringConvertible {
    case none
    case max(Int)
    case unlimited

    var demand: Subscribers.Demand {
        switch self {
        case .none: .none
        case let .max(count): .max(count)
        case .unlimited: .unlimited
        }
    }

    var description: String {
        switch self {
        case .none: "none"
        case .max(Int.max): "max(Int.max)"
        case let .max(count): "\(count)"
        case .unlimited: "unlimited"
        }
    }

    /// none, 1...5, unlimited, and now and then `.max(Int.max)` to reach the saturation rule.
    static func random(using rng: inout SplitMix64, finite: Bool = false) -> Want {
        switch rng.int(0...99) {
        case 0..<14: .none
        case 14..<90: .max(rng.int(1...5))
        case 90..<98: finite ? .max(rng.int(1...5)) : .unlimited
        default: finite ? .max(1) : .max(Int.max)
        }
    }

    /// What a subscriber returns from `receive(_:)`: mostly nothing.
    static func randomReturned(using rng: inout SplitMix64, finite: Bool = false) -> Want {
        rng.chance(55) ? .none : random(using: &rng, finite: finite)
    }
}

/// Outstanding demand as DESIGN.md rule 3 states it: adds up, saturates at unlimited, never below zero.
private struct ModelDemand: Equatable {
    /// `nil`: unlimited.
    private(set) var remaining: Int? = 0

    mutating func add(_ want: Want) {
        guard let current = remaining else { return }
        switch want {
        case .none: return
        case .unlimited: remaining = nil
        case let .max(count):
            let (sum, overflow) = current.addingReportingOverflow(count)
            remaining = overflow ? nil : sum
        }
    }

    mutating func take() -> Bool {
        guard let current = remaining else { return true }
        guard current > 0 else { return false }
        remaining = current - 1
        return true
    }
}

/// What a subscriber observes.
private enum Observed: Equatable, CustomStringConvertible {
    case subscription
    case value(Int)
    case finished
    case failed(Int)

    var description: String {
        switch self {
        case .subscription: "subscription"
        case let .value(value): "\(value)"
        case .finished: "finished"
        case let .failed(code): "failed(\(code))"
        }
    }
}

/// What the subscriber does inside `receive(_:)` before it returns.
private enum InReceive: Equatable, CustomStringConvertible {
    case nothing
    case request(Want)
    case cancel
    /// The source sends a value from inside the subscriber (a re-entrant event).
    case emit(Int)
    case finish
    case fail(Int)

    var description: String {
        switch self {
        case .nothing: "nothing"
        case let .request(want): "request(\(want))"
        case .cancel: "cancel"
        case let .emit(value): "source sends \(value)"
        case .finish: "source finishes"
        case let .fail(code): "source fails(\(code))"
        }
    }
}

/// The subscriber's answer to the n-th value it receives.
private struct Reply: Equatable, CustomStringConvertible {
    var returned: Want = .none
    var action: InReceive = .nothing

    var description: String { action == .nothing ? "return \(returned)" : "\(action), return \(returned)" }
}

private func describe(_ replies: [Reply]) -> String {
    replies.isEmpty
        ? "(every value: return none)"
        : replies.enumerated().map { "#\($0.offset + 1): \($0.element)" }.joined(separator: "; ")
            + " (later values: return none)"
}

/// The outcome compared between the publisher and the model.
private struct Outcome: Equatable, CustomStringConvertible {
    var events: [Observed] = []
    var registrations = 0
    var unregistrations = 0
    var pulls = 0
    /// Push programs: the unregistrations counted when each value or completion reached the subscriber…
    var unregisteredAtEvents: [Int] = []
    /// … and after each step of the program.
    var unregisteredAfterSteps: [Int] = []

    var description: String {
        "events \(events), registrations \(registrations), unregistrations \(unregistrations), pulls \(pulls)"
            + (unregisteredAtEvents.isEmpty && unregisteredAfterSteps.isEmpty
                ? ""
                : ", unregistrations at each value and completion \(unregisteredAtEvents), after each step "
                    + "\(unregisteredAfterSteps)")
    }
}

// MARK: - A subscriber that follows a script and checks the invariants

/// Follows its program's script and records what it observes. It checks, independently of the model, that it
/// never receives more values than it asked for in total (requests plus returned demand), nothing after it
/// cancelled or completed, at most one subscription and one completion, and no nested call.
private final class ScriptedSubscriber<Failure: Error>: Subscriber {
    typealias Input = Int

    private let initial: Want
    private let cancelsOnSubscribe: Bool
    private let replies: [Reply]
    /// Performs `.emit`, `.finish` and `.fail` through the source.
    var sourceAction: (InReceive) -> Void = { _ in }
    /// Push programs: the source's registrations and unregistrations so far.
    var sourceCounts: (() -> (registrations: Int, unregistrations: Int))?
    /// The unregistrations counted when each value or completion arrived (push programs).
    private(set) var unregisteredAtEvents: [Int] = []

    private(set) var subscription: (any Subscription)?
    private(set) var events: [Observed] = []
    private(set) var violations: [String] = []
    private var grantedTotal: Int? = 0
    private var delivered = 0
    private(set) var cancelled = false
    private(set) var completed = false
    /// Inside `receive(_:)` or `receive(completion:)`.
    private var inside = false

    init(initial: Want, cancelsOnSubscribe: Bool, replies: [Reply]) {
        self.initial = initial
        self.cancelsOnSubscribe = cancelsOnSubscribe
        self.replies = replies
    }

    var ended: Bool { cancelled || completed }

    func request(_ want: Want) {
        if !ended { count(want) }
        subscription?.request(want.demand)
    }

    func cancel() {
        cancelled = true
        subscription?.cancel()
    }

    /// Cancels if the program did not end, and lets go of the subscription (the cycle through `downstream`).
    func finishRun() {
        if !ended { cancel() }
        subscription = nil
    }

    private func count(_ want: Want) {
        guard let total = grantedTotal else { return }
        switch want {
        case .none: break
        case .unlimited: grantedTotal = nil
        case let .max(count):
            let (sum, overflow) = total.addingReportingOverflow(count)
            grantedTotal = overflow ? nil : sum
        }
    }

    /// Values and completions may arrive inside `receive(subscription:)` (its request runs synchronously), never
    /// inside another value or completion.
    private func enter(_ call: String) {
        if inside { violations.append("\(call) called from inside receive(_:) or receive(completion:)") }
        inside = true
    }

    func receive(subscription: any Subscription) {
        if self.subscription != nil || !events.isEmpty { violations.append("a second receive(subscription:)") }
        self.subscription = subscription
        events.append(.subscription)
        if cancelsOnSubscribe {
            cancel()
        } else if initial != .none {
            request(initial)
        }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        enter("receive(_:)")
        defer { inside = false }
        if subscription == nil { violations.append("value \(input) before the subscription") }
        if cancelled { violations.append("value \(input) after cancel") }
        if completed { violations.append("value \(input) after completion") }
        delivered += 1
        if let total = grantedTotal, delivered > total {
            violations.append("value \(input) is delivery #\(delivered) but only \(total) were demanded")
        }
        events.append(.value(input))
        if let sourceCounts { unregisteredAtEvents.append(sourceCounts().unregistrations) }
        let reply = delivered <= replies.count ? replies[delivered - 1] : Reply()
        switch reply.action {
        case .nothing: break
        case let .request(want): request(want)
        case .cancel: cancel()
        case .emit: sourceAction(reply.action)
        case .finish, .fail:
            sourceAction(reply.action)
            // Let go of at once, although this delivery is still in progress.
            if let counts = sourceCounts?(), counts.registrations != counts.unregistrations {
                violations.append(
                    "after the source \(reply.action == .finish ? "finished" : "failed") inside receive(\(input)): "
                        + "\(counts.registrations) registrations, \(counts.unregistrations) unregistrations")
            }
        }
        if !ended { count(reply.returned) }
        return reply.returned.demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        enter("receive(completion:)")
        defer { inside = false }
        if cancelled { violations.append("completion after cancel") }
        if completed { violations.append("a second completion") }
        completed = true
        switch completion {
        case .finished: events.append(.finished)
        case let .failure(error): events.append(.failed((error as? TestFailure)?.code ?? -1))
        }
        if let sourceCounts { unregisteredAtEvents.append(sourceCounts().unregistrations) }
    }
}

// MARK: - Push programs

extension DemandModelTests {
    enum PushVariant: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case dropped
        case latest
        case bufferedDropOldest
        case bufferedDropNewest
        case eager

        var testDescription: String { rawValue }

        enum Policy: Equatable {
            case drop
            case latest
            case buffer(capacity: Int, dropOldest: Bool)
        }

        /// As declared in Fixtures.publishers.yaml.
        var policy: Policy {
            switch self {
            case .dropped: .drop
            case .latest: .latest
            case .bufferedDropOldest, .eager: .buffer(capacity: 3, dropOldest: true)
            case .bufferedDropNewest: .buffer(capacity: 3, dropOldest: false)
            }
        }

        var startsOnSubscribe: Bool { self == .eager }
    }
}

private enum PushOp: Equatable, CustomStringConvertible {
    case request(Want)
    case emit(Int)
    case finish
    case fail(Int)
    case cancel

    var description: String {
        switch self {
        case let .request(want): "request(\(want))"
        case let .emit(value): "send \(value)"
        case .finish: "finish"
        case let .fail(code): "fail(\(code))"
        case .cancel: "cancel"
        }
    }
}

private struct PushProgram: ModelProgram {
    /// Requested from inside `receive(subscription:)`.
    var initial: Want = .none
    var cancelsOnSubscribe = false
    /// Sent synchronously by the source from inside its registration call.
    var duringRegistration: [Int] = []
    var finishesDuringRegistration = false
    var ops: [PushOp] = []
    var replies: [Reply] = []

    static func random(using rng: inout SplitMix64, reentrantSource: Bool) -> PushProgram {
        var program = PushProgram()
        var nextValue = 1
        func fresh() -> Int {
            defer { nextValue += 1 }
            return nextValue
        }
        program.initial = rng.chance(30) ? .none : Want.random(using: &rng)
        program.cancelsOnSubscribe = rng.chance(2)
        if rng.chance(25) { program.duringRegistration = (0..<rng.int(1...5)).map { _ in fresh() } }
        if reentrantSource { program.finishesDuringRegistration = rng.chance(20) }
        for _ in 0..<rng.int(0...30) {
            switch rng.int(0...999) {
            case 0..<300: program.ops.append(.request(Want.random(using: &rng)))
            case 300..<955: program.ops.append(.emit(fresh()))
            case 955..<970: program.ops.append(.cancel)
            case 970..<985: program.ops.append(.finish)
            default: program.ops.append(.fail(rng.int(1...9)))
            }
        }
        for _ in 0..<rng.int(0...12) {
            var reply = Reply(returned: Want.randomReturned(using: &rng))
            switch rng.int(0...99) {
            case 0..<10: reply.action = .request(Want.random(using: &rng))
            case 10..<14: reply.action = .cancel
            case 14..<34 where reentrantSource: reply.action = .emit(fresh())
            case 34..<38 where reentrantSource: reply.action = .finish
            case 38..<40 where reentrantSource: reply.action = .fail(rng.int(1...9))
            default: break
            }
            program.replies.append(reply)
        }
        return program
    }

    /// A program that ends the source while demand is short and values may be kept, then brings demand bit by bit.
    /// The source may also end inside its registration call or from inside `receive(_:)`, and a few events may
    /// follow the end (ignored) or a cancel (discarding what waits).
    static func endingWhileValuesWait(using rng: inout SplitMix64) -> PushProgram {
        var program = random(using: &rng, reentrantSource: true)
        program.cancelsOnSubscribe = false
        program.initial = rng.chance(25) ? .none : .max(rng.int(1...2))
        program.ops = []
        var value = 1_000
        for _ in 0..<rng.int(1...8) {
            if rng.chance(20) { program.ops.append(.request(.max(1))) }
            program.ops.append(.emit(value))
            value += 1
        }
        program.ops.append(rng.chance(65) ? .finish : .fail(rng.int(1...9)))
        for _ in 0..<rng.int(0...7) {
            switch rng.int(0...99) {
            case 0..<8:
                program.ops.append(.emit(value))
                value += 1
            case 8..<12: program.ops.append(.finish)
            case 12..<16: program.ops.append(.cancel)
            case 16..<26: program.ops.append(.request(.unlimited))
            default: program.ops.append(.request(.max(rng.int(1...2))))
            }
        }
        return program
    }

    var description: String {
        var lines = [
            "  receive(subscription:): " + (cancelsOnSubscribe ? "cancel" : "request(\(initial))")
        ]
        if !duringRegistration.isEmpty || finishesDuringRegistration {
            lines.append(
                "  the source's registration call sends \(duringRegistration)"
                    + (finishesDuringRegistration ? " then finishes" : ""))
        }
        lines.append("  then: " + (ops.isEmpty ? "(nothing)" : ops.map(\.description).joined(separator: ", ")))
        lines.append("  receive(_:) answers: " + describe(replies))
        return lines.joined(separator: "\n")
    }

    func smaller() -> [PushProgram] {
        var candidates: [PushProgram] = []
        for index in ops.indices {
            var candidate = self
            candidate.ops.remove(at: index)
            candidates.append(candidate)
        }
        if !replies.isEmpty {
            var candidate = self
            candidate.replies.removeLast()
            candidates.append(candidate)
        }
        for index in replies.indices where replies[index] != Reply() {
            var candidate = self
            if replies[index].action != .nothing {
                candidate.replies[index].action = .nothing
            } else {
                candidate.replies[index].returned = .none
            }
            candidates.append(candidate)
        }
        for index in duringRegistration.indices {
            var candidate = self
            candidate.duringRegistration.remove(at: index)
            candidates.append(candidate)
        }
        if finishesDuringRegistration {
            var candidate = self
            candidate.finishesDuringRegistration = false
            candidates.append(candidate)
        }
        if cancelsOnSubscribe {
            var candidate = self
            candidate.cancelsOnSubscribe = false
            candidates.append(candidate)
        }
        for (index, op) in ops.enumerated() {
            if case .request(.unlimited) = op {
                var candidate = self
                candidate.ops[index] = .request(.max(1))
                candidates.append(candidate)
            }
        }
        return candidates
    }
}

/// The documented semantics of a push subscription, written as plainly as possible: one thread, events in order.
private struct PushModel {
    let policy: DemandModelTests.PushVariant.Policy
    let startsOnSubscribe: Bool
    let program: PushProgram

    private var demand = ModelDemand()
    /// Kept for lack of demand, oldest first.
    private var waiting: [Int] = []
    /// Paid for with demand, waiting for the delivery in progress to return.
    private var paid: [Int] = []
    private var pending: Observed?
    /// Inside the registration call or inside a delivery: events queue up.
    private var busy = false
    private var registered = false
    private var everRegistered = false
    private var ended = false
    private var delivered = 0
    private var outcome = Outcome()

    static func run(_ program: PushProgram, variant: DemandModelTests.PushVariant) -> Outcome {
        var model = PushModel(policy: variant.policy, startsOnSubscribe: variant.startsOnSubscribe, program: program)
        model.outcome.events.append(.subscription)
        if program.cancelsOnSubscribe {
            model.cancel()
        } else {
            model.request(program.initial)
        }
        if variant.startsOnSubscribe, !model.ended { model.register() }
        for op in program.ops {
            switch op {
            case let .request(want): model.request(want)
            case let .emit(value): model.arrive(value)
            case .finish: model.complete(.finished)
            case let .fail(code): model.complete(.failed(code))
            case .cancel: model.cancel()
            }
            model.outcome.unregisteredAfterSteps.append(model.outcome.unregistrations)
        }
        return model.outcome
    }

    private mutating func request(_ want: Want) {
        guard !ended, want != .none else { return }
        demand.add(want)
        settle()
        if !startsOnSubscribe, !everRegistered {
            register()
        } else if !busy {
            drain()
        }
    }

    /// Demand goes to the oldest kept values first.
    private mutating func settle() {
        while !waiting.isEmpty, demand.take() { paid.append(waiting.removeFirst()) }
    }

    private mutating func register() {
        everRegistered = true
        registered = true
        outcome.registrations += 1
        busy = true
        for value in program.duringRegistration { arrive(value) }
        if program.finishesDuringRegistration { complete(.finished) }
        busy = false
        drain()
    }

    private mutating func unregister() {
        guard registered else { return }
        registered = false
        outcome.unregistrations += 1
    }

    private mutating func arrive(_ value: Int) {
        guard registered, !ended, pending == nil else { return }
        settle()
        if demand.take() {
            paid.append(value)
        } else {
            keep(value)
        }
        if !busy { drain() }
    }

    private mutating func keep(_ value: Int) {
        switch policy {
        case .drop:
            break
        case .latest:
            waiting = [value]
        case let .buffer(capacity, dropOldest):
            if waiting.count < capacity {
                waiting.append(value)
            } else if dropOldest {
                waiting.removeFirst()
                waiting.append(value)
            }
        }
    }

    /// The source is let go of at once (during its registration call too: nothing is delivered before the call
    /// returns). Values kept for lack of demand survive: the completion follows the last of them.
    private mutating func complete(_ completion: Observed) {
        guard registered, !ended, pending == nil else { return }
        pending = completion
        unregister()
        if !busy { drain() }
    }

    private mutating func cancel() {
        guard !ended else { return }
        ended = true
        waiting.removeAll()
        paid.removeAll()
        pending = nil
        unregister()
    }

    private mutating func drain() {
        busy = true
        while !ended {
            if !paid.isEmpty {
                deliver(paid.removeFirst())
            } else if waiting.isEmpty, let completion = pending {
                pending = nil
                ended = true
                outcome.events.append(completion)
                outcome.unregisteredAtEvents.append(outcome.unregistrations)
            } else {
                break
            }
        }
        busy = false
    }

    private mutating func deliver(_ value: Int) {
        outcome.events.append(.value(value))
        outcome.unregisteredAtEvents.append(outcome.unregistrations)
        delivered += 1
        let reply = delivered <= program.replies.count ? program.replies[delivered - 1] : Reply()
        switch reply.action {
        case .nothing: break
        case let .request(want): request(want)
        case .cancel: cancel()
        case let .emit(value): arrive(value)
        case .finish: complete(.finished)
        case let .fail(code): complete(.failed(code))
        }
        if !ended {
            demand.add(reply.returned)
            settle()
        }
    }
}

/// How a push program reaches the generated publisher.
private enum PushDriverKind: CustomStringConvertible {
    /// The `TestSource` double and its generated factory methods.
    case testSource
    /// `register`/`unregister` closures of our own that keep calling every `send` they were ever given, even after
    /// unregistration, as a careless source would.
    case closures

    var description: String { self == .testSource ? "TestSource" : "closures" }

    /// Half the programs each way, chosen by the program's seed so that it replays alone.
    init(seed: UInt64) { self = seed.isMultiple(of: 2) ? .testSource : .closures }
}

/// A registration API of plain closures that counts registrations and unregistrations per token.
private final class ClosureSource {
    private struct Observer {
        let send: @Sendable (Int) -> Void
        let finish: @Sendable () -> Void
        let fail: @Sendable (TestFailure) -> Void
    }

    private var observers: [Observer] = []
    private(set) var registrations = 0
    private var unregistrations: [Int: Int] = [:]
    var duringRegistration: [Int] = []
    var finishesDuringRegistration = false

    var unregistrationCount: Int { unregistrations.values.reduce(0, +) }
    var hasDuplicateUnregistration: Bool { unregistrations.values.contains { $0 > 1 } }

    func register(
        send: @escaping @Sendable (Int) -> Void, finish: @escaping @Sendable () -> Void,
        fail: @escaping @Sendable (TestFailure) -> Void
    ) -> Int {
        registrations += 1
        observers.append(Observer(send: send, finish: finish, fail: fail))
        for value in duringRegistration { send(value) }
        if finishesDuringRegistration { finish() }
        return observers.count
    }

    func unregister(_ token: Int) {
        unregistrations[token, default: 0] += 1
    }

    func emit(_ value: Int) { for observer in observers { observer.send(value) } }
    func finish() { for observer in observers { observer.finish() } }
    func fail(_ code: Int) { for observer in observers { observer.fail(TestFailure(code: code)) } }
}

private func subscribe<P: Publisher>(_ publisher: P, _ subscriber: ScriptedSubscriber<TestFailure>)
where P.Output == Int, P.Failure == TestFailure {
    publisher.subscribe(subscriber)
}

/// Runs `program` against the generated publisher and the model; describes the first difference or violation.
private func checkPush(_ program: PushProgram, variant: DemandModelTests.PushVariant, driver: PushDriverKind) -> String?
{
    let expected = PushModel.run(program, variant: variant)
    let subscriber = ScriptedSubscriber<TestFailure>(
        initial: program.initial, cancelsOnSubscribe: program.cancelsOnSubscribe, replies: program.replies)
    var actual = Outcome()
    var problems: [String] = []
    let emit: (Int) -> Void
    let finish: () -> Void
    let fail: (Int) -> Void
    let counts: () -> (registrations: Int, unregistrations: Int, duplicate: Bool)
    switch driver {
    case .testSource:
        let source = TestSource()
        source.valuesSentDuringRegistration = program.duringRegistration
        source.finishesDuringRegistration = program.finishesDuringRegistration
        emit = source.emit
        finish = source.finish
        fail = { source.fail(TestFailure(code: $0)) }
        counts = { (source.registrationCount, source.unregistrationCount, source.hasDuplicateUnregistration) }
        subscriber.sourceCounts = { (source.registrationCount, source.unregistrationCount) }
        subscriber.sourceAction = { action in
            switch action {
            case let .emit(value): source.emit(value)
            case .finish: source.finish()
            case let .fail(code): source.fail(TestFailure(code: code))
            default: break
            }
        }
        switch variant {
        case .dropped: subscribe(source.droppedEventsPublisher(), subscriber)
        case .latest: subscribe(source.latestEventsPublisher(), subscriber)
        case .bufferedDropOldest: subscribe(source.bufferedEventsPublisher(), subscriber)
        case .bufferedDropNewest: subscribe(source.firstEventsPublisher(), subscriber)
        case .eager: subscribe(source.eagerEventsPublisher(), subscriber)
        }
    case .closures:
        let source = ClosureSource()
        source.duringRegistration = program.duringRegistration
        source.finishesDuringRegistration = program.finishesDuringRegistration
        emit = source.emit
        finish = source.finish
        fail = source.fail
        counts = { (source.registrations, source.unregistrationCount, source.hasDuplicateUnregistration) }
        subscriber.sourceCounts = { (source.registrations, source.unregistrationCount) }
        subscriber.sourceAction = { action in
            switch action {
            case let .emit(value): source.emit(value)
            case .finish: source.finish()
            case let .fail(code): source.fail(code)
            default: break
            }
        }
        switch variant {
        case .dropped:
            subscribe(DroppedEventsPublisher(register: source.register, unregister: source.unregister), subscriber)
        case .latest:
            subscribe(LatestEventsPublisher(register: source.register, unregister: source.unregister), subscriber)
        case .bufferedDropOldest:
            subscribe(BufferedEventsPublisher(register: source.register, unregister: source.unregister), subscriber)
        case .bufferedDropNewest:
            subscribe(FirstEventsPublisher(register: source.register, unregister: source.unregister), subscriber)
        case .eager:
            subscribe(EagerEventsPublisher(register: source.register, unregister: source.unregister), subscriber)
        }
    }
    for op in program.ops {
        let ends: Bool
        switch op {
        case let .request(want):
            subscriber.request(want)
            ends = false
        case let .emit(value):
            emit(value)
            ends = false
        case .finish:
            finish()
            ends = true
        case let .fail(code):
            fail(code)
            ends = true
        case .cancel:
            subscriber.cancel()
            ends = false
        }
        let now = counts()
        actual.unregisteredAfterSteps.append(now.unregistrations)
        // Whatever waits for demand, a source that ended is let go of at once (unless it was never registered).
        if ends, now.registrations != now.unregistrations {
            problems.append("after \(op): \(now.registrations) registrations, \(now.unregistrations) unregistrations")
        }
    }
    actual.events = subscriber.events
    actual.unregisteredAtEvents = subscriber.unregisteredAtEvents
    (actual.registrations, actual.unregistrations, _) = counts()
    actual.pulls = 0
    problems += subscriber.violations
    if counts().duplicate { problems.append("a token was unregistered more than once") }
    // Ending the run by cancelling (when the program did not end) must unregister what is registered, once.
    let wasEnded = subscriber.ended
    subscriber.finishRun()
    let after = counts()
    if after.registrations != after.unregistrations || after.duplicate {
        problems.append(
            "after \(wasEnded ? "the end" : "a final cancel"): \(after.registrations) registrations, "
                + "\(after.unregistrations) unregistrations")
    }
    if actual != expected { problems.insert("expected \(expected)\n  actual   \(actual)", at: 0) }
    return problems.isEmpty ? nil : "driver \(driver): " + problems.joined(separator: "\n  ")
}

// MARK: - Pull programs

extension DemandModelTests {
    enum PullVariant: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `CountdownPublisher(next:)` with a scripted closure: values, then `nil` or a throw.
        case countdownClosure
        /// `TestCounter.countdownPublisher()`: counts down, finishes at zero, throws at `failAt`.
        case countdownCounter
        /// `NaturalsPublisher(counter:)`: 1, 2, 3, … without end, `Failure == Never`.
        case naturals

        var testDescription: String { rawValue }
    }
}

private enum PullOp: Equatable, CustomStringConvertible {
    case request(Want)
    case cancel

    var description: String {
        switch self {
        case let .request(want): "request(\(want))"
        case .cancel: "cancel"
        }
    }
}

private enum PullResult: Equatable, CustomStringConvertible {
    case value(Int)
    case end
    case fail(Int)

    var description: String {
        switch self {
        case let .value(value): "\(value)"
        case .end: "nil"
        case let .fail(code): "throw(\(code))"
        }
    }
}

private struct PullProgram: ModelProgram {
    var variant: DemandModelTests.PullVariant = .countdownClosure
    var initial: Want = .none
    var cancelsOnSubscribe = false
    /// `.countdownClosure`: what `next` returns, call by call; past the end, `nil`.
    var results: [PullResult] = []
    /// `.countdownCounter`: the counter's start and `failAt`.
    var start = 0
    var failAt: Int?
    var ops: [PullOp] = []
    var replies: [Reply] = []

    static func random(using rng: inout SplitMix64, variant: DemandModelTests.PullVariant) -> PullProgram {
        var program = PullProgram(variant: variant)
        let finite = variant == .naturals
        program.initial = rng.chance(30) ? .none : Want.random(using: &rng, finite: finite)
        program.cancelsOnSubscribe = rng.chance(2)
        switch variant {
        case .countdownClosure:
            for value in 1...rng.int(1...16) {
                switch rng.int(0...99) {
                case 0..<4: program.results.append(.end)
                case 4..<8: program.results.append(.fail(rng.int(1...9)))
                default: program.results.append(.value(value * 10))
                }
            }
        case .countdownCounter:
            program.start = rng.int(0...14)
            program.failAt = rng.chance(40) ? rng.int(0...program.start) : nil
        case .naturals:
            break
        }
        for _ in 0..<rng.int(0...16) {
            program.ops.append(rng.chance(6) ? .cancel : .request(Want.random(using: &rng, finite: finite)))
        }
        for _ in 0..<rng.int(0...12) {
            var reply = Reply(returned: Want.randomReturned(using: &rng, finite: finite))
            switch rng.int(0...99) {
            case 0..<15: reply.action = .request(Want.random(using: &rng, finite: finite))
            case 15..<20: reply.action = .cancel
            default: break
            }
            program.replies.append(reply)
        }
        return program
    }

    /// What the `pull`-th call (from 0) to `next` returns.
    func result(_ pull: Int) -> PullResult {
        switch variant {
        case .countdownClosure:
            return pull < results.count ? results[pull] : .end
        case .countdownCounter:
            // TestCounter: throws while `current == failAt`, `nil` at zero, else `current` and counts down.
            var current = start
            for _ in 0..<pull where current != failAt && current > 0 { current -= 1 }
            if let failAt, current == failAt { return .fail(failAt) }
            return current > 0 ? .value(current) : .end
        case .naturals:
            return .value(pull + 1)
        }
    }

    var description: String {
        var lines = ["  \(variant)"]
        switch variant {
        case .countdownClosure: lines.append("  next returns: \(results.map(\.description)), then nil")
        case .countdownCounter:
            lines.append("  TestCounter(start: \(start), failAt: \(failAt.map(String.init) ?? "nil"))")
        case .naturals: break
        }
        lines.append("  receive(subscription:): " + (cancelsOnSubscribe ? "cancel" : "request(\(initial))"))
        lines.append("  then: " + (ops.isEmpty ? "(nothing)" : ops.map(\.description).joined(separator: ", ")))
        lines.append("  receive(_:) answers: " + describe(replies))
        return lines.joined(separator: "\n")
    }

    func smaller() -> [PullProgram] {
        var candidates: [PullProgram] = []
        for index in ops.indices {
            var candidate = self
            candidate.ops.remove(at: index)
            candidates.append(candidate)
        }
        if !replies.isEmpty {
            var candidate = self
            candidate.replies.removeLast()
            candidates.append(candidate)
        }
        for index in replies.indices where replies[index] != Reply() {
            var candidate = self
            candidate.replies[index] = Reply()
            candidates.append(candidate)
        }
        if results.count > 1 {
            var candidate = self
            candidate.results.removeLast()
            candidates.append(candidate)
        }
        if start > 0 {
            var candidate = self
            candidate.start -= 1
            if let failAt, failAt > candidate.start { candidate.failAt = nil }
            candidates.append(candidate)
        }
        return candidates
    }
}

/// The documented semantics of a pull subscription: `next` once per unit of demand, only while there is demand.
private struct PullModel {
    let program: PullProgram
    private var demand = ModelDemand()
    private var pulling = false
    private var ended = false
    private var delivered = 0
    private var outcome = Outcome()

    static func run(_ program: PullProgram) -> Outcome {
        var model = PullModel(program: program)
        model.outcome.events.append(.subscription)
        if program.cancelsOnSubscribe {
            model.ended = true
        } else {
            model.request(program.initial)
        }
        for op in program.ops {
            switch op {
            case let .request(want): model.request(want)
            case .cancel: model.ended = true
            }
        }
        return model.outcome
    }

    private mutating func request(_ want: Want) {
        guard !ended, want != .none else { return }
        demand.add(want)
        guard !pulling else { return }
        pulling = true
        while !ended, demand.take() {
            let result = program.result(outcome.pulls)
            outcome.pulls += 1
            switch result {
            case let .value(value): deliver(value)
            case .end: end(.finished)
            case let .fail(code): end(.failed(code))
            }
        }
        pulling = false
    }

    private mutating func end(_ completion: Observed) {
        ended = true
        outcome.events.append(completion)
    }

    private mutating func deliver(_ value: Int) {
        outcome.events.append(.value(value))
        delivered += 1
        let reply = delivered <= program.replies.count ? program.replies[delivered - 1] : Reply()
        switch reply.action {
        case let .request(want): request(want)
        case .cancel: ended = true
        default: break
        }
        if !ended { demand.add(reply.returned) }
    }
}

private func checkPull(_ program: PullProgram, variant: DemandModelTests.PullVariant) -> String? {
    let expected = PullModel.run(program)
    var actual = Outcome()
    var problems: [String] = []
    switch variant {
    case .countdownClosure, .countdownCounter:
        let subscriber = ScriptedSubscriber<TestFailure>(
            initial: program.initial, cancelsOnSubscribe: program.cancelsOnSubscribe, replies: program.replies)
        let pulls: () -> Int
        if variant == .countdownCounter {
            let counter = TestCounter(start: program.start, failAt: program.failAt)
            pulls = { counter.pullCount }
            counter.countdownPublisher().subscribe(subscriber)
        } else {
            var calls = 0
            let results = program.results
            pulls = { calls }
            CountdownPublisher { () throws(TestFailure) -> Int? in
                defer { calls += 1 }
                switch calls < results.count ? results[calls] : .end {
                case let .value(value): return value
                case .end: return nil
                case let .fail(code): throw TestFailure(code: code)
                }
            }.subscribe(subscriber)
        }
        for op in program.ops {
            switch op {
            case let .request(want): subscriber.request(want)
            case .cancel: subscriber.cancel()
            }
        }
        actual.events = subscriber.events
        actual.pulls = pulls()
        problems += subscriber.violations
        subscriber.finishRun()
        if pulls() != actual.pulls { problems.append("pulled after the program ended") }
    case .naturals:
        let subscriber = ScriptedSubscriber<Never>(
            initial: program.initial, cancelsOnSubscribe: program.cancelsOnSubscribe, replies: program.replies)
        let counter = PullCounter()
        NaturalsPublisher(counter: counter).subscribe(subscriber)
        for op in program.ops {
            switch op {
            case let .request(want): subscriber.request(want)
            case .cancel: subscriber.cancel()
            }
        }
        actual.events = subscriber.events
        actual.pulls = counter.pullCount
        problems += subscriber.violations
        subscriber.finishRun()
    }
    if actual != expected { problems.insert("expected \(expected)\n  actual   \(actual)", at: 0) }
    return problems.isEmpty ? nil : problems.joined(separator: "\n  ")
}

/// Subscribes with demand for one value to the `variant`'s publisher, sends 1...5 (1 is delivered, the rest
/// arrive without demand), then ends the stream with `ending`.
private func subscribeKeeping(
    _ variant: DemandModelTests.PushVariant, ending: (TestSource) -> Void
) -> (TestSource, TestSubscriber<Int, TestFailure>) {
    let source = TestSource()
    let subscriber = TestSubscriber<Int, TestFailure>(initialDemand: .max(1))
    switch variant {
    case .dropped: source.droppedEventsPublisher().subscribe(subscriber)
    case .latest: source.latestEventsPublisher().subscribe(subscriber)
    case .bufferedDropOldest: source.bufferedEventsPublisher().subscribe(subscriber)
    case .bufferedDropNewest: source.firstEventsPublisher().subscribe(subscriber)
    case .eager: source.eagerEventsPublisher().subscribe(subscriber)
    }
    for value in 1...5 { source.emit(value) }
    ending(source)
    return (source, subscriber)
}
