// PNG stage: the one error type of HairlinePNG. Encoding a surface cannot
// fail; writing or reading a file can, and says which path and which
// system call. Decoding says what was wrong and where: a byte offset into
// the file, a chunk name, a row. More cases may come: switch with `default`.

import Hairline

/// Why a PNG operation failed.
///
/// More cases may be added; a `switch` over this type should keep a
/// `default` clause. Byte offsets (`at:`) count from the start of the file;
/// a chunk's offset is that of its length field.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The PNG could not be written to `path`. `reason` names the step that
    /// failed (for instance `rename(2)`) and the system's error message with
    /// its `errno`. Nothing new is left at `path`: a file that was there
    /// before keeps its old contents.
    case cannotWrite(path: String, reason: String)
    /// The file at `path` could not be read: `reason` names the failing
    /// call and `errno`, or says the file is larger than the size limit.
    case cannotRead(path: String, reason: String)
    /// The bytes do not start with the eight-byte PNG signature.
    case notPNG
    /// The data ends before the IEND chunk: `at` is the offset of the chunk
    /// it ends in, or the data's length if it ends inside the signature or
    /// between two chunks. (A zlib stream that ends early inside complete
    /// IDAT chunks is `.inflate(.truncated(...), at:)` instead.)
    case truncated(at: Int)
    /// The CRC-32 stored after chunk `chunk` (at byte `at`) does not match
    /// its type and data.
    case badCRC(chunk: String, at: Int)
    /// A chunk's length field (at byte `at`) exceeds 2^31 - 1.
    case invalidChunkLength(UInt32, at: Int)
    /// A chunk type (at byte `at`) has a byte that is not an ASCII letter.
    case invalidChunkType(String, at: Int)
    /// The IHDR chunk is malformed: a zero or oversized side, a bit depth
    /// and color type the specification does not pair, or a compression,
    /// filter or interlace method it does not define. `at` is the field's
    /// byte offset.
    case invalidHeader(String, at: Int)
    /// The image is larger than the decoder's limits (checked before any
    /// pixel memory is allocated).
    case tooLarge(width: Int, height: Int)
    /// A critical chunk this decoder does not know (uppercase first letter).
    case unsupportedCriticalChunk(String, at: Int)
    /// A chunk's contents are invalid for the image, or the chunk is not
    /// allowed for its color type (PLTE for grayscale, tRNS with alpha).
    case invalidChunk(String, reason: String, at: Int)
    /// A chunk is out of order: IHDR not first, PLTE or tRNS after IDAT,
    /// a second IHDR, PLTE or tRNS, or IDAT chunks that are not consecutive.
    case chunkOrder(String, at: Int)
    /// A required chunk is absent: PLTE for a palette image, or IDAT.
    case missingChunk(String)
    /// The image data (the IDAT chunks' zlib stream) is malformed; the
    /// `ZlibError` has the offset within that stream, `at` the file offset
    /// of the same byte (the end of the last IDAT's data for a stream that
    /// ends early).
    case inflate(ZlibError, at: Int)
    /// The image data decompresses to fewer bytes than the header implies.
    case notEnoughImageData(expected: Int, found: Int)
    /// A scanline starts with a filter type other than 0 ... 4. `row` is the
    /// row within its interlace pass; `pass` is 1 ... 7 for Adam7 images
    /// and 0 for non-interlaced ones.
    case invalidFilterType(UInt8, row: Int, pass: Int)
    /// A palette image has an index with no palette entry at pixel (x, y).
    case paletteIndexOutOfRange(Int, x: Int, y: Int)

    /// A one-line message naming the fault and where it was found.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "cannot write PNG file \(EchoedText.quoted(path)): \(reason)"
        case .cannotRead(let path, let reason):
            return "cannot read PNG file \(EchoedText.quoted(path)): \(reason)"
        case .notPNG:
            return "not a PNG file: the 8-byte PNG signature is missing"
        case .truncated(let offset):
            return "PNG data is truncated: it ends inside the item starting at byte \(offset) or before IEND"
        case .badCRC(let chunk, let offset):
            return "chunk \(chunk) at byte \(offset) has a bad CRC"
        case .invalidChunkLength(let length, let offset):
            return "chunk at byte \(offset) has length \(length), more than 2^31 - 1"
        case .invalidChunkType(let type, let offset):
            return "chunk at byte \(offset) has an invalid type \(type)"
        case .invalidHeader(let reason, let offset):
            return "invalid IHDR field at byte \(offset): \(reason)"
        case .tooLarge(let width, let height):
            return "image of \(width) x \(height) pixels exceeds the decoder's size limits"
        case .unsupportedCriticalChunk(let type, let offset):
            return "unknown critical chunk \(type) at byte \(offset)"
        case .invalidChunk(let type, let reason, let offset):
            return "invalid \(type) chunk at byte \(offset): \(reason)"
        case .chunkOrder(let reason, let offset):
            return "chunk out of order at byte \(offset): \(reason)"
        case .missingChunk(let type):
            return "required chunk \(type) is missing"
        case .inflate(let error, let offset):
            return "corrupt image data at byte \(offset): \(error)"
        case .notEnoughImageData(let expected, let found):
            return "image data decompresses to \(found) bytes, expected \(expected)"
        case .invalidFilterType(let type, let row, let pass):
            return "invalid filter type \(type) on row \(row)" + (pass > 0 ? " of Adam7 pass \(pass)" : "")
        case .paletteIndexOutOfRange(let index, let x, let y):
            return "palette index \(index) at pixel (\(x), \(y)) has no palette entry"
        }
    }
}
