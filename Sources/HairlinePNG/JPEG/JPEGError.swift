// JPEG stage: the one error type of the JPEG decoder. Every case says what
// was wrong and where: a byte offset from the start of the file (of the
// marker, the field or the entropy-coded byte the fault was found in).
// More cases may come: switch with `default`.

/// Why a JPEG could not be decoded.
///
/// More cases may be added; a `switch` over this type should keep a
/// `default` clause. Byte offsets (`at:`) count from the start of the file.
public enum JPEGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with the SOI marker (FF D8).
    case notJPEG
    /// The data ends inside the item that starts at byte `at` (a marker
    /// segment, or the entropy-coded data of a scan), or before EOI.
    case truncated(at: Int)
    /// A marker segment (at byte `at`) is malformed: `reason` says which
    /// field and why.
    case invalidSegment(String, reason: String, at: Int)
    /// The frame uses a coding process this decoder does not implement:
    /// arithmetic coding, lossless, hierarchical, 12-bit precision, a
    /// fractional sampling ratio, or a line count left to a DNL marker.
    case unsupported(String, at: Int)
    /// The image is larger than the decoder's limits (checked before any
    /// coefficient or pixel memory is allocated).
    case tooLarge(width: Int, height: Int)
    /// A marker appears where the syntax does not allow it (a scan before
    /// the frame header, a second frame, an unexpected marker inside a
    /// scan's data).
    case unexpectedMarker(UInt8, at: Int)
    /// A scan needs a table that was never defined: `kind` is "Huffman DC",
    /// "Huffman AC" or "quantization", `index` its slot.
    case missingTable(kind: String, index: Int, at: Int)
    /// The entropy-coded data of the scan holding byte `at` is invalid: a
    /// code not in the Huffman table, a coefficient index past 63, or a
    /// restart marker missing or out of sequence.
    case invalidScanData(String, at: Int)
    /// The file has no frame header, or no scan before EOI.
    case missingFrame

    /// A one-line message naming the fault and where it was found.
    public var description: String {
        switch self {
        case .notJPEG: return "not a JPEG file: the SOI marker (FF D8) is missing"
        case .truncated(let offset):
            return "JPEG data is truncated: it ends inside the item starting at byte \(offset) or before EOI"
        case .invalidSegment(let name, let reason, let offset):
            return "invalid \(name) segment at byte \(offset): \(reason)"
        case .unsupported(let what, let offset): return "unsupported JPEG feature at byte \(offset): \(what)"
        case .tooLarge(let width, let height):
            return "image of \(width) x \(height) pixels exceeds the decoder's size limits"
        case .unexpectedMarker(let marker, let offset):
            return "unexpected marker FF \(String(marker, radix: 16, uppercase: true)) at byte \(offset)"
        case .missingTable(let kind, let index, let offset):
            return "scan at byte \(offset) uses undefined \(kind) table \(index)"
        case .invalidScanData(let reason, let offset):
            return "invalid entropy-coded data near byte \(offset): \(reason)"
        case .missingFrame: return "the JPEG has no frame header or no scan"
        }
    }
}
