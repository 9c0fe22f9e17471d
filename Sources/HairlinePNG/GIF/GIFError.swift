// GIF stage: the one error type of the GIF decoder. Every case says what
// was wrong and where: a byte offset from the start of the file. More
// cases may come: switch with `default`.

/// Why a GIF could not be decoded.
///
/// More cases may be added; a `switch` over this type should keep a
/// `default` clause. Byte offsets (`at:`) count from the start of the file.
public enum GIFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with "GIF87a" or "GIF89a".
    case notGIF
    /// The data ends inside the item that starts at byte `at` (the screen
    /// descriptor, a block, or the first image's data before its pixels are
    /// complete).
    case truncated(at: Int)
    /// A block (at byte `at`) is malformed or not a GIF block at all.
    case invalidBlock(String, reason: String, at: Int)
    /// The image is larger than the decoder's limits (checked before any
    /// pixel memory is allocated).
    case tooLarge(width: Int, height: Int)
    /// The first image has neither a local nor a global color table.
    case missingColorTable(at: Int)
    /// The first image's LZW data (starting at byte `at`) is invalid: a
    /// minimum code size outside 1...8, or a code not yet in the table.
    case invalidImageData(String, at: Int)
    /// The trailer (or the end of the data) comes before any image.
    case missingImage

    /// A one-line message naming the fault and where it was found.
    public var description: String {
        switch self {
        case .notGIF: return "not a GIF file: the GIF87a/GIF89a signature is missing"
        case .truncated(let offset): return "GIF data is truncated: it ends inside the item starting at byte \(offset)"
        case .invalidBlock(let name, let reason, let offset): return "invalid \(name) at byte \(offset): \(reason)"
        case .tooLarge(let width, let height):
            return "image of \(width) x \(height) pixels exceeds the decoder's size limits"
        case .missingColorTable(let offset): return "the image at byte \(offset) has no color table"
        case .invalidImageData(let reason, let offset):
            return "invalid LZW image data starting at byte \(offset): \(reason)"
        case .missingImage: return "the GIF has no image"
        }
    }
}
