// Tests of the inflater's output limit: a decompression bomb (a 1 MB
// stream that would inflate to 1 GiB) must throw `.outputLimitExceeded`
// as soon as it passes the limit, quickly and without allocating the
// gigabyte; streams within the limit must still inflate.

import Testing
@testable import HairlinePNG

@Suite struct InflateLimitTests {
    /// Bytes the bomb would inflate to.
    static let bombOutputSize = 1 << 30
    /// Each match copies 258 bytes.
    static let matchLength = 258

    /// A zlib stream of one dynamic block whose codes make every match
    /// (length 258, distance 1) two zero bits, so that 1 MB of zero bytes
    /// holds the 4.16 million matches of 1 GiB of output. It ends with an
    /// end-of-block code and a made-up Adler-32.
    static let bomb: [UInt8] = {
        var literalLengths = [UInt8](repeating: 0, count: 286)
        literalLengths[285] = 1  // length 258: code 0
        literalLengths[0] = 2  // the literal 0: code 10
        literalLengths[256] = 2  // end of block: code 11
        var builder = DeflateStreamBuilder()
        let codes = builder.dynamicHeader(isFinal: true, literalLengths: literalLengths, distances: [1])
        builder.code(codes.literal, 0)
        builder.writer.alignToByte()
        let header = builder.finish()
        let matchCount = bombOutputSize / matchLength
        let body = [UInt8](repeating: 0, count: matchCount * 2 / 8)
        // End of block (11), padded; then a trailer that is not checked.
        return [0x78, 0xDA] + header + body + [0b11, 0, 0, 0, 0]
    }()

    @Test func bombThrowsAtTheLimit() {
        let limit = 4 << 20
        #expect(Self.bomb.count < 1_100_000)
        let error = InflateErrorTests.zlibError(Self.bomb, limit: limit)
        // Stopped within the first few kilobytes of input: 4 MiB of output
        // is about 16,000 matches, 4 KB of bits.
        guard case .outputLimitExceeded(limit: limit, let offset)? = error, offset < 20_000 else {
            Issue.record("expected the limit to stop inflation early, got \(String(describing: error))")
            return
        }
    }

    /// A stream within the limit that a smaller limit rejects: the limit
    /// is exact, and the error names it.
    @Test func limitIsExact() throws {
        var builder = DeflateStreamBuilder()
        builder.fixed([.literal(7), .match(length: 258, distance: 1), .match(length: 41, distance: 1)], isFinal: true)
        let raw = builder.finish()
        let content = [UInt8](repeating: 7, count: 300)
        let stream = DeflateStreamBuilder.zlib(raw, content: content)
        #expect(try ZlibStream.decompress(stream, maximumOutputSize: 300) == content)
        do {
            _ = try ZlibStream.decompress(stream, maximumOutputSize: 299)
            Issue.record("299 bytes must not be enough")
        } catch {
            #expect(error == .outputLimitExceeded(limit: 299, at: 5))  // the second match, after the 2-byte header
        }
        // Stored data is limited too.
        var stored = DeflateStreamBuilder()
        stored.stored(content, isFinal: true)
        let storedStream = DeflateStreamBuilder.zlib(stored.finish(), content: content)
        #expect(throws: ZlibError.outputLimitExceeded(limit: 100, at: 7)) {
            try ZlibStream.decompress(storedStream, maximumOutputSize: 100)
        }
    }
}
