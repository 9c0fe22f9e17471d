// Raster: one pixel row's integer delta cells, and the sweep that turns
// them into coverage for the compositor. A piece of an edge inside the
// row adds, for each cell (pixel) it crosses, the part of that pixel to
// its right (the area) to the cell, and the rest of its height (the cover,
// which every pixel further right gets whole) to the next cell: two adds
// per cell (Blend2D's cell merge; font-rs's accumulation buffer). A prefix
// sum along the row then gives each pixel's exact area. Cells are grouped
// four to a touched bit, so the sweep visits only groups that pieces
// reached (a bit scan per 256 columns) and sends everything between them
// as spans of one coverage.
// Units and the error bound: FixedPoint.swift.

/// A row of delta cells over storage owned by the rasterizer: `cells`
/// has room for the clip's width plus `CellRow.padding`, all zero between
/// rows; `bits` one bit per group of `CellRow.groupSize` cells, zero
/// between rows. The range `minCell...maxCell` bounds the cells touched
/// since the last sweep (empty: `maxCell < 0`).
struct CellRow {
    let cells: UnsafeMutablePointer<Int32>
    let bits: UnsafeMutablePointer<UInt64>
    var minCell = Int.max
    var maxCell = -1
    /// Pieces added since the row was made (statistics).
    var pieceCount = 0

    /// Cells per touched bit (log2).
    static let groupShift = 2
    /// Cells per touched bit: the sweep prefix-sums and composites a whole
    /// group at once (its coverage bytes fit one `UInt32`).
    static let groupSize = 1 << groupShift
    /// Cells per word of touched bits (log2).
    static let wordShift = groupShift + 6
    /// Cells beyond the clip's width: a piece at x = width writes cells
    /// `width` and `width + 1`, and the sweep reads whole groups.
    static let padding = 2 * groupSize

    /// Cells and bit words needed for a row `width` pixels wide.
    static func cellCount(width: Int) -> Int { width + padding }
    static func wordCount(width: Int) -> Int { (cellCount(width: width) >> wordShift) + 1 }

    /// Marks the group of `cell` as touched.
    @inline(__always)
    private func mark(_ cell: Int) {
        let group = cell >> Self.groupShift
        bits[group >> 6] |= 1 &<< UInt64(truncatingIfNeeded: group)
    }

    var isTouched: Bool { maxCell >= 0 }

    /// Marks the groups of cells `first...last` as touched and widens the
    /// touched range to them.
    @inline(__always)
    mutating func markCells(_ first: Int, _ last: Int) {
        let group = first >> Self.groupShift, lastGroup = last >> Self.groupShift
        var word = group >> 6
        let lastWord = lastGroup >> 6
        // The groups' bits, a word at a time: from the first group's bit
        // up, and in the last word up to the last group's bit.
        var mask = ~0 &<< UInt64(truncatingIfNeeded: group & 63)
        while word < lastWord {
            bits[word] |= mask
            mask = ~0
            word &+= 1
        }
        bits[word] |= mask & (~0 &>> UInt64(truncatingIfNeeded: 63 &- lastGroup & 63))
        if first < minCell { minCell = first }
        if last > maxCell { maxCell = last }
    }

    /// Widens the touched range to cells `first...last` (cells marked one
    /// by one elsewhere: CellValueSink).
    @inline(__always)
    mutating func include(_ first: Int, _ last: Int) {
        if first < minCell { minCell = first }
        if last > maxCell { maxCell = last }
    }

    /// Adds `delta` to cell `cell` (0..<width + padding): a value that
    /// the sweep's running sum carries from this column on (the closed
    /// form's rows, RoundedRectRows.swift).
    @inline(__always)
    mutating func addDelta(_ delta: Int32, at cell: Int) {
        assert(cell >= 0, "a delta left of the row")
        cells[cell] &+= delta
        mark(cell)
        if cell < minCell { minCell = cell }
        if cell > maxCell { maxCell = cell }
    }

    /// Adds a piece from (xa, ya) to (xb, yb) with `winding` ±1: x in
    /// cell units (16.16, 0...width·`Fixed.cellOne`), y in 0...`Fixed.one`
    /// with `ya < yb`.
    @inline(__always)
    mutating func add(xa: Int, ya: Int, xb: Int, yb: Int, winding: Int) {
        assert(xa >= 0 && xb >= 0 && ya >= 0 && ya < yb && yb <= Fixed.one, "piece outside its row")
        let dy = yb &- ya
        pieceCount &+= 1
        let (xl, xr) = xa <= xb ? (xa, xb) : (xb, xa)
        let cell = xl >> Fixed.cellShift
        let left = cell << Fixed.cellShift
        guard xr &- left <= Fixed.cellOne else {
            addAcross(xl: xl, xr: xr, dy: dy, winding: winding)
            return
        }
        // Inside one cell (touching its right side at most): the part of
        // the pixel right of the piece is dy times 1 − the mean of the
        // ends' fractions. dy ≤ 2^24 and the factor ≤ 2^17: no overflow.
        let area = (dy &* (2 &* Fixed.cellOne &- (xl &- left) &- (xr &- left))) >> (Fixed.cellShift + 1)
        cells[cell] &+= Int32(truncatingIfNeeded: area &* winding)
        cells[cell &+ 1] &+= Int32(truncatingIfNeeded: (dy &- area) &* winding)
        mark(cell)
        mark(cell &+ 1)
        if cell < minCell { minCell = cell }
        if cell &+ 1 > maxCell { maxCell = cell &+ 1 }
    }

    /// `add` for a piece crossing at least one cell boundary (xl < xr):
    /// its height is shared among the cells in proportion to the width it
    /// has in each, through one division: the height reached at each cell
    /// boundary is `(x − xl)·slope` with a 32-bit fractional slope, rounded
    /// down, so the shares never decrease the total and the last cell
    /// takes what is left (the heights add up to dy exactly).
    @inline(never)
    mutating func addAcross(xl: Int, xr: Int, dy: Int, winding: Int) {
        let first = xl >> Fixed.cellShift
        let last = (xr &- 1) >> Fixed.cellShift
        // dy < 2^25, so dy·2^32 < 2^57; and (x − xl)·slope ≤ dy·2^32 for
        // every x up to xr: no product overflows.
        let slope = (dy << 32) / (xr &- xl)
        // The first cell: from xl to its right side.
        let firstWidth = (first &+ 1) << Fixed.cellShift &- xl
        var reached = firstWidth &* slope
        var used = reached >> 32
        var area = (used &* firstWidth) >> (Fixed.cellShift + 1)
        cells[first] &+= Int32(truncatingIfNeeded: area &* winding)
        var carry = used &- area
        mark(first)
        // Whole cells: half of each one's height is its own area.
        let cellStep = slope << Fixed.cellShift
        var cell = first &+ 1
        while cell < last {
            reached &+= cellStep
            let height = reached >> 32
            let part = height &- used
            used = height
            area = part >> 1
            cells[cell] &+= Int32(truncatingIfNeeded: (carry &+ area) &* winding)
            carry = part &- area
            mark(cell)
            cell &+= 1
        }
        // The last cell: from its left side to xr, with what is left.
        let part = dy &- used
        let rightFraction = xr &- last << Fixed.cellShift
        area = (part &* (2 &* Fixed.cellOne &- rightFraction)) >> (Fixed.cellShift + 1)
        cells[last] &+= Int32(truncatingIfNeeded: (carry &+ area) &* winding)
        cells[last &+ 1] &+= Int32(truncatingIfNeeded: (part &- area) &* winding)
        mark(last)
        mark(last &+ 1)
        if first < minCell { minCell = first }
        if last &+ 1 > maxCell { maxCell = last &+ 1 }
    }

    /// Adds a row-local segment given in pixels (x clip-relative, y in
    /// 0...1 from the row's top) times `weight` (±1): the row resolver's
    /// entry, which computes its slabs in Double. Values are clamped into
    /// the row first, so no input can reach outside the cells.
    mutating func add(xa: Double, ya: Double, xb: Double, yb: Double, weight: Double, width: Int) {
        let one = Double(Fixed.one), cellOne = Double(Fixed.cellOne), right = Double(width)
        let top = Fixed.round(min(max(ya, 0), 1) * one), bottom = Fixed.round(min(max(yb, 0), 1) * one)
        guard top != bottom, weight != 0 else { return }
        let x0 = Fixed.round(min(max(xa, 0), right) * cellOne), x1 = Fixed.round(min(max(xb, 0), right) * cellOne)
        let w = weight > 0 ? 1 : -1
        if top < bottom {
            add(xa: x0, ya: top, xb: x1, yb: bottom, winding: w)
        } else {
            add(xa: x1, ya: bottom, xb: x0, yb: top, winding: -w)
        }
    }

    /// The 8-bit coverage of an accumulated cell sum: min(1, |sum|) of a
    /// pixel, rounded to nearest. The rasterizer keeps every sum an
    /// indicator's area (winding 0 or ±1), so this holds for both rules.
    @inline(__always)
    static func coverage(_ sum: Int32) -> UInt32 {
        let sign = sum >> 31
        let magnitude = UInt32(bitPattern: (sum ^ sign) &- sign)
        let clamped = magnitude < UInt32(Fixed.one) ? magnitude : UInt32(Fixed.one)
        // ≤ 2^24·255 + 2^23 < 2^32.
        return (clamped &* 255 &+ UInt32(Fixed.one / 2)) >> UInt32(Fixed.shift)
    }

    /// Sends the row's coverage to `kernel` (the caller has begun the row)
    /// and leaves the cells and bits zero: touched groups as groups of
    /// per-pixel coverage, everything between them as spans of the running
    /// sum's coverage (full spans filled, empty ones skipped). `width`:
    /// the clip's width; `left`: its first device column.
    @inline(__always)
    mutating func sweep<Kernel: SpanKernel>(width: Int, left: Int, into kernel: inout Kernel) {
        var sum: Int32 = 0
        var x = 0  // the first column not sent yet (clip-relative)
        let lastWord = maxCell >> Self.wordShift
        var word = minCell >> Self.wordShift
        while word <= lastWord {
            var touched = bits[word]
            bits[word] = 0
            while touched != 0 {
                let start = (word << 6 | touched.trailingZeroBitCount) << Self.groupShift
                assert(
                    start <= maxCell && start >= minCell & ~(Self.groupSize - 1),
                    "a touched group outside the row's range")
                touched &= touched &- 1
                if start > x, x < width {
                    Self.span(from: x, to: min(start, width), sum: sum, left: left, into: &kernel)
                }
                let packed = Self.coverage(ofGroupAt: cells + start, sum: &sum)
                if start < width, packed != 0 {
                    kernel.blendGroup(x: left &+ start, count: min(Self.groupSize, width &- start), coverage: packed)
                }
                x = start &+ Self.groupSize
            }
            word &+= 1
        }
        if x < width { Self.span(from: x, to: width, sum: sum, left: left, into: &kernel) }
        minCell = Int.max
        maxCell = -1
    }

    /// The coverage bytes of the four pixels whose cells start at `group`
    /// (lowest byte first), continuing the running `sum`; zeroes the cells.
    @inline(__always)
    static func coverage(ofGroupAt group: UnsafeMutablePointer<Int32>, sum: inout Int32) -> UInt32 {
        assert(Int(bitPattern: group) % MemoryLayout<Int32>.alignment == 0, "a group of the row's cells")
        // Invariant: four cells at `group` (the row's cells are padded to
        // whole groups).
        // Scalar loads: the cells were just written by 32-bit adds, and a
        // 16-byte load of them would wait for those stores to retire (a
        // failed store-to-load forward, tens of cycles per group).
        let s0 = sum &+ group[0], s1 = s0 &+ group[1], s2 = s1 &+ group[2], s3 = s2 &+ group[3]
        UnsafeMutableRawPointer(group).storeBytes(of: SIMD4<Int32>(), as: SIMD4<Int32>.self)
        sum = s3
        let p = SIMD4(s0, s1, s2, s3)
        // |p|, clamped to one pixel, times 255 (as x·256 − x: SSE2 has no
        // 32-bit lane multiply; x·256 may wrap, the difference does not),
        // rounded: `coverage(_:)` in each lane.
        let sign = p &>> 31
        let magnitude = (p ^ sign) &- sign
        let one = SIMD4<Int32>(repeating: Int32(Fixed.one))
        let clamped = SIMD4<UInt32>(truncatingIfNeeded: magnitude.replacing(with: one, where: magnitude .> one))
        let c = ((clamped &<< 8) &- clamped &+ SIMD4(repeating: UInt32(Fixed.one / 2))) &>> UInt32(Fixed.shift)
        let bytes = SIMD4<UInt8>(truncatingIfNeeded: c)
        #if _endian(little)
            return unsafeBitCast(bytes, to: UInt32.self)
        #else
            return UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        #endif
    }

    /// Sends columns from..<to (clip-relative) with the coverage of `sum`.
    @inline(__always)
    private static func span<Kernel: SpanKernel>(from: Int, to: Int, sum: Int32, left: Int, into kernel: inout Kernel) {
        let c = coverage(sum)
        if c == 255 {
            kernel.fill(x: left &+ from, count: to &- from)
        } else if c != 0 {
            kernel.blend(x: left &+ from, count: to &- from, coverage: c)
        }
    }
}
