// Zlib stage: canonical prefix codes, shared by the deflater (which sends
// them) and the inflater (which builds its decoding tables from them).
// Code lengths in -> each symbol's code, bit-reversed for DEFLATE's
// least-significant-bit-first bit order. Guarantees: the codes of RFC 1951
// §3.2.2 exactly (count per length, first code per length, then symbol order).

/// Canonical prefix codes from code lengths (RFC 1951 §3.2.2).
enum CanonicalCode {
    /// How many symbols have each code length 0 ... `Deflate.maximumCodeLength`;
    /// index 0 counts the symbols without a code. Every length must be at
    /// most `Deflate.maximumCodeLength`. Complexity: O(`lengths.count`).
    static func countPerLength(_ lengths: some Sequence<UInt8>) -> [Int] {
        var counts = [Int](repeating: 0, count: Deflate.maximumCodeLength + 1)
        for length in lengths { counts[Int(length)] += 1 }
        return counts
    }

    /// The code of each symbol, bit-reversed (its first bit lowest), for
    /// `lengths` whose counts per length are `counts` (see
    /// `countPerLength(_:)`): shorter codes first, codes of equal length
    /// consecutive in symbol order; 0 for symbols of length 0. Lengths that
    /// over-subscribe the code space give codes that overlap (callers
    /// validate first or build lengths that cannot).
    /// Complexity: O(`lengths.count` · average length).
    static func reversedCodes(for lengths: some Collection<UInt8>, countPerLength counts: [Int]) -> [UInt16] {
        let lengthLimit = Deflate.maximumCodeLength
        // The first code of each length: step 2 of §3.2.2 (codes of length
        // 0 take no room, so the count at index 0 is skipped).
        var nextCode = [Int](repeating: 0, count: lengthLimit + 1)
        var code = 0
        for bits in 2...lengthLimit {
            code = (code + counts[bits - 1]) << 1
            nextCode[bits] = code
        }
        // Step 3: consecutive codes per length, in symbol order.
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = nextCode[Int(length)]
            nextCode[Int(length)] += 1
            return reverseBits(UInt16(truncatingIfNeeded: value), count: Int(length))
        }
    }

    /// `reversedCodes(for:countPerLength:)` with the counts computed here.
    static func reversedCodes(for lengths: some Collection<UInt8>) -> [UInt16] {
        reversedCodes(for: lengths, countPerLength: countPerLength(lengths))
    }

    /// The low `count` bits of `value` in reverse order.
    static func reverseBits(_ value: UInt16, count: Int) -> UInt16 {
        var input = value, output: UInt16 = 0
        for _ in 0..<count {
            output = output << 1 | input & 1
            input >>= 1
        }
        return output
    }
}
