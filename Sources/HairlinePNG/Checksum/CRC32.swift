// Checksum stage: CRC-32 as PNG chunks (and gzip) use it. Bytes in ->
// 32-bit check value out; the value equals the PNG specification's
// reference `crc()` (ISO 3309 / ITU-T V.42 polynomial, reflected, initial
// and final XOR with all ones) for any split of the input into updates.
// Algorithm: the table of PNG spec Annex D, read eight bytes at a time
// with eight tables ("slicing-by-8", Kounavis and Berry, 2005).

/// A running CRC-32 (the PNG and zlib/gzip polynomial); fed as every
/// `Checksum` is.
public struct CRC32: Checksum, Hashable, Sendable {
    /// The generator polynomial 0x04C11DB7 with its bits reversed, because
    /// the CRC is computed least-significant bit first.
    static let reversedPolynomial: UInt32 = 0xEDB8_8320
    /// The register starts as, and is finally XORed with, all ones, so that
    /// leading and trailing zero bytes change the checksum.
    static let allOnes: UInt32 = 0xFFFF_FFFF

    /// The 256 remainders of one byte, indexed by the byte XOR the low byte
    /// of the register.
    static let table: [UInt32] = (0..<256).map { byte in
        var remainder = UInt32(byte)
        for _ in 0..<8 {
            remainder = remainder & 1 == 1 ? (remainder >> 1) ^ reversedPolynomial : remainder >> 1
        }
        return remainder
    }

    /// Bytes consumed per step of the sliced loop.
    static let sliceByteCount = 8
    /// Entries of one table: one per byte value.
    static let tableSize = 256

    /// `sliceByteCount` tables of `tableSize` entries, end to end: table k
    /// gives the remainder of a byte followed by k zero bytes, so that
    /// eight bytes are folded into the register with eight lookups.
    static let slicedTables: [UInt32] = {
        var tables = table
        for slice in 1..<sliceByteCount {
            for byte in 0..<tableSize {
                let previous = tables[(slice - 1) * tableSize + byte]
                tables.append((previous >> 8) ^ table[Int(previous & 0xFF)])
            }
        }
        return tables
    }()

    private var register: UInt32 = CRC32.allOnes

    /// A CRC of no bytes (its `value` is 0).
    public init() {}

    /// The CRC-32 of every byte fed so far.
    public var value: UInt32 { register ^ CRC32.allOnes }

    /// Feeds `bytes`. Complexity: O(`bytes.count`).
    /// - Parameter bytes: the next bytes of the data.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = register
        CRC32.slicedTables.withUnsafeBufferPointer { tables in
            let size = CRC32.tableSize
            @inline(__always) func lookup(_ slice: Int, _ value: UInt32) -> UInt32 {
                tables[slice &* size &+ Int(value & 0xFF)]
            }
            var index = 0
            while index + CRC32.sliceByteCount <= bytes.count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let low = crc ^ UInt32(truncatingIfNeeded: word), high = UInt32(truncatingIfNeeded: word >> 32)
                crc =
                    lookup(7, low) ^ lookup(6, low >> 8) ^ lookup(5, low >> 16) ^ lookup(4, low >> 24)
                    ^ lookup(3, high) ^ lookup(2, high >> 8) ^ lookup(1, high >> 16) ^ lookup(0, high >> 24)
                index += CRC32.sliceByteCount
            }
            while index < bytes.count {
                crc = lookup(0, crc ^ UInt32(bytes[index])) ^ (crc >> 8)
                index += 1
            }
        }
        register = crc
    }
}
