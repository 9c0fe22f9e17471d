// Tests of the PNG scanline filters: each filter inverts exactly under the
// test reader's independent unfilter, the heuristic picks the obvious
// filter for obvious rows, and the Paeth predictor breaks ties as the PNG
// specification says.

import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct PNGFilterTests {
    /// Filters `row` below `previous` with `filter` and unfilters with the
    /// test reader.
    static func roundTrip(_ filter: PNGFilter, row: [UInt8], previous: [UInt8]) throws -> [UInt8] {
        var filtered = [UInt8](repeating: 0, count: row.count)
        row.withUnsafeBufferPointer { current in
            previous.withUnsafeBufferPointer { above in
                filtered.withUnsafeMutableBufferPointer { output in
                    filter.apply(
                        to: current.baseAddress!, previous: above.baseAddress!, count: row.count,
                        bytesPerPixel: 4, into: output.baseAddress!)
                }
            }
        }
        // Two rows: the unfiltered previous row (filter None), then ours.
        let rows = [0] + previous + [filter.rawValue] + filtered
        let decoded = try TestPNGReader.unfilter(rows, rowByteCount: row.count, height: 2, bytesPerPixel: 4)
        return Array(decoded[row.count...])
    }

    @Test(arguments: PNGFilter.allCases)
    func everyFilterInverts(filter: PNGFilter) throws {
        let seed = UInt64(filter.rawValue)
        var generator = SplitMix64(seed: seed)
        for width in [1, 2, 7, 64] {
            let row = generator.bytes(width * 4), previous = generator.bytes(width * 4)
            #expect(try Self.roundTrip(filter, row: row, previous: previous) == row, "width \(width), seed \(seed)")
        }
    }

    static func best(row: [UInt8], previous: [UInt8]) -> PNGFilter {
        row.withUnsafeBufferPointer { current in
            previous.withUnsafeBufferPointer { above in
                PNGFilter.bestFilter(
                    for: current.baseAddress!, previous: above.baseAddress!, count: row.count, bytesPerPixel: 4)
            }
        }
    }

    @Test func heuristicPicksTheObviousFilter() {
        var generator = SplitMix64(seed: 3)
        let noise = generator.bytes(400)
        // The same row again: Up leaves zeros.
        #expect(Self.best(row: noise, previous: noise) == .up)
        // One color across the row under noise: Sub leaves zeros after the first pixel.
        let flat = TestInputs.repeating([200, 100, 50, 255], byteCount: 400)
        #expect(Self.best(row: flat, previous: noise) == .sub)
        // Zeros: every filter ties at 0 and the lowest type wins.
        let zeros = [UInt8](repeating: 0, count: 400)
        #expect(Self.best(row: zeros, previous: zeros) == PNGFilter.none)
    }

    @Test func paethPredictorFollowsTheSpecification() {
        // Ties go to left, then above, then upper left.
        #expect(PNGFilter.paethPredictor(left: 10, above: 10, upperLeft: 10) == 10)
        #expect(PNGFilter.paethPredictor(left: 50, above: 60, upperLeft: 55) == 55)
        #expect(PNGFilter.paethPredictor(left: 1, above: 200, upperLeft: 0) == 200)
        #expect(PNGFilter.paethPredictor(left: 200, above: 1, upperLeft: 0) == 200)
        #expect(PNGFilter.paethPredictor(left: 100, above: 20, upperLeft: 100) == 20)
        #expect(PNGFilter.paethPredictor(left: 0, above: 0, upperLeft: 255) == 0)
        for a in stride(from: 0, through: 255, by: 15) {
            for b in stride(from: 0, through: 255, by: 17) {
                for c in stride(from: 0, through: 255, by: 51) {
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    let expected = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                    #expect(
                        Int(PNGFilter.paethPredictor(left: UInt8(a), above: UInt8(b), upperLeft: UInt8(c))) == expected)
                }
            }
        }
    }
}
