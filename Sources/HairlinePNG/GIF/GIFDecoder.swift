// Decode stage: GIF file bytes -> the first frame as an `Image` (GIF87a and
// GIF89a). Header and logical screen -> blocks up to the first image
// (extensions skipped, a Graphic Control Extension's transparency kept) ->
// LZW indices -> de-interlaced rows -> colors from the local or global
// table, composed onto a transparent logical screen. Guarantees: every
// malformed, truncated or oversized file throws a `GIFError` with a byte
// offset; the size limits are checked before allocating.

public import Hairline

/// Decodes the first frame of a GIF into Hairline's premultiplied `Image`.
///
///     let image = try GIFDecoder.decode(bytes)
///
/// The result has the logical screen's size (enlarged to hold the first
/// frame if that reaches past it, as Pillow and Firefox do). Pixels outside
/// the frame, and those of the Graphic Control Extension's transparent
/// index, are transparent; the background color is ignored, as browsers
/// do. An index past the color table's end is opaque black. If the data
/// ends early (an end code or the block terminator before the last
/// pixel), the remaining pixels stay transparent; if the file itself ends
/// first, decoding throws `.truncated`. Later frames are not read.
public enum GIFDecoder {
    /// The screen descriptor's size (after the 6-byte signature).
    static let screenDescriptorSize = 7
    /// The image descriptor's size (including its 0x2C separator).
    static let imageDescriptorSize = 10

    /// Decodes the first frame of a GIF held in memory.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - limits: size limits on the screen and the frame, checked before
    ///     pixel memory is allocated.
    /// - Returns: the first frame on its screen, premultiplied RGBA8.
    /// - Throws: `GIFError` with the byte offset of the fault.
    /// - Complexity: O(bytes up to the first frame's end + screen pixels).
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, limits: ImageDecoder.Limits = .default
    ) throws(GIFError) -> Image {
        let n = bytes.count
        guard n >= 6, Array(bytes[0..<3]) == Array("GIF".utf8),
            Array(bytes[3..<6]) == Array("87a".utf8) || Array(bytes[3..<6]) == Array("89a".utf8)
        else { throw .notGIF }
        guard n >= 6 + screenDescriptorSize else { throw .truncated(at: 6) }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        let screenWidth = le16(6), screenHeight = le16(8), flags = bytes[10]
        var position = 6 + screenDescriptorSize
        var globalTable: Range<Int>?
        if flags & 0x80 != 0 {
            let size = 3 << (Int(flags & 7) + 1)
            guard position + size <= n else { throw .truncated(at: 6) }
            globalTable = position..<(position + size)
            position += size
        }
        var transparentIndex: Int?
        while true {
            guard position < n else {
                if position == n { throw .missingImage }
                throw .truncated(at: position)
            }
            let blockStart = position
            switch bytes[position] {
            case 0x3B:
                throw .missingImage
            case 0x21:
                guard position + 2 <= n else { throw .truncated(at: blockStart) }
                let label = bytes[position + 1]
                position += 2
                if label == 0xF9 {
                    guard position < n else { throw .truncated(at: blockStart) }
                    guard bytes[position] >= 4 else {
                        throw .invalidBlock(
                            "Graphic Control Extension", reason: "block size \(bytes[position])", at: position)
                    }
                    guard position + 5 <= n else { throw .truncated(at: blockStart) }
                    transparentIndex = bytes[position + 1] & 1 != 0 ? Int(bytes[position + 4]) : nil
                }
                position = try skipSubBlocks(bytes, from: position, blockStart: blockStart)
            case 0x2C:
                return try decodeImage(
                    bytes, at: blockStart, screenWidth: screenWidth, screenHeight: screenHeight,
                    globalTable: globalTable, transparentIndex: transparentIndex, limits: limits)
            case let other:
                throw .invalidBlock("block", reason: "introducer \(other) is not 0x21, 0x2C or 0x3B", at: blockStart)
            }
        }
    }

    /// Decodes the first frame of a GIF held in an array; see
    /// `decode(_:limits:)`.
    public static func decode(_ bytes: [UInt8], limits: ImageDecoder.Limits = .default) throws(GIFError) -> Image {
        try bytes.withUnsafeBytesTyped { (buffer) throws(GIFError) in try decode(buffer, limits: limits) }
    }

    /// Reads and decodes the GIF file at `path`.
    /// - Throws: `ImageDecoderError.cannotRead` if the file cannot be read
    ///   or is larger than `limits.maximumFileByteCount`, `.gif` otherwise.
    public static func decode(
        contentsOfFile path: String, limits: ImageDecoder.Limits = .default
    ) throws(ImageDecoderError) -> Image {
        let bytes = try ImageDecoder.read(path, limits: limits)
        do { return try decode(bytes, limits: limits) } catch { throw .gif(error) }
    }

    /// Skips data sub-blocks from `position` (a length byte) through the
    /// zero-length terminator.
    /// - Returns: the offset after the terminator.
    static func skipSubBlocks(_ bytes: UnsafeRawBufferPointer, from start: Int, blockStart: Int) throws(GIFError) -> Int
    {
        var position = start
        while true {
            guard position < bytes.count else { throw .truncated(at: blockStart) }
            let length = Int(bytes[position])
            position += 1 + length
            if length == 0 { return position }
        }
    }

    /// Decodes the image whose descriptor starts at `start` onto the screen.
    static func decodeImage(
        _ bytes: UnsafeRawBufferPointer, at start: Int, screenWidth: Int, screenHeight: Int,
        globalTable: Range<Int>?, transparentIndex: Int?, limits: ImageDecoder.Limits
    ) throws(GIFError) -> Image {
        let n = bytes.count
        guard start + imageDescriptorSize <= n else { throw .truncated(at: start) }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        let left = le16(start + 1), top = le16(start + 3), width = le16(start + 5), height = le16(start + 7)
        let flags = bytes[start + 9]
        let isInterlaced = flags & 0x40 != 0
        var position = start + imageDescriptorSize
        var table = globalTable
        if flags & 0x80 != 0 {
            let size = 3 << (Int(flags & 7) + 1)
            guard position + size <= n else { throw .truncated(at: start) }
            table = position..<(position + size)
            position += size
        }
        guard let table else { throw .missingColorTable(at: start) }
        let canvasWidth = max(screenWidth, left + width), canvasHeight = max(screenHeight, top + height)
        guard canvasWidth > 0, canvasHeight > 0 else {
            throw .invalidBlock("image descriptor", reason: "an empty screen and an empty frame", at: start + 5)
        }
        guard canvasWidth <= limits.maximumDimension, canvasHeight <= limits.maximumDimension,
            canvasWidth * canvasHeight <= limits.maximumPixelCount
        else { throw .tooLarge(width: canvasWidth, height: canvasHeight) }
        guard position < n else { throw .truncated(at: start) }
        let minimumCodeSize = Int(bytes[position])
        guard (1...8).contains(minimumCodeSize) else {
            throw .invalidImageData("minimum code size \(minimumCodeSize)", at: position)
        }
        // The palette as packed premultiplied pixels; past the table, black.
        var palette = [UInt32](repeating: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255).packed, count: 256)
        for i in 0..<(table.count / 3) {
            let o = table.lowerBound + 3 * i
            palette[i] = PremultipliedColor(red: bytes[o], green: bytes[o + 1], blue: bytes[o + 2], alpha: 255).packed
        }
        if let transparentIndex { palette[transparentIndex] = PremultipliedColor.clear.packed }
        var indices = [UInt8](repeating: 0, count: width * height)
        let written = try indices.withUnsafeMutableBufferPointerTyped { (output) throws(GIFError) in
            try GIFLZWDecoder.decode(
                bytes, position: position + 1, minimumCodeSize: minimumCodeSize, dataOffset: position, into: output)
        }
        var pixels = [UInt32](repeating: PremultipliedColor.clear.packed, count: canvasWidth * canvasHeight)
        let rowOrder = isInterlaced ? interlacedRows(height) : Array(0..<height)
        pixels.withUnsafeMutableBufferPointer { out in
            indices.withUnsafeBufferPointer { source in
                palette.withUnsafeBufferPointer { colors in
                    for (decodedRow, row) in rowOrder.enumerated() {
                        let available = min(width, max(0, written - decodedRow * width))
                        let base = (top + row) * canvasWidth + left
                        for x in 0..<available { out[base + x] = colors[Int(source[decodedRow * width + x])] }
                    }
                }
            }
        }
        do {
            return try Image(width: canvasWidth, height: canvasHeight, premultipliedPixels: pixels)
        } catch {
            preconditionFailure("a decoded GIF must make a valid Image: \(error)")
        }
    }

    /// The image row each decoded row lands on, in the four interlace
    /// passes (every 8th row from 0, every 8th from 4, every 4th from 2,
    /// every 2nd from 1).
    static func interlacedRows(_ height: Int) -> [Int] {
        var rows: [Int] = []
        rows.reserveCapacity(height)
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            rows.append(contentsOf: stride(from: start, to: height, by: step))
        }
        return rows
    }
}
