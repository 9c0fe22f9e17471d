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

    /// Feeds `bytes`. Complexity: O(`bytes.count`).
    /// - Parameter bytes: the next bytes of the data.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var a = sumOfBytes
        var b = sumOfSums
        var start = 0
        while start < bytes.count {
            let end = min(start + Adler32.bytesPerModulo, bytes.count)
            for index in start..<end {
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
}
