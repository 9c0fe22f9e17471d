// Checksum stage: what CRC-32 and Adler-32 share. Bytes in, in any number
// of pieces -> a 32-bit check value that does not depend on the split.
// Each conformer writes only its fast loop over a raw buffer; feeding
// arrays, slices and other sequences, and one-shot checksums, are written
// once here.

/// A running 32-bit checksum over a stream of bytes (`CRC32`, `Adler32`).
///
/// Feed bytes with `update(_:)` in as many pieces as convenient and read
/// `value`; the result does not depend on how the input was split.
///
///     var crc = CRC32()
///     crc.update(chunkType)
///     crc.update(chunkData)
///     let check = crc.value
public protocol Checksum {
    /// A checksum of no bytes.
    init()
    /// Feeds `bytes`. Complexity: O(`bytes.count`).
    /// - Parameter bytes: the next bytes of the data.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
    /// The check value of every byte fed so far.
    var value: UInt32 { get }
}

extension Checksum {
    /// Feeds `bytes` (an array, slice or any other sequence of bytes):
    /// contiguous storage in one `update(_:)` of its raw buffer, anything
    /// else a byte at a time. Complexity: O(number of bytes).
    /// - Parameter bytes: the next bytes of the data.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if done == nil {
            for byte in bytes {
                withUnsafeBytes(of: byte) { update($0) }
            }
        }
    }

    /// The checksum of `bytes` in one call. Complexity: O(number of bytes).
    /// - Parameter bytes: all the data.
    /// - Returns: the check value, as `value` after feeding `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var checksum = Self()
        checksum.update(bytes)
        return checksum.value
    }
}
