// Decode stage: any supported image file -> an `Image`. The first bytes
// choose the decoder (PNG, JPEG, GIF signatures); WebP and other known
// formats get a clear `unsupportedFormat`. Guarantees: the same limits and
// typed, offset-carrying errors as each decoder, wrapped in one enum.

public import Hairline

/// Decodes PNG, JPEG and GIF files into Hairline's premultiplied `Image`,
/// choosing the format by its signature, not by a file name.
///
///     let image = try ImageDecoder.decode(bytes)
///     let file = try ImageDecoder.decode(contentsOfFile: "photo.jpg")
///
/// PNG goes through `PNGDecoder`, JPEG through `JPEGDecoder`, GIF (first
/// frame) through `GIFDecoder`.
public enum ImageDecoder {
    /// Size limits, shared by every decoder: the largest width, height and
    /// pixel count (checked before pixel memory is allocated) and file
    /// size. The defaults are `Surface`'s.
    public typealias Limits = PNGDecoder.Limits

    /// A file format recognized by its first bytes.
    public enum Format: String, Hashable, Sendable {
        case png = "PNG", jpeg = "JPEG", gif = "GIF"

        /// The format whose signature starts `bytes`, or `nil`.
        /// - Parameter bytes: the file's first bytes (8 suffice).
        public init?(sniffing bytes: some Collection<UInt8>) {
            let head = Array(bytes.prefix(8))
            if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if head.starts(with: [0xFF, 0xD8]) {
                // SOI alone, as `JPEGDecoder` requires (it skips stray
                // bytes before the next marker, as libjpeg does).
                self = .jpeg
            } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
                self = .gif
            } else {
                return nil
            }
        }
    }

    /// Decodes an image file held in memory, whichever supported format it
    /// is.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - limits: size limits for every format.
    /// - Throws: `ImageDecoderError`: `.png`, `.jpeg` or `.gif` wrapping
    ///   the decoder's error (with its byte offset), `.unsupportedFormat`
    ///   for a recognized format without a decoder (WebP, BMP, TIFF, AVIF,
    ///   ...), `.unknownFormat` otherwise.
    /// - Complexity: that of the chosen decoder.
    public static func decode(_ bytes: [UInt8], limits: Limits = .default) throws(ImageDecoderError) -> Image {
        guard let format = Format(sniffing: bytes) else {
            if let name = unsupportedFormatName(bytes) { throw .unsupportedFormat(name) }
            throw .unknownFormat
        }
        switch format {
        case .png:
            do { return try PNGDecoder.decodeImage(bytes, limits: limits) } catch { throw .png(error) }
        case .jpeg:
            do { return try JPEGDecoder.decode(bytes, limits: limits) } catch { throw .jpeg(error) }
        case .gif:
            do { return try GIFDecoder.decode(bytes, limits: limits) } catch { throw .gif(error) }
        }
    }

    /// Reads and decodes the image file at `path`; see `decode(_:limits:)`.
    /// - Throws: `.cannotRead` if the file cannot be read or is larger than
    ///   `limits.maximumFileByteCount`; otherwise as `decode(_:limits:)`.
    public static func decode(contentsOfFile path: String, limits: Limits = .default) throws(ImageDecoderError) -> Image
    {
        try decode(read(path, limits: limits), limits: limits)
    }

    /// The file's bytes, or `.cannotRead` with the system's reason.
    static func read(_ path: String, limits: Limits) throws(ImageDecoderError) -> [UInt8] {
        do {
            return try FileReader.read(path, maximumByteCount: limits.maximumFileByteCount)
        } catch {
            if case .cannotRead(let path, let reason) = error { throw .cannotRead(path: path, reason: reason) }
            throw .cannotRead(path: path, reason: error.description)
        }
    }

    /// The name of a format recognized by its signature but not decoded.
    static func unsupportedFormatName(_ bytes: [UInt8]) -> String? {
        func at(_ offset: Int, _ text: String) -> Bool {
            let t = Array(text.utf8)
            return bytes.count >= offset + t.count && Array(bytes[offset..<(offset + t.count)]) == t
        }
        if at(0, "RIFF") && at(8, "WEBP") { return "WebP" }
        if at(0, "BM") { return "BMP" }
        if at(0, "II*\u{0}") || at(0, "MM\u{0}*") { return "TIFF" }
        if at(4, "ftypavif") || at(4, "ftypavis") { return "AVIF" }
        if at(4, "ftypheic") || at(4, "ftypheix") || at(4, "ftypmif1") { return "HEIF" }
        if at(0, "\u{0}\u{0}\u{1}\u{0}") { return "ICO" }
        if bytes.starts(with: [0xFF, 0x0A]) || at(4, "JXL ") { return "JPEG XL" }
        if at(4, "jP  ") || bytes.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) { return "JPEG 2000" }
        return nil
    }
}

/// Why `ImageDecoder` (or a format decoder's file variant) failed.
///
/// More cases may be added; a `switch` should keep a `default` clause.
public enum ImageDecoderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read: `reason` names the failing call and
    /// `errno`, or says the file is over the size limit.
    case cannotRead(path: String, reason: String)
    /// The bytes are a format Hairline recognizes but does not decode
    /// (`"WebP"`, `"BMP"`, `"TIFF"`, `"AVIF"`, `"HEIF"`, `"ICO"`,
    /// `"JPEG XL"`, `"JPEG 2000"`).
    case unsupportedFormat(String)
    /// The bytes start with no known signature.
    case unknownFormat
    /// The PNG decoder's error.
    case png(PNGError)
    /// The JPEG decoder's error.
    case jpeg(JPEGError)
    /// The GIF decoder's error.
    case gif(GIFError)

    /// The image's size if it was refused for its size (before any pixel
    /// memory was allocated), whichever decoder refused it.
    public var refusedSize: (width: Int, height: Int)? {
        switch self {
        case .png(.tooLarge(let w, let h)), .jpeg(.tooLarge(let w, let h)), .gif(.tooLarge(let w, let h)): (w, h)
        default: nil
        }
    }

    /// A one-line message naming the fault and where it was found.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): return "cannot read image file \(EchoedText.quoted(path)): \(reason)"
        case .unsupportedFormat(let name): return "unsupported image format: \(name)"
        case .unknownFormat: return "unknown image format: no PNG, JPEG or GIF signature"
        case .png(let error): return error.description
        case .jpeg(let error): return error.description
        case .gif(let error): return error.description
        }
    }
}
