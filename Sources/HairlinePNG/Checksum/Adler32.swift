// Checksum stage: Adler-32, the trailer of a zlib stream (RFC 1950 §8.2).
// Bytes in -> 32-bit check value out, equal to the RFC's definition for any
// split of the input into updates. Algorithm: zlib's adler32.c, taking the
// modulo only once per 5552 bytes, the most that cannot overflow 32 bits.

/// A running Adler-32 checksum; fed as every `Checksum` is.
public struct Adler32: Checksum, Hashable, Sendable {
    /// The largest prime below 2^16; both sums are kept modulo it.
    static let modulus: UInt32 = 65_521
    /// The largest n for which 255 n (n + 1) / 2 + (n + 1) (modulus - 1)
    /// fits in 32 bits: that many bytes can be summed before the modulo.
    static let bytesPerModulo = 5_552
    /// The sum of sums fills the high half of the value.
    static let sumOfSumsShift: UInt32 = 16

    /// 1 plus the sum of the bytes, modulo `modulus`.
    private var sumOfBytes: UInt32 = 1
    /// The sum of the successive values of `sumOfBytes`, modulo `modulus`.
    private var sumOfSums: UInt32 = 0

    /// A checksum of no bytes (its `value` is 1).
    public init() {}

    /// The Adler-32 of every byte fed so far: the sum of sums in the high
    /// 16 bits, the sum of bytes plus one in the low 16.
    public var value: UInt32 { sumOfSums << Adler32.sumOfSumsShift | sumOfBytes }

    /// Bytes per SIMD step of the fast loop.
    static let lanes = 16

    /// Feeds `bytes`. Complexity: O(`bytes.count`); 16 bytes a step.
    /// - Parameter bytes: the next bytes of the data.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var a = sumOfBytes
        var b = sumOfSums
        var start = 0
        while start < bytes.count {
            let end = min(start + Adler32.bytesPerModulo, bytes.count)
            let vectorEnd = start + (end - start) / Adler32.lanes * Adler32.lanes
            if vectorEnd > start {
                (a, b) = Adler32.sums(base + start, stepCount: (vectorEnd - start) / Adler32.lanes, a: a, b: b)
            }
            for index in vectorEnd..<end {
                a &+= UInt32(bytes[index])
                b &+= a
            }
            a %= Adler32.modulus
            b %= Adler32.modulus
            start = end
        }
        sumOfBytes = a
        sumOfSums = b
    }

    /// Both sums after `stepCount` × 16 bytes at `base` (at most
    /// `bytesPerModulo` bytes), from `a` and `b` below `modulus`; the
    /// results are reduced modulo `modulus`. For N bytes x_j,
    /// a' = a + Σ x_j and b' = b + N a + Σ (N - j) x_j. Lanes keep the
    /// running sum of the steps (`sum`) and the sum of those sums before
    /// each step (`sumOfSums`); then Σ (N - j) x_j = 16 Σ lanes of
    /// (sum + sumOfSums) - Σ_l l × sum[l].
    @inline(__always)
    static func sums(_ base: UnsafeRawPointer, stepCount: Int, a: UInt32, b: UInt32) -> (UInt32, UInt32) {
        assert(stepCount > 0 && stepCount * lanes <= bytesPerModulo)
        var sum = SIMD16<UInt32>.zero, sumOfSums = SIMD16<UInt32>.zero
        for step in 0..<stepCount {
            let bytes = base.loadUnaligned(fromByteOffset: step * lanes, as: SIMD16<UInt8>.self)
            sumOfSums &+= sum
            sum &+= SIMD16<UInt32>(truncatingIfNeeded: bytes)
        }
        let positions = SIMD16<UInt32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let n = UInt64(stepCount * lanes)
        let weighted =
            UInt64(lanes) * UInt64((sum &+ sumOfSums).wrappedSum())
            - UInt64((sum &* positions).wrappedSum())
        let newA = (UInt64(a) + UInt64(sum.wrappedSum())) % UInt64(modulus)
        let newB = (UInt64(b) + n * UInt64(a) + weighted) % UInt64(modulus)
        return (UInt32(newA), UInt32(newB))
    }
}
