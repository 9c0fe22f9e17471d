// Test support: the one seeded generator of every test target (SplitMix64,
// Steele, Lea and Flood 2014), so every property test is reproducible and
// can print the seed that failed. Its output sequence is the one the
// targets' former copies produced, so seeded tests keep their values.

/// A small, fast, reproducible random number generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The seed this generator started from (print it in failure messages).
    public let seed: UInt64
    /// The current state; the next output is a function of `state + γ`.
    public private(set) var state: UInt64

    /// SplitMix64's increment γ: 2^64 over the golden ratio, odd.
    private static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A generator whose first output is derived from `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        self.state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= Self.golden
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform Double in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// A uniform Int in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// `count` uniformly random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}
