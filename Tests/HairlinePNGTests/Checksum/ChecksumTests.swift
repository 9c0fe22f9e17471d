// Tests of the checksum stage: known answers for CRC-32 and Adler-32, and
// agreement with definition-level references (bitwise CRC, modulo-per-byte
// Adler) on seeded random data, in one piece and split at random points;
// both conformers driven through the `Checksum` protocol alone.

import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct CRC32Tests {
    @Test(arguments: [
        ("", UInt32(0)),
        ("123456789", 0xCBF4_3926),
        ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
        ("IEND", 0xAE42_6082),
    ])
    func knownAnswers(text: String, expected: UInt32) {
        #expect(CRC32.checksum(Array(text.utf8)) == expected)
    }

    @Test func tableMatchesBitwiseDefinition() {
        let seed: UInt64 = 0xC0FFEE
        var generator = SplitMix64(seed: seed)
        for length in [1, 2, 3, 7, 8, 9, 16, 17, 255, 256, 1000, 65_537] {
            let bytes = generator.bytes(length)
            #expect(CRC32.checksum(bytes) == TestPNGReader.bitwiseCRC32(bytes), "length \(length), seed \(seed)")
        }
    }

    @Test func splitUpdatesEqualOneShot() {
        let seed: UInt64 = 7
        var generator = SplitMix64(seed: seed)
        let bytes = generator.bytes(10_000)
        for _ in 0..<20 {
            let cut = Int.random(in: 0...bytes.count, using: &generator)
            var crc = CRC32()
            crc.update(bytes[..<cut])
            crc.update(bytes[cut...])
            #expect(crc.value == CRC32.checksum(bytes), "cut \(cut), seed \(seed)")
        }
    }

    @Test func nonContiguousSequence() {
        let bytes = (0..<1000).lazy.map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(CRC32.checksum(bytes) == TestPNGReader.bitwiseCRC32(Array(bytes)))
    }
}

@Suite struct Adler32Tests {
    @Test(arguments: [
        ("", UInt32(1)),
        ("Wikipedia", 0x11E6_0398),
        ("abc", 0x024D_0127),
        ("123456789", 0x091E_01DE),
    ])
    func knownAnswers(text: String, expected: UInt32) {
        #expect(Adler32.checksum(Array(text.utf8)) == expected)
    }

    /// Lengths around the 5552-byte block of the deferred modulo, and a long
    /// run of 0xFF, the input that makes the sums grow fastest.
    @Test(arguments: [5551, 5552, 5553, 2 * 5552, 2 * 5552 + 1, 100_000])
    func deferredModuloMatchesDefinition(length: Int) {
        let seed = UInt64(length)
        var generator = SplitMix64(seed: seed)
        let random = generator.bytes(length)
        #expect(Adler32.checksum(random) == TestInflater.naiveAdler32(random), "seed \(seed)")
        let ones = [UInt8](repeating: 0xFF, count: length)
        #expect(Adler32.checksum(ones) == TestInflater.naiveAdler32(ones))
    }

    @Test func splitUpdatesEqualOneShot() {
        let seed: UInt64 = 11
        var generator = SplitMix64(seed: seed)
        let bytes = generator.bytes(20_000)
        for _ in 0..<20 {
            let cut = Int.random(in: 0...bytes.count, using: &generator)
            var adler = Adler32()
            adler.update(bytes[..<cut])
            adler.update(bytes[cut...])
            #expect(adler.value == Adler32.checksum(bytes), "cut \(cut), seed \(seed)")
        }
    }

    @Test func nonContiguousSequence() {
        let bytes = (0..<10_000).lazy.map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(Adler32.checksum(bytes) == TestInflater.naiveAdler32(Array(bytes)))
    }
}

/// CRC-32 and Adler-32 seen only as `Checksum`: the protocol extension's
/// plumbing (sequences, slices, non-contiguous input, one-shot) gives each
/// conformer's known answers.
@Suite struct ChecksumProtocolTests {
    /// "123456789" is the check input of the CRC catalogues; both values
    /// are the published ones (CRC-32/ISO-HDLC, and zlib's adler32).
    static let check = Array("123456789".utf8)

    /// The value of `C` over `bytes`, fed in every way the protocol offers.
    static func values<C: Checksum>(_: C.Type, _ bytes: [UInt8]) -> [UInt32] {
        var whole = C()
        bytes.withUnsafeBytes { whole.update($0) }
        let cut = min(3, bytes.count)
        var pieces = C()
        pieces.update(bytes[..<cut])
        pieces.update(bytes[cut...].lazy.map { $0 })  // not contiguous
        var byteByByte = C()
        for byte in bytes { byteByByte.update(CollectionOfOne(byte)) }
        return [whole.value, pieces.value, byteByByte.value, C.checksum(bytes)]
    }

    @Test func emptyInput() {
        #expect(CRC32().value == 0)
        #expect(Adler32().value == 1)
        #expect(Self.values(CRC32.self, []) == [0, 0, 0, 0])
        #expect(Self.values(Adler32.self, []) == [1, 1, 1, 1])
    }

    @Test func knownAnswersThroughTheProtocol() {
        #expect(Self.values(CRC32.self, Self.check) == Array(repeating: 0xCBF4_3926, count: 4))
        #expect(Self.values(Adler32.self, Self.check) == Array(repeating: 0x091E_01DE, count: 4))
    }

    @Test func longInputThroughTheProtocol() {
        let seed: UInt64 = 0x5EED
        var generator = SplitMix64(seed: seed)
        let bytes = generator.bytes(3 * 5552 + 13)
        #expect(Set(Self.values(CRC32.self, bytes)) == [TestPNGReader.bitwiseCRC32(bytes)], "seed \(seed)")
        #expect(Set(Self.values(Adler32.self, bytes)) == [TestInflater.naiveAdler32(bytes)], "seed \(seed)")
    }
}
