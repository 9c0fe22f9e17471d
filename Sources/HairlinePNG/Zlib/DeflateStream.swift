// Zlib stage: DEFLATE over data given piece by piece. Bytes in, in any
// pieces -> the same raw DEFLATE stream `Deflate.compress` makes of them
// all at once, byte for byte, while holding only a sliding buffer: the
// LZ77 window, the input of the block being gathered (its bytes are
// needed if it is stored) and the newest piece. Method: zlib's: matching
// stops `LZ77Matcher.lookahead` bytes short of the data so far (every
// match and the lazy step see what they would see in the whole data);
// when the buffer is full, what no window or block needs is dropped and
// the matcher's positions slide down with it (by whole chain-link
// periods, so the links stay where they are).

/// A DEFLATE compressor fed in pieces (`ZlibStream.Compressor` wraps it).
final class DeflateStream {
    private let matcher: LZ77Matcher
    private let block: TokenBlock
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Where the input of the block being gathered starts in `buffer`.
    private var blockStart = 0
    private(set) var writer: BitWriter
    private var isFinished = false

    /// The first buffer size; it grows if a block's input outgrows it
    /// (at most `Deflate.tokensPerBlock` × 258 bytes, plus the window).
    static let initialCapacity = 1 << 20

    /// A compressor appending to `writer` (which may hold a header).
    init(writer: BitWriter, parameters: LZ77Matcher.Parameters = .default) {
        capacity = Self.initialCapacity
        block = TokenBlock(capacity: Deflate.tokensPerBlock)
        buffer = .allocate(capacity: capacity)
        matcher = LZ77Matcher(input: UnsafeRawBufferPointer(start: buffer, count: 0), parameters: parameters)
        self.writer = writer
    }

    deinit { buffer.deallocate() }

    /// Compresses `bytes` after the bytes given before (the last few
    /// hundred wait for what follows).
    func write(_ bytes: UnsafeRawBufferPointer) {
        precondition(!isFinished, "DeflateStream: write after finish")
        var rest = bytes
        while !rest.isEmpty {
            if count == capacity { makeRoom() }
            let n = min(rest.count, capacity - count)
            (buffer + count).update(from: rest.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
            count += n
            rest = UnsafeRawBufferPointer(rebasing: rest[n...])
            compress(isFinal: false)
        }
    }

    /// Compresses what is left and ends the stream with a final block;
    /// returns the writer (mid-byte, as `Deflate.compress` leaves it).
    func finish() -> BitWriter {
        precondition(!isFinished, "DeflateStream: finish twice")
        compress(isFinal: true)
        isFinished = true
        return writer
    }

    /// Turns the buffered bytes into tokens, writing each block once it
    /// is full (or, at the end, the last).
    private func compress(isFinal: Bool) {
        matcher.continueWith(UnsafeRawBufferPointer(start: buffer, count: count), droppingFirst: 0, isFinal: isFinal)
        while true {
            matcher.fill(block)
            let full = block.count >= block.capacity
            guard full || matcher.isFinished else { return }
            let end = blockStart + block.inputByteCount
            Deflate.writeBlock(
                block, bytes: UnsafeRawBufferPointer(start: buffer + blockStart, count: end - blockStart),
                isFinal: matcher.isFinished, to: &writer)
            blockStart = end
            block.removeAll()
            if matcher.isFinished { return }
        }
    }

    /// Drops the bytes neither the window nor the gathered block needs
    /// (whole link periods), else doubles the buffer.
    private func makeRoom() {
        let needed = min(blockStart, matcher.nextPosition - Deflate.windowSize - 1)
        let offset = needed > 0 ? needed / LZ77Matcher.linkCount * LZ77Matcher.linkCount : 0
        guard offset > 0 else {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * capacity)
            larger.update(from: buffer, count: count)
            buffer.deallocate()
            buffer = larger
            capacity *= 2
            matcher.continueWith(UnsafeRawBufferPointer(start: buffer, count: count), droppingFirst: 0, isFinal: false)
            return
        }
        buffer.update(from: buffer + offset, count: count - offset)
        count -= offset
        blockStart -= offset
        matcher.continueWith(UnsafeRawBufferPointer(start: buffer, count: count), droppingFirst: offset, isFinal: false)
    }
}

extension ZlibStream {
    /// A zlib stream made from data given piece by piece: the same bytes
    /// as `ZlibStream.compress` of all of it, holding a few megabytes at
    /// most besides the output.
    ///
    ///     let zlib = ZlibStream.Compressor()
    ///     for row in rows { row.withUnsafeBytes { zlib.write($0) } }
    ///     let stream = zlib.finish()
    public final class Compressor {
        private let deflate: DeflateStream
        private var adler = Adler32()

        /// A compressor with nothing written yet.
        public convenience init() {
            self.init(parameters: .default)
        }

        /// A compressor whose matcher searches with `parameters`; the
        /// header's FLEVEL says which kind (RFC 1950: informative only).
        init(parameters: LZ77Matcher.Parameters, reservingCapacity capacity: Int = 1 << 16) {
            var writer = BitWriter(reservingCapacity: capacity)
            ZlibStream.header.withUnsafeBytes { writer.appendAlignedBytes($0) }
            deflate = DeflateStream(writer: writer, parameters: parameters)
        }

        /// Compresses `bytes` after those written before.
        public func write(_ bytes: UnsafeRawBufferPointer) {
            adler.update(bytes)
            deflate.write(bytes)
        }

        /// The whole zlib stream: header, DEFLATE blocks, Adler-32. Call
        /// once; nothing may be written after.
        public func finish() -> [UInt8] {
            var writer = deflate.finish()
            var stream = writer.finish()
            withUnsafeBytes(of: adler.value.bigEndian) { stream.append(contentsOf: $0) }
            return stream
        }
    }
}
