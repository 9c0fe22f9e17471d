// Decode stage: PNG file bytes -> Hairline's premultiplied `Image`, in
// about the memory of the image itself. The pixels are `PNGImage.image()`'s
// exactly; the way there holds less. An 8-bit RGBA file, not interlaced
// (the common large image), is inflated straight into the memory the
// image keeps; each row is unfiltered there against the row above, and
// the row above is then moved down over its filter byte and premultiplied
// in place (a row only moves towards the start, never over a row still
// needed): peak memory is the image plus its row count in bytes. Other
// files are inflated into a buffer of their own (smaller than the image,
// except 16-bit ones) and expanded into the image's memory row by row.

public import Hairline

extension PNGDecoder {
    /// Decodes a PNG file into Hairline's premultiplied `Image`: the
    /// pixels of `decode(_:limits:).image()`, in about the image's own
    /// memory (an 8-bit RGBA file is inflated and unfiltered in the memory
    /// the image keeps).
    /// - Throws: as `decode(_:limits:)`.
    /// - Complexity: O(file size + width × height); peak memory about the
    ///   image (4 bytes a pixel) plus, for files other than 8-bit RGBA
    ///   without interlacing, their decompressed rows.
    public static func decodeImage(_ bytes: UnsafeRawBufferPointer, limits: Limits = .default) throws(PNGError) -> Image
    {
        let stream = try PNGChunkStream(bytes, limits: limits)
        let header = stream.header
        let pixels: [UInt32]
        // In place only where the data could fill the image: a lying
        // header reserves nothing its data cannot reach.
        if header.bitDepth == 8, header.colorType == .truecolorAlpha, !header.isInterlaced,
            header.filteredByteCount
                <= stream.imageDataByteCount.multipliedReportingOverflow(by: Inflater.maximumExpansion).partialValue
                || stream.imageDataByteCount.multipliedReportingOverflow(by: Inflater.maximumExpansion).overflow
        {
            pixels = try inPlaceRGBA8(bytes, stream: stream)
        } else {
            pixels = try expanded(bytes, stream: stream)
        }
        do {
            return try Image(width: header.width, height: header.height, premultipliedPixels: pixels)
        } catch {
            preconditionFailure("a decoded PNG must make a valid Image: \(error)")
        }
    }

    /// Decodes a PNG file held in an array into an `Image`; see
    /// `decodeImage(_:limits:)` for a raw buffer.
    public static func decodeImage(_ bytes: [UInt8], limits: Limits = .default) throws(PNGError) -> Image {
        try bytes.withUnsafeBytesTyped { (buffer) throws(PNGError) in try decodeImage(buffer, limits: limits) }
    }

    /// Reads and decodes the PNG file at `path` into an `Image`.
    /// - Throws: `.cannotRead` if the file cannot be read (see
    ///   `decode(contentsOfFile:limits:)`), otherwise as `decodeImage(_:limits:)`.
    public static func decodeImage(contentsOfFile path: String, limits: Limits = .default) throws(PNGError) -> Image {
        try decodeImage(FileReader.read(path, maximumByteCount: limits.maximumFileByteCount), limits: limits)
    }

    /// An 8-bit RGBA, non-interlaced image inflated, unfiltered, compacted
    /// and premultiplied in the memory of the array returned.
    static func inPlaceRGBA8(_ bytes: UnsafeRawBufferPointer, stream: PNGChunkStream) throws(PNGError) -> [UInt32] {
        let header = stream.header
        let width = header.width, height = header.height
        let filtered = header.filteredByteCount
        let byteCount = filtered + extraImageDataAllowance + InflateOutput.copySlack
        let wordCount = (byteCount + 3) / 4
        var failure: PNGError?
        let pixels = [UInt32](unsafeUninitializedCapacity: wordCount) { words, initialized in
            initialized = 0
            words.withMemoryRebound(to: UInt8.self) { memory in
                do throws(PNGError) {
                    let output = InflateOutput(inCallersMemory: memory.baseAddress!, byteCount: wordCount * 4)
                    let inflated = try inflateImageData(bytes, stream: stream, into: output)
                    guard inflated.count >= filtered else {
                        throw .notEnoughImageData(expected: filtered, found: inflated.count)
                    }
                    let base = memory.baseAddress!
                    let raw = UnsafeMutableRawPointer(base)
                    let rowBytes = 4 * width, stride = rowBytes + 1
                    // Row r is unfiltered against row r - 1 where it lies;
                    // then row r - 1 moves to r - 1 rows of pixels from the
                    // start (before its own bytes and row r's), premultiplied.
                    try forEachRow(UnsafeMutableBufferPointer(start: base, count: filtered), header: header) {
                        (_, _, row, _) throws(PNGError) in
                        if row > 0 {
                            premultiplyRow(raw, from: (row - 1) * stride + 1, to: (row - 1) * rowBytes, count: width)
                        }
                    }
                    premultiplyRow(raw, from: (height - 1) * stride + 1, to: (height - 1) * rowBytes, count: width)
                } catch {
                    failure = error
                }
            }
            if failure == nil { initialized = width * height }
        }
        if let failure { throw failure }
        return pixels
    }

    /// Any other image: its rows inflated into a buffer of their own,
    /// expanded to straight RGBA8 in the image's memory, then premultiplied
    /// there.
    static func expanded(_ bytes: UnsafeRawBufferPointer, stream: PNGChunkStream) throws(PNGError) -> [UInt32] {
        let header = stream.header
        let inflated = try inflateImageData(bytes, stream: stream)
        let expander = PNGRowExpander(header: header, palette: stream.palette, transparency: stream.transparency)
        let channels = PNGRowExpander.channelCount
        let imageRowSamples = header.width * channels
        var pixels = [UInt32](repeating: 0, count: header.width * header.height)
        var wide = [UInt16](repeating: 0, count: header.bitDepth == 16 ? imageRowSamples : 0)
        var narrow = [UInt8](repeating: 0, count: header.bitDepth == 16 ? imageRowSamples : 0)
        try pixels.withUnsafeMutableBufferPointer { (words) throws(PNGError) in
            try words.withMemoryRebound(to: UInt8.self) { (output) throws(PNGError) in
                let destination = output.baseAddress!
                try inflated.withUnsafeMutableBytes { (rows) throws(PNGError) in
                    try forEachRow(rows, header: header) { (row, pass, passRow, pixelCount) throws(PNGError) in
                        let y = pass.startY + passRow * pass.stepY
                        let start = destination + y * imageRowSamples + pass.startX * channels
                        guard header.bitDepth == 16 else {
                            try expander.expand8(
                                row, pixelCount: pixelCount, into: start, stride: pass.stepX, y: y,
                                startX: pass.startX)
                            return
                        }
                        // 16 bits: the row's samples, narrowed as
                        // PNGImage narrows them, then placed.
                        let count = pixelCount * channels
                        wide.withUnsafeMutableBufferPointer { w in
                            expander.expand16(row, pixelCount: pixelCount, into: w.baseAddress!, stride: 1)
                            narrow.withUnsafeMutableBufferPointer { n in
                                PNGRowExpander.narrow(UnsafeBufferPointer(rebasing: w[0..<count]), into: n.baseAddress!)
                                for x in 0..<pixelCount {
                                    let to = start + x * pass.stepX * channels
                                    for c in 0..<channels { to[c] = n[x * channels + c] }
                                }
                            }
                        }
                    }
                }
                premultiplyRow(UnsafeMutableRawPointer(destination), from: 0, to: 0, count: words.count)
            }
        }
        return pixels
    }

    /// Replaces `count` straight RGBA8 pixels at byte `from` of `memory` by
    /// their packed premultiplied values at byte `to` (`to <= from`: each
    /// pixel is read before anything is written over it), with
    /// `PNGImage.premultiply`'s arithmetic.
    @inline(__always)
    static func premultiplyRow(_ memory: UnsafeMutableRawPointer, from: Int, to: Int, count: Int) {
        let opaque = UInt8.max
        for index in 0..<count {
            let source = from &+ 4 &* index
            let red = memory.load(fromByteOffset: source, as: UInt8.self)
            let green = memory.load(fromByteOffset: source &+ 1, as: UInt8.self)
            let blue = memory.load(fromByteOffset: source &+ 2, as: UInt8.self)
            let alpha = memory.load(fromByteOffset: source &+ 3, as: UInt8.self)
            let color: PremultipliedColor
            switch alpha {
            case opaque: color = PremultipliedColor(red: red, green: green, blue: blue, alpha: alpha)
            case 0: color = .clear
            default:
                color = PremultipliedColor(
                    red: PNGImage.premultiplied(red, alpha: alpha), green: PNGImage.premultiplied(green, alpha: alpha),
                    blue: PNGImage.premultiplied(blue, alpha: alpha), alpha: alpha)
            }
            memory.storeBytes(of: color.packed, toByteOffset: to &+ 4 &* index, as: UInt32.self)
        }
    }
}
