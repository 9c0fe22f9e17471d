// Tests of the unfilter kernels: for every filter and left-neighbour
// distance 1-8, unfiltering the encoder's filtered rows gives the rows back
// and agrees with the test reader's plain unfilter; the SIMD Paeth path
// agrees with the byte loop; the branch-free predictor with the spec's.

import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct PNGUnfilterTests {
    /// `rows` rows of `count` random bytes, filtered with `filter`, then
    /// unfiltered in place by the decoder's kernel.
    static func roundTrip(
        filter: PNGFilter, count: Int, rows: Int, bytesPerPixel: Int, seed: UInt64
    ) -> (original: [UInt8], restored: [UInt8], filtered: [UInt8]) {
        var generator = SplitMix64(seed: seed)
        let original = generator.bytes(count * rows)
        var filtered = [UInt8](repeating: 0, count: count * rows)
        let zeros = [UInt8](repeating: 0, count: count + 1)
        original.withUnsafeBufferPointer { source in
            filtered.withUnsafeMutableBufferPointer { out in
                zeros.withUnsafeBufferPointer { zero in
                    for row in 0..<rows {
                        let previous = row == 0 ? zero.baseAddress! : source.baseAddress! + (row - 1) * count
                        filter.apply(
                            to: source.baseAddress! + row * count, previous: previous, count: count,
                            bytesPerPixel: bytesPerPixel, into: out.baseAddress! + row * count)
                    }
                }
            }
        }
        var restored = filtered
        restored.withUnsafeMutableBufferPointer { rowsBuffer in
            zeros.withUnsafeBufferPointer { zero in
                for row in 0..<rows {
                    let previous =
                        row == 0 ? zero.baseAddress! : UnsafePointer(rowsBuffer.baseAddress! + (row - 1) * count)
                    filter.unfilter(
                        rowsBuffer.baseAddress! + row * count, previous: previous, count: count,
                        bytesPerPixel: bytesPerPixel)
                }
            }
        }
        return (original, restored, filtered)
    }

    @Test(arguments: PNGFilter.allCases)
    func unfilterInvertsTheFilterForEveryPixelSize(_ filter: PNGFilter) throws {
        for bytesPerPixel in 1...8 {
            for count in [0, 1, bytesPerPixel, 3 * bytesPerPixel + 1, 97] {
                let seed = UInt64(bytesPerPixel * 1000 + count)
                let result = Self.roundTrip(
                    filter: filter, count: count, rows: 4, bytesPerPixel: bytesPerPixel, seed: seed)
                #expect(
                    firstDifference(result.restored, result.original) == nil,
                    "\(filter), bpp \(bytesPerPixel), count \(count)")
                // The test reader's unfilter agrees (it takes the type bytes).
                let typed = (0..<4).flatMap { [filter.rawValue] + result.filtered[($0 * count)..<(($0 + 1) * count)] }
                let oracle = try TestPNGReader.unfilter(
                    typed, rowByteCount: count, height: 4, bytesPerPixel: bytesPerPixel)
                #expect(oracle == result.original)
            }
        }
    }

    @Test(arguments: [3, 4])
    func simdPaethAgreesWithTheByteLoop(bytesPerPixel: Int) {
        var generator = SplitMix64(seed: UInt64(bytesPerPixel))
        // Smooth data makes all three predictor choices and their ties common.
        let count = 64 * bytesPerPixel
        let above = (0..<count).map { _ in UInt8.random(in: 100...104, using: &generator) }
        let row = (0..<count).map { _ in UInt8.random(in: 0...3, using: &generator) }
        var simd = row, scalar = row
        above.withUnsafeBufferPointer { previous in
            simd.withUnsafeMutableBufferPointer {
                PNGFilter.unfilterPaethPixels(
                    $0.baseAddress!, previous: previous.baseAddress!, count: count, bytesPerPixel: bytesPerPixel)
            }
            scalar.withUnsafeMutableBufferPointer { buffer in
                // The byte loop, as written for other pixel sizes.
                for index in 0..<count {
                    let left = index >= bytesPerPixel ? buffer[index - bytesPerPixel] : 0
                    let upperLeft = index >= bytesPerPixel ? previous[index - bytesPerPixel] : 0
                    buffer[index] &+= PNGFilter.paethPredictor(left: left, above: previous[index], upperLeft: upperLeft)
                }
            }
        }
        #expect(simd == scalar)
    }

    /// The branch-free predictor makes the specification's choice for
    /// every left and above byte against upper-left bytes at and around
    /// the edges and the middle of the range.
    @Test func branchFreePaethMatchesTheSpecification() {
        let upperLefts = [0, 1, 2, 3, 63, 64, 65, 126, 127, 128, 129, 191, 192, 253, 254, 255]
        for a in 0...255 {
            for b in 0...255 {
                for c in upperLefts {
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    let spec = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                    let fast = PNGFilter.paethPredictor(left: UInt8(a), above: UInt8(b), upperLeft: UInt8(c))
                    if Int(fast) != spec { Issue.record("a \(a), b \(b), c \(c): \(fast) vs \(spec)"); return }
                }
            }
        }
    }
}
