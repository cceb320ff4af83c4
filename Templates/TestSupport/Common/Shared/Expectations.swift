import Foundation

// MARK: - Checks

/// What a check finds: each expectation of its guarantee that does not hold, as a sentence, goes to
/// `report`, which records it as a failure of the running test in its framework (`XCTFail`,
/// `Issue.record`); the test support itself imports no test framework.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct BrokenExpectations {
    let report: (String) -> Void

    /// Reports `expectation` unless `condition` holds.
    func expect(_ condition: Bool, _ expectation: @autoclosure () -> String) {
        if !condition { report(expectation()) }
    }

    /// Reports that `what` is `actual`, not `expected`, when they differ.
    func expectEqual<Value: Equatable>(_ actual: Value, _ expected: Value, _ what: String) {
        expect(actual == expected, "\(what): \(actual), expected \(expected)")
    }

    /// Reports unless `received` are the samples of `indices`, in order; only their count when
    /// values cannot be compared (`equal` is `nil`).
    func expectSamples<Value>(
        _ received: [Value], _ indices: [Int], sample: (Int) -> Value, equal: ((Value, Value) -> Bool)?
    ) {
        expectEqual(received.count, indices.count, "values received")
        guard let equal, received.count == indices.count else { return }
        let same = zip(received, indices.map(sample)).allSatisfy { equal($0, $1) }
        expect(same, "the values received are not the samples \(indices), in order")
    }
}

/// What `test:` gives to drive a declaration through its real owner: a new owner's publisher or
/// sequence (`source`), and the schema's code on that owner: `fire` (makes the source report a
/// value), `finish`, and the count of `registrations` or of `pulls`. `owner` is the owner itself,
/// for the kinds that hold it weakly and end with it, when its deallocation is found at once (on
/// Linux, an owner that conforms to `LifetimeAnchoring`): what the lifetime checks watch be
/// released; without it they check nothing.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated struct OwnerDrive<Source, Value> {
    let source: Source
    let fire: (Value) -> Void
    let finish: (() -> Void)?
    let registrations: () -> Int
    let pulls: () -> Int
    let owner: AnyObject?

    /// A push source's owner.
    init(
        source: Source, fire: @escaping (Value) -> Void, finish: (() -> Void)?,
        registrations: @escaping () -> Int, owner: AnyObject? = nil
    ) {
        self.source = source
        self.fire = fire
        self.finish = finish
        self.registrations = registrations
        self.owner = owner
        pulls = { 0 }
    }

    /// A pull source's owner.
    init(source: Source, pulls: @escaping () -> Int) {
        self.source = source
        fire = { _ in }
        finish = nil
        registrations = { 0 }
        self.pulls = pulls
        owner = nil
    }
}

/// What a push source's declaration says about values that arrive while nobody asks for them.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum ExpectedNoDemandPolicy: Sendable {
    case drop
    case latest
    case buffer(Int, dropsOldest: Bool)
    /// Every value kept: a sequence whose declaration leaves `whenNoDemand` out.
    case unbounded

    /// Of six values 0...5 where only value 0 meets demand (or an awaiting consumer), the indices
    /// of those delivered.
    var deliveredOfSix: [Int] {
        let late = Array(1...5)
        switch self {
        case .drop: return [0]
        case .latest: return [0, 5]
        case let .buffer(size, dropsOldest): return [0] + (dropsOldest ? late.suffix(size) : late.prefix(size))
        case .unbounded: return [0] + late
        }
    }

    /// Whether the policy keeps values for later, so that an end waits for them.
    var keepsValues: Bool { deliveredOfSix.count > 1 }

    /// Of 1,000 values sent while nobody asks, how many the policy keeps, and whether the last
    /// one sent is among them.
    var keptOfAThousand: (count: Int, lastIsKept: Bool) {
        switch self {
        case .drop: return (0, false)
        case .latest: return (1, true)
        case let .buffer(size, dropsOldest): return (min(size, 1_000), dropsOldest)
        case .unbounded: return (1_000, true)
        }
    }
}

/// When a push source's declaration says it attaches to its source.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum ExpectedStart: Sendable {
    /// On the first demand (a publisher) or the first `next()` (a sequence).
    case onDemand
    /// At subscription (a publisher) or when the iterator is made (a sequence).
    case onSubscribe

    var isOnDemand: Bool {
        if case .onDemand = self { return true }
        return false
    }
}
