// Zlib stage: Huffman codes for DEFLATE. Symbol frequencies in -> code
// lengths no longer than a limit -> canonical codes (RFC 1951 §3.2.2,
// CanonicalCode.swift), bit-reversed for the least-significant-bit-first
// writer. Guarantees: the
// lengths are optimal under the limit and form a complete code over at
// least two symbols, which every inflater accepts. Algorithm: package-merge
// (Larmore and Hirschberg, "A fast algorithm for optimal length-limited
// Huffman codes", JACM 1990).

/// A canonical prefix code over one DEFLATE alphabet.
struct HuffmanCode {
    /// Code length of each symbol in bits; 0 for symbols without a code.
    let lengths: [UInt8]
    /// Code of each symbol, bit-reversed so that `BitWriter` sends its most
    /// significant bit first.
    let codes: [UInt16]

    /// The canonical code with the given lengths (each 0 ... 15, satisfying
    /// the Kraft inequality).
    init(lengths: [UInt8]) {
        self.lengths = lengths
        self.codes = CanonicalCode.reversedCodes(for: lengths)
    }

    /// An optimal code for `frequencies` with no code longer than
    /// `maximumLength` bits. Complexity: O(n log n + n · maximumLength).
    init(frequencies: [Int], maximumLength: Int) {
        self.init(lengths: HuffmanCode.optimalLengths(for: frequencies, maximumLength: maximumLength))
    }

    /// The bits needed to code symbols occurring `frequencies` times
    /// (extra bits not included).
    func cost(of frequencies: [Int]) -> Int {
        var bits = 0
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            bits += frequency * Int(lengths[symbol])
        }
        return bits
    }

    /// The fewest symbols a code gets: DEFLATE inflaters reject incomplete
    /// codes except in corner cases, so a lone symbol is paired with a
    /// filler and both get one bit.
    static let minimumSymbolCount = 2

    /// Optimal code lengths for `frequencies`, none above `maximumLength`,
    /// by package-merge. Symbols with frequency 0 get length 0, except
    /// fillers added to reach `minimumSymbolCount`.
    static func optimalLengths(for frequencies: [Int], maximumLength: Int) -> [UInt8] {
        precondition(frequencies.count >= minimumSymbolCount)
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        var leaves: [(weight: Int, symbol: Int)] = []
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            leaves.append((frequency, symbol))
        }
        var filler = 0
        while leaves.count < minimumSymbolCount {
            if frequencies[filler] == 0 { leaves.append((0, filler)) }
            filler += 1
        }
        precondition(leaves.count <= 1 << maximumLength, "too many symbols for the length limit")
        leaves.sort { ($0.weight, $0.symbol) < ($1.weight, $1.symbol) }

        // Nodes 0 ..< n are the leaves in weight order; later nodes are
        // packages of two nodes of the level below.
        let leafCount = leaves.count
        var weights = leaves.map(\.weight)
        var children: [(Int, Int)] = Array(repeating: (0, 0), count: leafCount)
        var level = Array(0..<leafCount)
        for _ in 1..<maximumLength {
            let packageCount = level.count / 2
            var merged: [Int] = []
            merged.reserveCapacity(leafCount + packageCount)
            var leaf = 0, package = 0
            while leaf < leafCount || package < packageCount {
                let packageWeight =
                    package < packageCount
                    ? weights[level[2 * package]] + weights[level[2 * package + 1]] : Int.max
                if leaf < leafCount && weights[leaf] <= packageWeight {
                    merged.append(leaf)
                    leaf += 1
                } else {
                    weights.append(packageWeight)
                    children.append((level[2 * package], level[2 * package + 1]))
                    merged.append(weights.count - 1)
                    package += 1
                }
            }
            level = merged
        }
        // Each time a leaf appears among the first 2n - 2 items, inside
        // packages or alone, its code gets one bit longer.
        var pending = Array(level.prefix(2 * leafCount - 2))
        while let node = pending.popLast() {
            if node < leafCount {
                lengths[leaves[node].symbol] += 1
            } else {
                pending.append(children[node].0)
                pending.append(children[node].1)
            }
        }
        return lengths
    }
}
