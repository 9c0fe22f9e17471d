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
}
