// Decode stage: reversing the scanline filters (PNG spec §9.2-9.4). A
// filtered row and the unfiltered row above in -> the row unfiltered, in
// place. Guarantees: exact inverse of `PNGFilter.apply` for every filter
// and byte distance; the caller rejects unknown filter types before this
// runs. One loop per filter, chosen once per row; Paeth on 3- and 4-byte
// pixels (RGB8, RGBA8) takes a SIMD4 loop, a whole pixel per step (twice
// as fast as the byte loop; Sub and Average gain nothing from it).

extension PNGFilter {
    /// Unfilters `count` bytes of `row` in place with this filter.
    /// - Parameters:
    ///   - row: the filtered bytes (after the filter-type byte).
    ///   - previous: the unfiltered row above, `count` bytes; zeros for the
    ///     first row of a pass. May not overlap `row`.
    ///   - bytesPerPixel: the left-neighbour distance, 1 ... 8 bytes.
    func unfilter(_ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int) {
        precondition(count >= 0 && bytesPerPixel > 0)
        let lead = min(bytesPerPixel, count)
        if self == .paeth && PNGFilter.simdPixelSizes.contains(bytesPerPixel) {
            PNGFilter.unfilterPaethPixels(row, previous: previous, count: count, bytesPerPixel: bytesPerPixel)
            return
        }
        switch self {
        case .none:
            return
        case .sub:
            for index in lead..<max(lead, count) { row[index] &+= row[index - bytesPerPixel] }
        case .up:
            for index in 0..<count { row[index] &+= previous[index] }
        case .average:
            for index in 0..<lead { row[index] &+= previous[index] >> 1 }
            for index in lead..<max(lead, count) {
                row[index] &+= UInt8(
                    truncatingIfNeeded: (UInt16(row[index - bytesPerPixel]) + UInt16(previous[index])) >> 1)
            }
        case .paeth:
            // With left and upper-left zero, the predictor is the byte above.
            for index in 0..<lead { row[index] &+= previous[index] }
            for index in lead..<max(lead, count) {
                row[index] &+= PNGFilter.paethPredictor(
                    left: row[index - bytesPerPixel], above: previous[index], upperLeft: previous[index - bytesPerPixel]
                )
            }
        }
    }

    /// Pixel sizes in bytes that `unfilterPaethPixels` handles.
    static let simdPixelSizes = 3...4

    /// Unfilters a Paeth row of 3- or 4-byte pixels a pixel at a time in
    /// SIMD4 lanes (the fourth lane idle for 3 bytes). Same result as the
    /// byte loop, which the tests check.
    static func unfilterPaethPixels(
        _ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int
    ) {
        precondition(simdPixelSizes.contains(bytesPerPixel))
        typealias Lanes = SIMD4<Int16>
        let isFourBytes = bytesPerPixel == 4
        @inline(__always) func load(_ bytes: UnsafePointer<UInt8>) -> Lanes {
            if isFourBytes {
                return Lanes(truncatingIfNeeded: UnsafeRawPointer(bytes).loadUnaligned(as: SIMD4<UInt8>.self))
            }
            return Lanes(Int16(bytes[0]), Int16(bytes[1]), Int16(bytes[2]), 0)
        }
        @inline(__always) func store(_ lanes: Lanes, _ bytes: UnsafeMutablePointer<UInt8>) {
            let narrow = SIMD4<UInt8>(truncatingIfNeeded: lanes)
            if isFourBytes { UnsafeMutableRawPointer(bytes).storeBytes(of: narrow, as: SIMD4<UInt8>.self); return }
            bytes[0] = narrow[0]; bytes[1] = narrow[1]; bytes[2] = narrow[2]
        }
        var left = Lanes.zero, upperLeft = Lanes.zero
        var offset = 0
        while offset + bytesPerPixel <= count {
            let raw = load(UnsafePointer(row + offset)), above = load(previous + offset)
            // The Paeth choice of `paethPredictor`, lane by lane.
            let toLeft = magnitude(above &- upperLeft), toAbove = magnitude(left &- upperLeft)
            let toUpperLeft = magnitude(left &+ above &- upperLeft &- upperLeft)
            var predictor = upperLeft
            predictor.replace(with: above, where: toAbove .<= toUpperLeft)
            predictor.replace(with: left, where: (toLeft .<= toAbove) .& (toLeft .<= toUpperLeft))
            left = (raw &+ predictor) & Lanes(repeating: Int16(UInt8.max))
            store(left, row + offset)
            upperLeft = above
            offset += bytesPerPixel
        }
        // A partial last pixel (never in a PNG row, whose length is whole
        // pixels here) goes byte by byte.
        for index in offset..<max(offset, count) {
            let hasLeft = index >= bytesPerPixel
            row[index] &+= paethPredictor(
                left: hasLeft ? row[index - bytesPerPixel] : 0, above: previous[index],
                upperLeft: hasLeft ? previous[index - bytesPerPixel] : 0)
        }
    }

    /// The lane-wise absolute value (no lane is Int16.min here).
    @inline(__always)
    static func magnitude(_ lanes: SIMD4<Int16>) -> SIMD4<Int16> {
        lanes.replacing(with: 0 &- lanes, where: lanes .< 0)
    }
}
