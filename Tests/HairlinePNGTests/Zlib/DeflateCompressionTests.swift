// Tests that the compressor compresses: sizes for repetitive inputs, the
// block types chosen (dynamic for compressible data, stored for random
// data, fixed for tiny data), the worst-case expansion bound, and exact
// bit costs of stored blocks and dynamic headers.

import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct DeflateCompressionTests {
    @Test func repeatingPatternCompressesHard() throws {
        let pattern = Array("Hairline draws table cells. ".utf8)
        let bytes = TestInputs.repeating(pattern, byteCount: 100_000)
        let compressed = ZlibStream.compress(bytes)
        #expect(compressed.count < 2_000)
        #expect(firstDifference(try TestInflater.zlibDecompress(compressed).bytes, bytes) == nil)
    }

    @Test func compressibleInputUsesDynamicBlocks() throws {
        let bytes = TestInputs.text(byteCount: 50_000, seed: 4)
        let inflated = try TestInflater.inflate(Deflate.compress(bytes))
        #expect(inflated.blockTypes.first == Int(Deflate.BlockType.dynamic.rawValue))
        #expect(inflated.blockTypes.allSatisfy { $0 == 2 })
        // A text from 28 words compresses at least 3:1.
        #expect(Deflate.compress(bytes).count < bytes.count / 3)
    }

    @Test func randomInputFallsBackToStoredBlocks() throws {
        let seed: UInt64 = 123
        var generator = SplitMix64(seed: seed)
        let bytes = generator.bytes(200_000)
        let compressed = ZlibStream.compress(bytes)
        let inflated = try TestInflater.zlibDecompress(compressed)
        #expect(firstDifference(inflated.bytes, bytes) == nil)
        #expect(inflated.blockTypes.contains(0), "seed \(seed)")
        // Never much larger than the input: 5 bytes per stored block of at
        // least 16 KiB, plus header and trailer.
        #expect(compressed.count <= bytes.count + 5 * (bytes.count / 16_384 + 1) + 6, "seed \(seed)")
    }

    @Test func tinyInputUsesFixedBlock() throws {
        let inflated = try TestInflater.inflate(Deflate.compress(Array("hello, hello".utf8)))
        #expect(inflated.blockTypes == [1])
        let empty = Deflate.compress([])
        #expect(try TestInflater.inflate(empty).blockTypes == [1])
        #expect(empty.count == 2)  // header and end-of-block, 10 bits
    }

    @Test func maximumDistanceMatchesAreFound() {
        var generator = SplitMix64(seed: 77)
        let block = generator.bytes(32_768)
        // The second copy is entirely 32768 bytes back: about 127 matches.
        #expect(Deflate.compress(block + block).count < 32_768 + 1_000)
    }

    @Test(arguments: [0, 1, 65_535, 65_536, 150_000])
    func storedBlocksSplitAndCostExactly(byteCount: Int) throws {
        var generator = SplitMix64(seed: UInt64(byteCount))
        let bytes = generator.bytes(byteCount)
        for offsetBits in [0, 3, 7] {
            var writer = BitWriter(reservingCapacity: byteCount + 64)
            writer.write(0, count: offsetBits)
            let start = writer.bitCount
            bytes.withUnsafeBytes { Deflate.writeStored($0, isFinal: true, to: &writer) }
            #expect(writer.bitCount - start == Deflate.storedBitCount(byteCount: byteCount, startingAt: start))
            var reader = TestBitReader(data: writer.finish(), bitPosition: offsetBits)
            let inflated = try TestInflater.inflate(&reader)
            #expect(firstDifference(inflated.bytes, bytes) == nil)
            #expect(inflated.blockTypes == [Int](repeating: 0, count: max(1, (byteCount + 65_534) / 65_535)))
        }
    }

    @Test func dynamicHeaderCostIsExact() {
        let seed: UInt64 = 8
        var generator = SplitMix64(seed: seed)
        for trial in 0..<30 {
            let literal = (0..<286).map { _ in UInt8(Int.random(in: 0...15, using: &generator) / 2 * 2 % 16) }
            let distance = (0..<30).map { _ in Int.random(in: 0..<3, using: &generator) == 0 ? UInt8(0) : 5 }
            let header = Deflate.DynamicHeader(literalLengths: literal, distanceLengths: distance)
            var writer = BitWriter(reservingCapacity: 256)
            header.write(to: &writer)
            #expect(writer.bitCount == header.bitCount, "trial \(trial), seed \(seed)")
            // The run-length coding expands back to the lengths sent.
            var expanded: [UInt8] = []
            for run in header.runs {
                switch run.symbol {
                case 16: expanded += repeatElement(expanded.last!, count: Int(run.extra) + 3)
                case 17: expanded += repeatElement(0, count: Int(run.extra) + 3)
                case 18: expanded += repeatElement(0, count: Int(run.extra) + 11)
                default: expanded.append(run.symbol)
                }
            }
            let sent = Array(literal.prefix(header.literalLengthCount) + distance.prefix(header.distanceCount))
            #expect(expanded == sent, "trial \(trial), seed \(seed)")
        }
    }
}
