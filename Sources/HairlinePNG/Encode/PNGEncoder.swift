// Encode stage: Surface -> PNG file bytes (PNG spec, ISO 15948). A
// premultiplied RGBA8 surface in -> signature, IHDR (8-bit RGBA, color type
// 6, not interlaced), sRGB, IDAT and IEND chunks out, every CRC correct.
// Rows are un-premultiplied (`Unpremultiply`), filtered (`PNGFilter`) and
// zlib-compressed (`ZlibStream`); the file is exact, no lossy step.

public import Hairline

/// Encodes surfaces as PNG images.
///
///     let png = PNGEncoder.encode(surface)              // bytes in memory
///     try PNGEncoder.write(surface, toFile: "out.png")  // atomic file write
///
/// The image is 8-bit RGBA with straight (non-premultiplied) alpha, tagged
/// sRGB, the same width and height in pixels as the surface.
public enum PNGEncoder {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// IHDR: 8 bits a sample.
    static let bitDepth: UInt8 = 8
    /// IHDR: color type 6, truecolor with alpha (RGBA).
    static let colorTypeRGBA: UInt8 = 6
    /// IHDR: compression method 0 (zlib), filter method 0 (the five
    /// filters), interlace method 0 (none).
    static let compressionMethod: UInt8 = 0, filterMethod: UInt8 = 0, interlaceMethod: UInt8 = 0
    /// sRGB rendering intent 0: perceptual.
    static let perceptualIntent: UInt8 = 0
    /// The most compressed bytes per IDAT chunk; decoders concatenate the
    /// chunks, and moderate chunks let streaming readers start early.
    static let maximumIDATLength = 1 << 16
    /// Bytes of the IHDR data: width, height (4 each) and five 1-byte fields.
    static let headerDataLength = 13
    /// Bytes of one pixel, RGBA8.
    static let bytesPerPixel = Unpremultiply.bytesPerPixel

    /// The PNG encoding of `surface`, compressed at `level`.
    ///
    /// Each pixel is written with straight alpha: a channel stored
    /// premultiplied as c with alpha a > 0 becomes round(c × 255 / a)
    /// (clamped to 255), and a pixel with alpha 0 becomes (0, 0, 0, 0).
    /// - Parameters:
    ///   - surface: the image to encode.
    ///   - level: how hard to compress (`PNGCompressionLevel`); the pixels
    ///     are the same at every level.
    /// - Returns: the complete file: signature, IHDR, sRGB, IDAT chunks of
    ///   at most 64 KiB of data, IEND.
    /// - Complexity: O(width × height) time. Rows are filtered and
    ///   compressed one at a time: besides the compressed stream and the
    ///   file, it holds two rows, five filtered candidates of one row and
    ///   the compressor's few megabytes, never a filtered copy of the image
    ///   (a BGRA8 or A8 surface is first converted to an RGBA8 copy).
    public static func encode(_ surface: Surface, level: PNGCompressionLevel = .default) -> [UInt8] {
        let compressed = compressedScanlines(of: surface, level: level)
        let idatCount = (compressed.count + maximumIDATLength - 1) / maximumIDATLength
        let otherChunks = [headerDataLength, 1, 0]  // IHDR, sRGB and IEND data
        let fileByteCount =
            signature.count + compressed.count + otherChunks.reduce(0, +)
            + (otherChunks.count + idatCount) * PNGChunkWriter.framingByteCount
        var chunks = PNGChunkWriter(reservingCapacity: fileByteCount)
        chunks.bytes.append(contentsOf: signature)
        chunks.append(.header, data: headerData(width: surface.width, height: surface.height))
        chunks.append(.standardRGB, data: [perceptualIntent])
        // IDAT chunks; the stream is never empty (a zlib stream is at least
        // 8 bytes), so there is at least one.
        var start = 0
        while start < compressed.count {
            let end = min(start + maximumIDATLength, compressed.count)
            chunks.append(.imageData, data: compressed[start..<end])
            start = end
        }
        chunks.append(.end, data: [])
        assert(chunks.bytes.count == fileByteCount)
        return chunks.bytes
    }

    /// Writes the PNG encoding of `surface` at `level` to the file at
    /// `path`, whole or not at all.
    ///
    /// The bytes go to a temporary file in the same directory, which is
    /// flushed to disk (`fsync`) and then renamed over `path`; an existing
    /// file is replaced atomically and a reader never sees a partial image.
    /// - Parameters:
    ///   - surface: the image to encode.
    ///   - level: how hard to compress; `.default` unless given.
    ///   - path: the destination file, absolute or relative to the current
    ///     directory; its directory must exist.
    /// - Throws: `PNGError.cannotWrite` naming the path, the failing system
    ///   call and `errno` (directory missing, permission denied, disk full,
    ///   `path` is a directory...). On failure the temporary file is removed
    ///   and whatever was at `path` is unchanged.
    public static func write(
        _ surface: Surface, toFile path: String, level: PNGCompressionLevel = .default
    ) throws(PNGError) {
        try AtomicFile.write(encode(surface, level: level), toFile: path)
    }

    /// The IHDR data: width and height in pixels (big-endian 32-bit), bit
    /// depth, color type, compression, filter and interlace methods.
    static func headerData(width: Int, height: Int) -> [UInt8] {
        var data: [UInt8] = []
        withUnsafeBytes(of: UInt32(width).bigEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(height).bigEndian) { data.append(contentsOf: $0) }
        data += [bitDepth, colorTypeRGBA, compressionMethod, filterMethod, interlaceMethod]
        return data
    }

    /// The zlib stream of the filtered image at `level`, made row by row.
    /// At `.best` it is the same bytes as `ZlibStream.compress` of
    /// `filteredScanlines` (each row's filter chosen by the §12.8
    /// heuristic) at zlib's level 6; `.default` and `.fast` choose None or
    /// Up per row (`PNGFilter.quickChoice`) and match only runs and the
    /// row above (`scanlineCompressed`).
    static func compressedScanlines(of surface: Surface, level: PNGCompressionLevel) -> [UInt8] {
        guard surface.format == .rgba8Premultiplied else {
            return compressedScanlines(of: surface.converted(to: .rgba8Premultiplied), level: level)
        }
        let width = surface.width, height = surface.height
        let rowByteCount = width * bytesPerPixel
        // Two straight rows, the current one and the one above it (zeros
        // above the first, as the PNG spec defines).
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowByteCount)
        scratch.initialize(repeating: 0, count: 2 * rowByteCount)
        defer { scratch.deallocate() }
        var previous = scratch, current = scratch + rowByteCount
        if level != .best {
            return scanlineCompressed(of: surface, level: level, current: &current, previous: &previous)
        }
        let candidates = PNGFilterCandidates(count: rowByteCount)
        let zlib = ZlibStream.Compressor(
            parameters: .default,
            reservingCapacity: max(1 << 16, height * rowByteCount / 8))
        surface.withUnsafeBytes { pixels in
            let source = pixels.bindMemory(to: UInt8.self).baseAddress!
            for y in 0..<height {
                Unpremultiply.row(source + y * surface.bytesPerRow, into: current, pixelCount: width)
                let filter = candidates.filter(current, previous: previous, bytesPerPixel: bytesPerPixel)
                zlib.write(UnsafeRawBufferPointer(candidates.row(filter)))
                swap(&previous, &current)
            }
        }
        return zlib.finish()
    }

    /// The stream of the `fast` and `default` levels (the same but for
    /// the header's FLEVEL): each row un-premultiplied straight into
    /// a `ScanlineDeflater`'s next scanline, filtered there None or Up
    /// (`PNGFilter.quickChoice`), and matched against runs and the row
    /// above only. The row above is read from the deflater's previous
    /// scanline when that one is unfiltered (None), else from a copy made
    /// before its Up filtering. `current` and `previous` are two zeroed
    /// rows of scratch (width × 4 bytes each).
    static func scanlineCompressed(
        of surface: Surface, level: PNGCompressionLevel, current: inout UnsafeMutablePointer<UInt8>,
        previous: inout UnsafeMutablePointer<UInt8>
    ) -> [UInt8] {
        let width = surface.width, height = surface.height
        let rowByteCount = width * bytesPerPixel, scanlineByteCount = rowByteCount + 1
        let deflater = ScanlineDeflater(
            scanlineByteCount: scanlineByteCount, bytesPerPixel: bytesPerPixel,
            headerLevel: level == .fast ? ZlibStream.fastestLevel : ZlibStream.fastLevel,
            reservingCapacity: max(1 << 16, height * rowByteCount / 8))
        // Whether the row above is the deflater's previous scanline as is.
        var aboveIsScanline = false
        surface.withUnsafeBytes { pixels in
            let source = pixels.bindMemory(to: UInt8.self).baseAddress!
            for y in 0..<height {
                let scanline = deflater.nextScanline()
                let row = scanline + 1
                let above = aboveIsScanline ? UnsafePointer(row - scanlineByteCount) : UnsafePointer(previous)
                Unpremultiply.row(source + y * surface.bytesPerRow, into: row, pixelCount: width)
                let filter = PNGFilter.quickChoice(for: row, previous: above, pixelCount: width)
                scanline[0] = filter.rawValue
                if filter == .none {
                    aboveIsScanline = true
                } else {
                    // Keep the straight row for the next one, then filter in place.
                    current.update(from: row, count: rowByteCount)
                    PNGFilterCandidates.apply(
                        filter, to: current, previous: above, count: rowByteCount, bytesPerPixel: bytesPerPixel,
                        into: row)
                    swap(&previous, &current)
                    aboveIsScanline = false
                }
                deflater.commitScanline()
            }
        }
        return deflater.finish()
    }

    /// The filtered image: for each row, a filter-type byte and the filtered
    /// straight-alpha RGBA bytes. Complexity: O(width × height).
    static func filteredScanlines(of surface: Surface) -> [UInt8] {
        // BGRA8 and A8 surfaces are written as RGBA8 (A8: black at its
        // alphas), through a converted copy.
        guard surface.format == .rgba8Premultiplied else {
            return filteredScanlines(of: surface.converted(to: .rgba8Premultiplied))
        }
        let width = surface.width, height = surface.height
        let rowByteCount = width * bytesPerPixel
        let filteredRowByteCount = rowByteCount + 1
        // Two straight rows, the current one and the one above it; the row
        // above the first is zeros, as the PNG spec defines.
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowByteCount)
        scratch.initialize(repeating: 0, count: 2 * rowByteCount)
        defer { scratch.deallocate() }
        var previous = scratch, current = scratch + rowByteCount
        return [UInt8](unsafeUninitializedCapacity: height * filteredRowByteCount) { output, initializedCount in
            surface.withUnsafeBytes { pixels in
                let source = pixels.bindMemory(to: UInt8.self).baseAddress!
                for y in 0..<height {
                    Unpremultiply.row(source + y * surface.bytesPerRow, into: current, pixelCount: width)
                    PNGFilter.filterRow(
                        current, previous: previous, count: rowByteCount, bytesPerPixel: bytesPerPixel,
                        into: output.baseAddress! + y * filteredRowByteCount)
                    swap(&previous, &current)
                }
            }
            initializedCount = height * filteredRowByteCount
        }
    }
}
