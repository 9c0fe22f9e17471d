// Robustness tests: every prefix of a few valid PNGs must throw (nearly
// all `.truncated`), and seeded random byte changes, with CRCs left wrong
// or repaired so that the damage reaches the inflater and the filters,
// must decode or throw, never trap. Bounded to well under 3 s in debug.

import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct PNGFuzzTests {
    /// Small valid files of different kinds: plain RGBA, Adam7 palette with
    /// tRNS, 16-bit gray split over many IDATs, and three PngSuite images
    /// (Adam7 16-bit RGBA, 1-bit gray, ancillary chunks after IDAT).
    static let files: [[UInt8]] = {
        let rgba = TestPNGImage.random(width: 9, height: 7, bitDepth: 8, colorType: 6, seed: 1)
        let palette = TestPNGImage.random(width: 11, height: 6, bitDepth: 2, colorType: 3, seed: 2)
        let gray = TestPNGImage.random(width: 5, height: 9, bitDepth: 16, colorType: 0, seed: 4)
        return [
            rgba.png(interlaced: false, filter: { PNGFilter.allCases[$0 % 5] }),
            palette.png(interlaced: true, filter: { _ in .paeth }),
            gray.png(interlaced: false, filter: { _ in .average }, idatSize: 9),
        ] + ["basi6a16", "basn0g01", "ccwn3p08"].compactMap { try? PngSuiteFixtures.bytes($0) }
    }()

    @Test func everyPrefixThrowsTruncated() throws {
        #expect(Self.files.count == 6)
        for (index, file) in Self.files.enumerated() {
            #expect(throws: Never.self) { try PNGDecoder.decode(file) }
            for length in 0..<file.count {
                let error = PNGDecoderErrorTests.error(Array(file.prefix(length)))
                guard case .truncated? = error else {
                    Issue.record("file \(index), prefix \(length): \(String(describing: error))")
                    return
                }
            }
        }
    }

    /// Recomputes every chunk's CRC of a (possibly damaged) file, walking
    /// the length fields while they stay inside the file.
    static func repairingCRCs(_ file: [UInt8]) -> [UInt8] {
        var bytes = file
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = TestPNGReader.bigEndian32(bytes, at: offset)
            guard length <= bytes.count - offset - 12 else { break }
            let crc = TestPNGReader.bitwiseCRC32(bytes[(offset + 4)..<(offset + 8 + length)])
            bytes.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: TestPNGBuilder.bigEndian(crc))
            offset += 12 + length
        }
        return bytes
    }

    @Test func randomByteChangesDecodeOrThrow() {
        let seed: UInt64 = 20_241_122
        var generator = SplitMix64(seed: seed)
        var thrown = 0, decoded = 0
        for trial in 0..<3000 {
            let original = Self.files[trial % Self.files.count]
            var file = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 8..<file.count, using: &generator)
                file[index] =
                    trial % 4 == 0
                    ? file[index] ^ (1 << UInt8.random(in: 0...7, using: &generator))
                    : UInt8.random(in: 0...255, using: &generator)
            }
            if trial % 2 == 1 { file = Self.repairingCRCs(file) }
            if PNGDecoderErrorTests.error(file) == nil { decoded += 1 } else { thrown += 1 }
        }
        // Both outcomes occur: the repaired files reach the pixel stages.
        #expect(thrown > 0 && decoded > 0, "seed \(seed): \(decoded) decoded, \(thrown) thrown")
    }
}
