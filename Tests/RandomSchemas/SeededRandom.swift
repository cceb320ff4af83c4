/// A seeded generator (SplitMix64): the same seed gives the same numbers on every machine and
/// Swift version, which `SystemRandomNumberGenerator` and `Hasher` do not promise.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// The seed of the `index`th schema of a run, independent of every other schema's draws.
    public static func seed(ofSchema index: Int, inRun runSeed: UInt64) -> UInt64 {
        var derived = SeededRandom(seed: runSeed ^ (UInt64(index) &* 0xD6E8_FEB8_6659_FD93))
        return derived.next()
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        fraction() < probability
    }

    /// A number in `0..<1`, from one draw: `chance(p)` is `fraction() < p`, so one draw can choose
    /// among several outcomes where a `chance` did between two, and the stream stays the same.
    public mutating func fraction() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// One element; `choices` must not be empty.
    public mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[Int(next() % UInt64(choices.count))]
    }

    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
