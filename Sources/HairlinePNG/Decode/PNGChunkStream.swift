// Decode stage: the chunk sequence of a PNG file (PNG spec §5.6). File
// bytes in -> the header, palette, transparency and the IDAT data ranges,
// read up to IEND. Guarantees: IHDR first and once; PLTE and tRNS once,
// before IDAT, only where the color type allows them; IDATs consecutive;
// PLTE present for indexed images; at least one IDAT; IEND empty.

/// What the decoder needs from a file's chunks; the pixel data is left in
/// place, as ranges of the input.
struct PNGChunkStream: Sendable {
    /// The image header.
    let header: PNGHeader
    /// The palette, required for indexed images, optional for truecolor.
    let palette: PNGPalette?
    /// The tRNS chunk's contents.
    let transparency: PNGTransparency
    /// The data of each IDAT chunk, in file order.
    let imageData: [Range<Int>]

    /// Reads every chunk from the signature up to IEND (bytes after IEND
    /// are ignored, as libpng does). Ancillary chunks other than tRNS are
    /// skipped after their CRC is checked.
    /// - Throws: the reader's framing errors, `.invalidHeader`, `.tooLarge`,
    ///   `.chunkOrder`, `.invalidChunk`, `.unsupportedCriticalChunk`,
    ///   `.missingChunk`.
    init(_ bytes: UnsafeRawBufferPointer, limits: PNGDecoder.Limits) throws(PNGError) {
        var reader = try PNGChunkReader(bytes)
        let first = try reader.next()
        guard first.code == PNGChunkType.header.code else {
            throw .chunkOrder("the first chunk is \(first.name), not IHDR", at: first.offset)
        }
        guard first.data.count == PNGHeader.dataByteCount else {
            throw .invalidChunk("IHDR", reason: "length \(first.data.count), expected 13", at: first.offset)
        }
        let header = try PNGHeader(
            data: UnsafeRawBufferPointer(rebasing: bytes[first.data]), offset: first.data.lowerBound, limits: limits)
        var palette: PNGPalette?
        var transparency: PNGTransparency?
        var imageData: [Range<Int>] = []
        var imageDataEnded = false
        while true {
            let chunk = try reader.next()
            let data = UnsafeRawBufferPointer(rebasing: bytes[chunk.data])
            if !imageData.isEmpty && chunk.code != PNGChunkType.imageData.code { imageDataEnded = true }
            switch chunk.code {
            case PNGChunkType.imageData.code:
                if imageDataEnded { throw .chunkOrder("IDAT chunks are not consecutive", at: chunk.offset) }
                if header.colorType == .indexed && palette == nil { throw .missingChunk("PLTE") }
                imageData.append(chunk.data)
            case PNGChunkType.palette.code:
                try PNGChunkStream.checkBeforeImageData(chunk, seen: palette != nil, imageData: imageData)
                if transparency != nil { throw .chunkOrder("PLTE after tRNS", at: chunk.offset) }
                if header.colorType == .grayscale || header.colorType == .grayscaleAlpha {
                    throw .invalidChunk(
                        "PLTE", reason: "not allowed for grayscale color type \(header.colorType.rawValue)",
                        at: chunk.offset)
                }
                palette = try PNGPalette(data: data, offset: chunk.offset, header: header)
            case PNGChunkType.transparency.code:
                try PNGChunkStream.checkBeforeImageData(chunk, seen: transparency != nil, imageData: imageData)
                transparency = try PNGTransparency(data: data, offset: chunk.offset, header: header, palette: palette)
            case PNGChunkType.end.code:
                guard data.isEmpty else {
                    throw .invalidChunk("IEND", reason: "length \(data.count), expected 0", at: chunk.offset)
                }
                guard !imageData.isEmpty else { throw .missingChunk("IDAT") }
                self.header = header
                self.palette = palette
                self.transparency = transparency ?? PNGTransparency.none
                self.imageData = imageData
                return
            case PNGChunkType.header.code:
                throw .chunkOrder("a second IHDR", at: chunk.offset)
            default:
                if chunk.isCritical { throw .unsupportedCriticalChunk(chunk.name, at: chunk.offset) }
            }
        }
    }

    /// Throws `.chunkOrder` if a PLTE or tRNS chunk repeats (`seen`) or
    /// comes after image data.
    static func checkBeforeImageData(_ chunk: PNGChunk, seen: Bool, imageData: [Range<Int>]) throws(PNGError) {
        if seen { throw .chunkOrder("a second \(chunk.name)", at: chunk.offset) }
        if !imageData.isEmpty { throw .chunkOrder("\(chunk.name) after IDAT", at: chunk.offset) }
    }

    /// Bytes of image data in all the IDAT chunks.
    var imageDataByteCount: Int { imageData.reduce(0) { $0 + $1.count } }

    /// The file offset of byte `offset` of the concatenated IDAT data (the
    /// byte after the last IDAT's data for `offset` at or past the end).
    func fileOffset(ofImageDataOffset offset: Int) -> Int {
        var remaining = offset
        for range in imageData {
            if remaining < range.count { return range.lowerBound + remaining }
            remaining -= range.count
        }
        return imageData.last.map { $0.upperBound } ?? 0
    }
}
