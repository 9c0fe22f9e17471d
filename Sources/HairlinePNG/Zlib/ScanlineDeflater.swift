// Zlib stage: the compressor of the `fast` and `default` PNG levels, after fdeflate
// (the image-data compressor of Rust's png crate): filtered scanlines of
// one length in -> a zlib stream (RFC 1950/1951) out. No hash table and no
// chains: each position is tried against only two candidates, the pixel
// before it (a run, distance = bytes per pixel) and the same byte of the
// row above (distance = scanline length), which is where drawn content
// repeats. Blocks are whole rows, each stored, fixed-Huffman or dynamic,
// whichever is smallest (`Deflate.writeBlock`); the dynamic blocks share
// one pair of codes, made once from the first block's counts (fdeflate
// uses one fixed table). Guarantees: any inflater returns the rows
// exactly, in order.

/// A zlib compressor for PNG scanlines that matches only runs and the row
/// above (fdeflate's idea; see the file comment).
///
///     let deflater = ScanlineDeflater(scanlineByteCount: 1 + width * 4, bytesPerPixel: 4)
///     for row in rows { deflater.nextScanline().update(...); deflater.commitScanline() }
///     let stream = deflater.finish()
final class ScanlineDeflater {
    /// The shortest match taken: candidates are compared 4 bytes at once.
    static let minimumMatchLength = 4
    /// A block ends before its input would pass this many bytes (the block's
    /// input is kept, in case storing it is smallest), or its tokens
    /// `maximumBlockTokenCount`, whichever comes first; a scanline
    /// longer than either makes a block of its own.
    static let maximumBlockByteCount = 1 << 20
    /// The most tokens of a block (4 bytes each): a quarter of its
    /// input's bytes, so that a drawing's block ends by its bytes and
    /// noise's by its tokens, with few blocks (each builds two codes).
    static let maximumBlockTokenCount = 1 << 18

    /// Bytes of every scanline: the filter-type byte and the filtered bytes.
    let scanlineByteCount: Int
    /// The run candidate's distance, in bytes.
    let bytesPerPixel: Int
    /// Whether the row above is in reach (a scanline within the window).
    let matchesRowAbove: Bool
    let block: TokenBlock
    /// The input of the block being gathered, after the scanline before it
    /// (kept at the start for the candidates of the block's first row).
    let buffer: UnsafeMutablePointer<UInt8>
    private let bufferCapacity: Int
    /// Where the block's input starts in `buffer`, and where it ends.
    private var blockStart = 0
    private var count = 0
    private var writer: BitWriter
    private var adler = Adler32()
    private var isFinished = false
    /// The one pair of codes of the stream's dynamic blocks, made from the
    /// first block's counts (fdeflate's idea: building codes costs as much
    /// as coding a hundred thousand tokens).
    private var streamCodes: (literal: HuffmanCode, distance: HuffmanCode, header: Deflate.DynamicHeader)?

    /// A compressor for scanlines of `scanlineByteCount` bytes (at least 1)
    /// whose pixels are `bytesPerPixel` bytes (1 ... 8); the zlib header
    /// announces FLEVEL `headerLevel` (0 ... 3, informative only).
    /// `capacity` sizes the output's first allocation.
    init(
        scanlineByteCount: Int, bytesPerPixel: Int, headerLevel: UInt8 = ZlibStream.fastestLevel,
        reservingCapacity capacity: Int = 1 << 16
    ) {
        precondition(scanlineByteCount >= 1 && (1...8).contains(bytesPerPixel))
        self.scanlineByteCount = scanlineByteCount
        self.bytesPerPixel = bytesPerPixel
        matchesRowAbove = scanlineByteCount <= Deflate.windowSize
        block = TokenBlock(capacity: max(Self.maximumBlockTokenCount, scanlineByteCount))
        bufferCapacity = max(Self.maximumBlockByteCount, 2 * scanlineByteCount)
        buffer = .allocate(capacity: bufferCapacity)
        writer = BitWriter(reservingCapacity: capacity)
        ZlibStream.header(level: headerLevel).withUnsafeBytes { writer.appendAlignedBytes($0) }
    }

    deinit { buffer.deallocate() }

    /// Where the caller writes the next scanline (`scanlineByteCount`
    /// bytes), then calls `commitScanline()`.
    func nextScanline() -> UnsafeMutablePointer<UInt8> {
        precondition(!isFinished, "ScanlineDeflater: write after finish")
        if count + scanlineByteCount > bufferCapacity || block.count + scanlineByteCount > block.capacity {
            flushBlock(isFinal: false)
        }
        return buffer + count
    }

    /// Compresses the scanline written at `nextScanline()`.
    func commitScanline() {
        let start = count
        count += scanlineByteCount
        adler.update(UnsafeRawBufferPointer(start: buffer + start, count: scanlineByteCount))
        tokenize(from: start)
        block.inputByteCount += scanlineByteCount
    }

    /// Compresses `scanline` (`scanlineByteCount` bytes) after the ones before.
    func write(_ scanline: UnsafeRawBufferPointer) {
        precondition(scanline.count == scanlineByteCount)
        nextScanline().update(from: scanline.bindMemory(to: UInt8.self).baseAddress!, count: scanlineByteCount)
        commitScanline()
    }

    /// The whole zlib stream: header, blocks, Adler-32. Call once.
    func finish() -> [UInt8] {
        precondition(!isFinished, "ScanlineDeflater: finish twice")
        flushBlock(isFinal: true)
        isFinished = true
        var stream = writer.finish()
        withUnsafeBytes(of: adler.value.bigEndian) { stream.append(contentsOf: $0) }
        return stream
    }

    /// The stream's codes, from the counts of the block gathered so far,
    /// each raised to at least 1 so that every literal, every length and
    /// both distances have a code, whatever later blocks hold. Unseen
    /// symbols get long codes, so the first block pays little for them.
    private func makeStreamCodes() -> (literal: HuffmanCode, distance: HuffmanCode, header: Deflate.DynamicHeader) {
        let literalFrequencies = block.literalLengthFrequencies.map { max($0, 1) }
        var distanceFrequencies = block.distanceFrequencies
        Deflate.distanceSymbolTable.withUnsafeBufferPointer { table in
            for distance in [bytesPerPixel, matchesRowAbove ? scanlineByteCount : bytesPerPixel] {
                let symbol = Deflate.distanceSymbol(for: distance, table: table)
                distanceFrequencies[symbol] = max(distanceFrequencies[symbol], 1)
            }
        }
        let literal = HuffmanCode(frequencies: literalFrequencies, maximumLength: Deflate.maximumCodeLength)
        let distance = HuffmanCode(frequencies: distanceFrequencies, maximumLength: Deflate.maximumCodeLength)
        return (
            literal, distance, Deflate.DynamicHeader(literalLengths: literal.lengths, distanceLengths: distance.lengths)
        )
    }

    /// Writes the gathered block; unless it is the last, keeps its final
    /// scanline at the start of the buffer as the next one's row above.
    private func flushBlock(isFinal: Bool) {
        let run = bytesPerPixel, above = scanlineByteCount
        let codes = streamCodes ?? makeStreamCodes()
        streamCodes = codes
        Deflate.writeBlock(
            block, bytes: UnsafeRawBufferPointer(start: buffer + blockStart, count: count - blockStart),
            isFinal: isFinal, to: &writer, literalCode: codes.literal, distanceCode: codes.distance,
            header: codes.header
        ) { block, literalCode, distanceCode, writer in
            Self.writeTokens(
                block, literalCode: literalCode, distanceCode: distanceCode, distances: (run, above), to: &writer)
        }
        block.removeAll()
        guard !isFinal else { return }
        let keep = min(count, scanlineByteCount)
        buffer.update(from: buffer + count - keep, count: keep)
        blockStart = keep
        count = keep
    }
}
