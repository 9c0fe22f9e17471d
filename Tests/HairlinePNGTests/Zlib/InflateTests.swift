// Tests of the production inflater on valid streams: our compressor's
// output for inputs of every shape (both matcher settings, raw and zlib),
// CPython zlib's streams, and hand-made stored and fixed blocks checked
// against the independent test inflater. Inflate(x) must equal the input.

import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct InflateTests {
    static let unlimited = Int.max

    @Test(arguments: DeflateRoundTripTests.inputs)
    func zlibStreamsOfOurCompressorInflate(input: NamedInput) throws {
        let stream = ZlibStream.compress(input.bytes)
        let output = try ZlibStream.decompress(stream, maximumOutputSize: input.bytes.count)
        #expect(firstDifference(output, input.bytes) == nil)
    }

    @Test(arguments: DeflateRoundTripTests.inputs.filter { $0.bytes.count <= 100_000 })
    func rawStreamsOfTheFastSettingInflate(input: NamedInput) throws {
        let compressed = Deflate.compress(input.bytes, parameters: .fast)
        let output = try Inflater.inflateRaw(compressed, maximumOutputSize: Self.unlimited)
        #expect(firstDifference(output, input.bytes) == nil)
    }

    /// Seeded mixtures of random bytes and copies at every distance, as raw
    /// DEFLATE and as zlib streams.
    @Test func randomMixturesInflate() throws {
        let seed: UInt64 = 4242
        var generator = SplitMix64(seed: seed)
        for trial in 0..<40 {
            let count = Int.random(in: 0...9000, using: &generator)
            let bytes =
                trial % 3 == 0
                ? generator.bytes(count) : TestInputs.skewed(byteCount: count, seed: generator.next())
            let raw = try Inflater.inflateRaw(Deflate.compress(bytes), maximumOutputSize: Self.unlimited)
            #expect(firstDifference(raw, bytes) == nil, "trial \(trial), seed \(seed)")
            let zlib = try ZlibStream.decompress(ZlibStream.compress(bytes), maximumOutputSize: count)
            #expect(firstDifference(zlib, bytes) == nil, "trial \(trial), seed \(seed)")
        }
    }

    @Test func referenceZlibStreamsInflate() throws {
        for (name, base64, count) in ReferenceZlibStreams.streams {
            let stream = ReferenceZlibStreams.bytes(base64)
            let expected = Array(ReferenceZlibStreams.content.prefix(count))
            let output = try ZlibStream.decompress(stream, maximumOutputSize: Self.unlimited)
            #expect(firstDifference(output, expected) == nil, "\(name)")
            // The oracle agrees that the stream is what we think it is.
            #expect(try TestInflater.zlibDecompress(stream).bytes == expected, "\(name)")
        }
    }

    @Test func storedBlocksOfEverySizeInflate() throws {
        var generator = SplitMix64(seed: 8)
        let parts = [[], [7], generator.bytes(1000), generator.bytes(65_535), []]
        var builder = DeflateStreamBuilder()
        for (index, part) in parts.enumerated() { builder.stored(part, isFinal: index == parts.count - 1) }
        let raw = builder.finish()
        let expected = parts.flatMap { $0 }
        #expect(try TestInflater.inflate(raw).bytes == expected)
        #expect(try Inflater.inflateRaw(raw, maximumOutputSize: Self.unlimited) == expected)
        let stream = DeflateStreamBuilder.zlib(raw, content: expected)
        #expect(try ZlibStream.decompress(stream, maximumOutputSize: expected.count) == expected)
    }

    @Test func fixedBlockWithOverlappingAndLongMatchesInflates() throws {
        var builder = DeflateStreamBuilder()
        let tokens: [DeflateStreamBuilder.Token] = [
            .literal(1), .match(length: 258, distance: 1),  // a run
            .literal(2), .literal(3), .literal(4), .match(length: 20, distance: 3),  // period 3, overlapping
            .literal(9), .match(length: 11, distance: 4), .match(length: 3, distance: 7),
            .match(length: 100, distance: 30), .match(length: 17, distance: 8), .match(length: 9, distance: 9),
        ]
        builder.fixed(tokens, isFinal: true)
        let raw = builder.finish()
        let expected = try TestInflater.inflate(raw).bytes
        #expect(expected.count == 1 + 258 + 3 + 20 + 1 + 11 + 3 + 100 + 17 + 9)
        #expect(try Inflater.inflateRaw(raw, maximumOutputSize: Self.unlimited) == expected)
    }

    @Test func matchAtTheFullWindowDistanceInflates() throws {
        var generator = SplitMix64(seed: 9)
        let window = generator.bytes(32_768)
        var builder = DeflateStreamBuilder()
        builder.stored(window, isFinal: false)
        builder.fixed([.match(length: 258, distance: 32_768), .match(length: 3, distance: 32_768)], isFinal: true)
        let raw = builder.finish()
        let expected = window + window.prefix(258) + window[258..<261]
        #expect(try TestInflater.inflate(raw).bytes == expected)
        #expect(try Inflater.inflateRaw(raw, maximumOutputSize: Self.unlimited) == expected)
    }

    /// A dynamic block with a single one-bit distance code and a block with
    /// no distance codes at all: both allowed (RFC 1951 §3.2.7, zlib).
    @Test func dynamicBlocksWithOneOrNoDistanceCodesInflate() throws {
        var literalLengths = [UInt8](repeating: 0, count: 258)
        literalLengths[65] = 1  // 'A'
        literalLengths[256] = 2  // end of block
        literalLengths[257] = 2  // length 3
        var builder = DeflateStreamBuilder()
        var codes = builder.dynamicHeader(isFinal: false, literalLengths: literalLengths, distances: [1])
        builder.tokens(
            [.literal(65), .match(length: 3, distance: 1)], literal: codes.literal, distance: codes.distance)
        var literalOnly = [UInt8](repeating: 0, count: 257)
        literalOnly[66] = 1
        literalOnly[256] = 1
        codes = builder.dynamicHeader(isFinal: true, literalLengths: literalOnly, distances: [0])
        builder.tokens([.literal(66), .literal(66)], literal: codes.literal, distance: codes.distance)
        let raw = builder.finish()
        let expected = Array("AAAABB".utf8)
        #expect(try TestInflater.inflate(raw).bytes == expected)
        #expect(try Inflater.inflateRaw(raw, maximumOutputSize: Self.unlimited) == expected)
    }

    @Test func outputLimitEqualToTheSizeIsEnough() throws {
        let bytes = TestInputs.text(byteCount: 50_000, seed: 12)
        let stream = ZlibStream.compress(bytes)
        #expect(try ZlibStream.decompress(stream, maximumOutputSize: bytes.count) == bytes)
        #expect(throws: ZlibError.self) { try ZlibStream.decompress(stream, maximumOutputSize: bytes.count - 1) }
        #expect(try ZlibStream.decompress(ZlibStream.compress([]), maximumOutputSize: 0) == [])
    }

    /// The fixed tables decode every symbol of the fixed code (RFC 1951
    /// §3.2.6) to itself: each literal once, in a stream of all 256.
    @Test func everyFixedLiteralDecodes() throws {
        var builder = DeflateStreamBuilder()
        builder.fixed((0...255).map { .literal(UInt8($0)) }, isFinal: true)
        let output = try Inflater.inflateRaw(builder.finish(), maximumOutputSize: 256)
        #expect(output == (0...255).map { UInt8($0) })
    }
}
