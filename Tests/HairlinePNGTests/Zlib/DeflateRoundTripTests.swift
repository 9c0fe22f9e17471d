// Round-trip tests of the compressor against the independent test
// inflater: for inputs of every shape (empty, tiny, runs, random, text,
// window-edge matches, more than 64 KiB, 1 MB) inflate(deflate(x)) == x,
// as raw DEFLATE and as a zlib stream, with both matcher settings.

import Testing
@testable import HairlinePNG
import HairlineTestSupport

/// A named input for parameterized tests.
struct NamedInput: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    var testDescription: String { "\(name) (\(bytes.count) bytes)" }
}

@Suite struct DeflateRoundTripTests {
    static let inputs: [NamedInput] = {
        var generator = SplitMix64(seed: 2024)
        let random32K = generator.bytes(32_768)
        return [
            NamedInput(name: "empty", bytes: []),
            NamedInput(name: "one byte", bytes: [0x42]),
            NamedInput(name: "two bytes", bytes: [0, 255]),
            NamedInput(name: "three equal bytes", bytes: [7, 7, 7]),
            NamedInput(name: "four equal bytes", bytes: [7, 7, 7, 7]),
            NamedInput(name: "run of 1000 a", bytes: [UInt8](repeating: UInt8(ascii: "a"), count: 1000)),
            NamedInput(name: "200 KB of zeros", bytes: [UInt8](repeating: 0, count: 200_000)),
            NamedInput(
                name: "all byte values, repeated",
                bytes: TestInputs.repeating((0...255).map { UInt8($0) }, byteCount: 70_000)),
            NamedInput(name: "random 100", bytes: generator.bytes(100)),
            NamedInput(name: "random 70 KB", bytes: generator.bytes(70_000)),
            NamedInput(name: "random block twice, distance 32768", bytes: random32K + random32K),
            NamedInput(name: "random block twice, distance 32769", bytes: random32K + [1] + random32K),
            NamedInput(name: "text 200 KB", bytes: TestInputs.text(byteCount: 200_000, seed: 1)),
            NamedInput(name: "skewed 300 KB", bytes: TestInputs.skewed(byteCount: 300_000, seed: 2)),
            NamedInput(name: "text 1 MB", bytes: TestInputs.text(byteCount: 1 << 20, seed: 3)),
        ]
    }()

    @Test(arguments: inputs)
    func rawDeflateRoundTrips(input: NamedInput) throws {
        let compressed = Deflate.compress(input.bytes)
        let inflated = try TestInflater.inflate(compressed)
        #expect(firstDifference(inflated.bytes, input.bytes) == nil)
    }

    @Test(arguments: inputs.filter { $0.bytes.count <= 100_000 })
    func fastSettingRoundTrips(input: NamedInput) throws {
        let compressed = Deflate.compress(input.bytes, parameters: .fast)
        #expect(firstDifference(try TestInflater.inflate(compressed).bytes, input.bytes) == nil)
    }

    @Test(arguments: inputs)
    func zlibStreamRoundTrips(input: NamedInput) throws {
        let stream = ZlibStream.compress(input.bytes)
        // Header, at least one byte of DEFLATE data, Adler-32.
        #expect(stream.count >= 2 + 1 + 4)
        #expect(firstDifference(try TestInflater.zlibDecompress(stream).bytes, input.bytes) == nil)
    }

    /// Seeded mixtures of random bytes and copies at every distance.
    @Test func randomMixturesRoundTrip() throws {
        let seed: UInt64 = 99
        var generator = SplitMix64(seed: seed)
        for trial in 0..<40 {
            let count = Int.random(in: 0...6000, using: &generator)
            let bytes = TestInputs.skewed(byteCount: count, seed: generator.next())
            let inflated = try TestInflater.inflate(Deflate.compress(bytes))
            #expect(firstDifference(inflated.bytes, bytes) == nil, "trial \(trial), seed \(seed)")
        }
    }

    /// Several MB behind an environment variable (set HAIRLINE_LONG_TESTS=1).
    @Test(.enabled(if: LongTests.isEnabled))
    func severalMegabytesRoundTrip() throws {
        var generator = SplitMix64(seed: 5)
        let bytes =
            TestInputs.skewed(byteCount: 3 << 20, seed: 6) + generator.bytes(1 << 20)
            + TestInputs.text(byteCount: 3 << 20, seed: 7)
        #expect(firstDifference(try TestInflater.zlibDecompress(ZlibStream.compress(bytes)).bytes, bytes) == nil)
    }
}
