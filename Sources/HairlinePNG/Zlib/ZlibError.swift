// Zlib stage: the one error type of decompression. A malformed zlib
// (RFC 1950) or DEFLATE (RFC 1951) stream in -> a case saying what was
// wrong and the byte offset in the compressed stream where it was found.
// Every way a stream can be bad has a case; inflating never traps.

/// Why a zlib or DEFLATE stream could not be decompressed.
///
/// Every `at` is a byte offset into the compressed input (the zlib stream,
/// header included): for a Huffman code, the byte holding the code's first
/// bit; for a field, the byte where the field starts.
public enum ZlibError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input ended before the stream did; `at` is the input's length.
    case truncated(at: Int)
    /// The two-byte zlib header is malformed: a compression method other
    /// than 8 (DEFLATE), a window larger than 32 KiB, or a header check
    /// (FCHECK) that does not make CMF·256 + FLG a multiple of 31.
    case invalidHeader(String, at: Int)
    /// The header asks for a preset dictionary (FDICT), which zlib streams
    /// in PNG files never use and this inflater does not accept.
    case presetDictionary(at: Int)
    /// A block header has BTYPE 3, which RFC 1951 reserves.
    case reservedBlockType(at: Int)
    /// A stored block's LEN is not the one's complement of its NLEN.
    case storedLengthMismatch(length: Int, complement: Int, at: Int)
    /// A dynamic block's code lengths do not describe a usable prefix code:
    /// over-subscribed, incomplete, too many symbols, a repeat with nothing
    /// to repeat or running past the end, or no end-of-block code.
    case invalidCodeLengths(String, at: Int)
    /// A code decoded to a symbol the alphabet reserves: literal/length 286
    /// or 287, distance 30 or 31 (possible in fixed-code blocks only).
    case invalidSymbol(Int, at: Int)
    /// The bits match no code of an incomplete code (one that has a single
    /// code of one bit, or no distance codes at all).
    case undefinedCode(at: Int)
    /// A match reaches back `distance` bytes when only `available` bytes
    /// have been produced.
    case distanceTooFar(distance: Int, available: Int, at: Int)
    /// The stream would produce more than `limit` bytes. Inflation stops
    /// there, so a decompression bomb costs at most `limit` bytes of memory.
    case outputLimitExceeded(limit: Int, at: Int)
    /// The Adler-32 trailer does not match the decompressed bytes.
    case checksumMismatch(expected: UInt32, computed: UInt32, at: Int)
    /// Bytes follow the end of the zlib stream.
    case trailingData(byteCount: Int, at: Int)

    /// The byte offset in the compressed input where the fault was found.
    public var offset: Int {
        switch self {
        case .truncated(let offset), .invalidHeader(_, let offset), .presetDictionary(let offset),
            .reservedBlockType(let offset), .storedLengthMismatch(_, _, let offset),
            .invalidCodeLengths(_, let offset), .invalidSymbol(_, let offset), .undefinedCode(let offset),
            .distanceTooFar(_, _, let offset), .outputLimitExceeded(_, let offset),
            .checksumMismatch(_, _, let offset), .trailingData(_, let offset):
            return offset
        }
    }

    /// A one-line message naming the fault and its byte offset.
    public var description: String {
        switch self {
        case .truncated(let offset):
            return "compressed data ends early, at byte \(offset)"
        case .invalidHeader(let reason, let offset):
            return "invalid zlib header at byte \(offset): \(reason)"
        case .presetDictionary(let offset):
            return "zlib header at byte \(offset) asks for a preset dictionary, which is not supported"
        case .reservedBlockType(let offset):
            return "DEFLATE block at byte \(offset) has the reserved block type 3"
        case .storedLengthMismatch(let length, let complement, let offset):
            return "stored block at byte \(offset): LEN \(length) does not match NLEN \(complement)"
        case .invalidCodeLengths(let reason, let offset):
            return "invalid Huffman code lengths at byte \(offset): \(reason)"
        case .invalidSymbol(let symbol, let offset):
            return "reserved symbol \(symbol) at byte \(offset)"
        case .undefinedCode(let offset):
            return "bits at byte \(offset) match no Huffman code"
        case .distanceTooFar(let distance, let available, let offset):
            return "match at byte \(offset) reaches back \(distance) bytes, but only \(available) precede it"
        case .outputLimitExceeded(let limit, let offset):
            return "decompressed data exceeds the limit of \(limit) bytes (compressed byte \(offset))"
        case .checksumMismatch(let expected, let computed, let offset):
            return "Adler-32 at byte \(offset) is \(hex(expected)), but the data's is \(hex(computed))"
        case .trailingData(let count, let offset):
            return "\(count) bytes follow the end of the zlib stream at byte \(offset)"
        }
    }
}

/// `value` as eight hexadecimal digits with a 0x prefix.
func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}
