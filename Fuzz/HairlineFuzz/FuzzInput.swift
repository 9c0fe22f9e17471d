// Fuzzing: reads a fuzzer's bytes as a stream of choices. Every read
// succeeds (past the end it yields zeros), so any input is a valid
// program; doubles come either from a table of hostile values (NaN, ±∞,
// ±1e30, 0, -0, tiny, huge) or from the raw bits, so the drivers reach
// the edge cases often.

struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    /// The bytes not read yet.
    var rest: [UInt8] { position < bytes.count ? Array(bytes[position...]) : [] }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// An integer in `range` (which must not be empty).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound)
        let raw = UInt64(byte()) | UInt64(byte()) << 8
        return range.lowerBound + Int(raw % (span + 1))
    }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }

    static let hostile: [Double] = [
        .nan, .infinity, -.infinity, 1e30, -1e30, 0, -0.0, 1e-300, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, 1e9, -1e9, 65536, 0.5, 1, 2, 3,
    ]

    /// A coordinate: mostly in -8...40 (a small canvas's neighbourhood),
    /// sometimes hostile, sometimes raw bits.
    mutating func coordinate() -> Double {
        switch byte() % 16 {
        case 15: return pick(Self.hostile)
        case 14:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        default:
            return -8 + Double(int(0...4800)) / 100
        }
    }

    /// A value in 0...1 mostly, sometimes hostile.
    mutating func unit() -> Double {
        byte() % 8 == 0 ? pick(Self.hostile) : Double(byte()) / 255
    }
}
