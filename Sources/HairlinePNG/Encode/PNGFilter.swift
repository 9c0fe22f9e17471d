// Encode stage: PNG scanline filtering (PNG spec §9 / ISO 15948 §9). One
// straight RGBA row and the row above in -> the filter-type byte and the
// filtered bytes out. Guarantees: the standard unfilter of the output gives
// back the row exactly. The filter per row is the one with the smallest sum
// of |filtered byte as signed| (the spec's §12.8 heuristic, as libpng).

/// The five PNG filter types (filter method 0).
enum PNGFilter: UInt8, CaseIterable, Sendable {
    /// The raw byte.
    case none = 0
    /// Minus the byte one pixel to the left.
    case sub = 1
    /// Minus the byte above.
    case up = 2
    /// Minus the floor of the mean of left and above.
    case average = 3
    /// Minus the Paeth predictor of left, above and upper left.
    case paeth = 4

    /// The Paeth predictor (PNG spec §9.4): whichever of `left`, `above`,
    /// `upperLeft` is nearest to left + above - upper left, ties in that
    /// order. Without branches on the data (selects), for the encoder's
    /// and the decoder's byte loops alike; the tests check it against the
    /// specification's formula.
    @inline(__always)
    static func paethPredictor(left: UInt8, above: UInt8, upperLeft: UInt8) -> UInt8 {
        let a = Int(left), b = Int(above), c = Int(upperLeft)
        let toLeft = abs(b - c), toAbove = abs(a - c), toUpperLeft = abs(a + b - 2 * c)
        let aboveOrUpperLeft = toAbove <= toUpperLeft ? above : upperLeft
        return toLeft <= toAbove && toLeft <= toUpperLeft ? left : aboveOrUpperLeft
    }

    /// The heuristic's weight of a filtered byte: its magnitude as a signed
    /// byte, 0 ... 128.
    @inline(__always)
    static func magnitude(_ byte: UInt8) -> Int {
        Int(Int8(bitPattern: byte).magnitude)
    }

    /// Writes `count` bytes of `row`, filtered with this filter against
    /// `previous` (the unfiltered row above; zeros for the first row), to
    /// `output`. `bytesPerPixel` is the left-neighbour distance; the first
    /// pixel's left and upper-left neighbours count as zero. The filter is
    /// switched on once per row, not per byte.
    func apply(
        to row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        let lead = min(bytesPerPixel, count)
        @inline(__always) func each(_ predict: (_ index: Int, _ left: UInt8, _ upperLeft: UInt8) -> UInt8) {
            for index in 0..<lead {
                output[index] = row[index] &- predict(index, 0, 0)
            }
            for index in lead..<max(lead, count) {
                output[index] =
                    row[index] &- predict(index, row[index - bytesPerPixel], previous[index - bytesPerPixel])
            }
        }
        switch self {
        case .none: output.update(from: row, count: count)
        case .sub: each { _, left, _ in left }
        case .up: each { index, _, _ in previous[index] }
        case .average: each { index, left, _ in UInt8((UInt16(left) + UInt16(previous[index])) / 2) }
        case .paeth:
            each { index, left, upperLeft in
                PNGFilter.paethPredictor(left: left, above: previous[index], upperLeft: upperLeft)
            }
        }
    }

    /// The filter whose output has the smallest sum of signed magnitudes
    /// (lowest type on ties). Complexity: O(count).
    static func bestFilter(
        for row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int
    ) -> PNGFilter {
        var none = 0, sub = 0, up = 0, average = 0, paeth = 0
        @inline(__always) func add(_ x: UInt8, left: UInt8, above: UInt8, upperLeft: UInt8) {
            none += magnitude(x)
            sub += magnitude(x &- left)
            up += magnitude(x &- above)
            average += magnitude(x &- UInt8((UInt16(left) + UInt16(above)) / 2))
            paeth += magnitude(x &- paethPredictor(left: left, above: above, upperLeft: upperLeft))
        }
        let lead = min(bytesPerPixel, count)
        for index in 0..<lead {
            add(row[index], left: 0, above: previous[index], upperLeft: 0)
        }
        for index in lead..<max(lead, count) {
            add(
                row[index], left: row[index - bytesPerPixel], above: previous[index],
                upperLeft: previous[index - bytesPerPixel])
        }
        var best = PNGFilter.none, bestSum = none
        @inline(__always) func consider(_ filter: PNGFilter, _ sum: Int) {
            if sum < bestSum { best = filter; bestSum = sum }
        }
        consider(.sub, sub)
        consider(.up, up)
        consider(.average, average)
        consider(.paeth, paeth)
        return best
    }

    /// Filters one row with the best filter: writes the filter-type byte and
    /// then `count` filtered bytes to `output` (`count + 1` bytes in all).
    @discardableResult
    static func filterRow(
        _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) -> PNGFilter {
        precondition(count >= 0 && bytesPerPixel > 0)
        let filter = bestFilter(for: row, previous: previous, count: count, bytesPerPixel: bytesPerPixel)
        output[0] = filter.rawValue
        filter.apply(to: row, previous: previous, count: count, bytesPerPixel: bytesPerPixel, into: output + 1)
        return filter
    }
}
