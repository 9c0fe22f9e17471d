// Optional cross-check of the zlib streams against CPython's zlib (the
// reference C implementation). Runs only where python3 is installed; the
// Swift test inflater stays the required oracle.

import Foundation
import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite(.enabled(if: Python.isAvailable, "python3 with zlib is not installed"))
struct PythonCrossCheckTests {
    static let script = """
        import sys, zlib
        original = open(sys.argv[1], 'rb').read()
        stream = open(sys.argv[2], 'rb').read()
        sys.exit(0 if zlib.decompress(stream) == original else 1)
        """

    @Test func referenceZlibInflatesOurStreams() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hairline-python-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SplitMix64(seed: 31)
        let inputs: [[UInt8]] = [
            [], [1], TestInputs.text(byteCount: 100_000, seed: 1), generator.bytes(80_000),
            TestInputs.skewed(byteCount: 200_000, seed: 2), [UInt8](repeating: 9, count: 100_000),
        ]
        for (index, input) in inputs.enumerated() {
            let original = directory.appendingPathComponent("\(index).bin")
            let stream = directory.appendingPathComponent("\(index).z")
            try Data(input).write(to: original)
            try Data(ZlibStream.compress(input)).write(to: stream)
            #expect(
                try Python.run(script: Self.script, arguments: [original.path, stream.path]) == 0, "input \(index)")
        }
    }

    /// Every PNG level's zlib stream of random surfaces, and the scanline
    /// compressor's of known scanlines: CPython's zlib returns what the
    /// package fed in (the scanlines; for the PNG streams, what the test
    /// inflater returns, which the level tests check pixel by pixel).
    @Test func referenceZlibInflatesEveryPNGLevel() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hairline-python-levels-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var cases: [(name: String, original: [UInt8], stream: [UInt8])] = []
        var rng = SplitMix64(seed: 2026)
        for index in 0..<6 {
            let surface = try PNGLevelPropertyTests.randomSurface(&rng)
            for level in PNGCompressionLevel.allCases {
                let stream = PNGEncoder.compressedScanlines(of: surface, level: level)
                cases.append(("\(index)-\(level)", try TestInflater.zlibDecompress(stream).bytes, stream))
            }
        }
        for (length, bytesPerPixel) in [(3201, 4), (40_001, 4), (97, 3)] {
            let rows = ScanlineDeflaterTests.scanlines(
                count: 40, length: length, bytesPerPixel: bytesPerPixel, seed: UInt64(length))
            cases.append(
                (
                    "rows-\(length)", rows.flatMap { $0 },
                    ScanlineDeflaterTests.compress(rows, bytesPerPixel: bytesPerPixel)
                ))
        }
        for item in cases {
            let original = directory.appendingPathComponent("\(item.name).bin")
            let stream = directory.appendingPathComponent("\(item.name).z")
            try Data(item.original).write(to: original)
            try Data(item.stream).write(to: stream)
            #expect(try Python.run(script: Self.script, arguments: [original.path, stream.path]) == 0, "\(item.name)")
        }
    }
}
