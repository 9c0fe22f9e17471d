// Raster: the sweeps of recent pair draws (RoundedRectPair.swift), kept
// from draw to draw. What one sweep of a fill's and a ring's cell rows
// sends (spans and groups of coverage pairs, row after row) depends on the
// draws' geometry alone: both closed forms in clip-relative device pixels,
// the clip's width, and whether the corner rows are swept over their left
// half (the kernel copies pixels). A table draws the same cell geometry
// over and over (every top cell of a table at one scale has the same
// corners), so the rasterizer keeps the coverage calls of the last few
// distinct geometries, as a glyph cache keeps glyphs' coverage masks, and
// a draw with the same geometry sends them again instead of working out
// its corner rows and sweeping them. Only coverage is kept: colors,
// paints, the clip's place and the destination are not part of the key,
// and every call is still composited by the draw's kernel, so the pixels
// are byte for byte those of a fresh sweep.

/// A pair draw's geometry: everything its sweeps depend on.
struct PairSweepKey: Equatable, BitwiseCopyable {
    var first: RoundedRectDraw
    var second: RoundedRectDraw
    /// The clip's width (device pixels).
    var width: Int
    /// Whether corner rows are swept over their left half (ColumnMirror).
    var halves: Bool
}

/// The calls of one row a pair draw swept: `PairSweepCache.calls[first..<
/// first+count]` (spans and groups, columns clip-relative), and the row's
/// last span, from `heldX` to the sweep's width (`heldX` < 0: none), held
/// back by `CellRow.sweepHoldingLastSpan`.
struct SweptRow: BitwiseCopyable {
    var first: Int32
    var count: Int32
    var heldX: Int32
    var heldFirst: UInt32
    var heldSecond: UInt32
}

/// The pair draws' kept sweeps, and a slot of them.
typealias PairSweepCache = SweepCache<PairSweepKey, SweptRow, PairRecord>
typealias PairSweepSlot = PairSweepCache.Slot

/// The sweeps of the last `slotCount` distinct draws of one kind (pair
/// draws, or single closed-form draws: KeptSweeps.swift) of one
/// rasterizer, least recently used evicted first, at most `callBudget`
/// calls each (a larger draw is swept without being kept). Bounded:
/// about `slotCount × callBudget × 20` bytes (640 KB) at most.
struct SweepCache<Key: BitwiseCopyable, Row: BitwiseCopyable, Call: BitwiseCopyable> {
    /// One kept draw: its key and where its rows and calls are.
    struct Slot: BitwiseCopyable {
        var key: Key
        /// False while the slot is being filled, or if the draw was too
        /// large to keep.
        var isValid = false
        var lastUse: UInt64 = 0
        var rows = ScratchBuffer<Row>()
        var calls = ScratchBuffer<Call>()
    }

    static var slotCount: Int { 4 }
    /// The calls a draw may keep (a 3x cell keeps about 200).
    var callBudget = 1 << 13
    private(set) var slots = ScratchBuffer<Slot>()
    private var clock: UInt64 = 0
    /// Whether draws are kept; turned off, whatever was kept is dropped.
    var isEnabled = true {
        didSet {
            guard !isEnabled else { return }
            for i in 0..<slots.count { slots[i].isValid = false }
        }
    }

    /// The slot whose key `matches` (compared in place), or a slot emptied
    /// for the draw, keyed `key()`, to be filled row by row and then
    /// `seal`ed. (Keys are compared where they are and made once for a
    /// slot they miss: a draw's is some 280 bytes.)
    @inline(__always)
    mutating func slot(matching matches: (UnsafePointer<Key>) -> Bool, key: () -> Key) -> (index: Int, hit: Bool) {
        if slots.count == 0 {
            slots.reserve(Self.slotCount)
            while slots.count < Self.slotCount { slots.append(Slot(key: key())) }
        }
        clock &+= 1
        var victim = 0
        for i in 0..<slots.count {
            let slot = slots.base + i
            if isEnabled && slot.pointee.isValid
                && withUnsafePointer(to: &slot.pointee.key, { matches($0) })
            {
                slot.pointee.lastUse = clock
                return (i, true)
            }
            let best = slots.base + victim
            if !slot.pointee.isValid && best.pointee.isValid
                || slot.pointee.isValid == best.pointee.isValid && slot.pointee.lastUse < best.pointee.lastUse
            {
                victim = i
            }
        }
        let slot = slots.base + victim
        slot.pointee.key = key()
        slot.pointee.isValid = false
        slot.pointee.lastUse = clock
        slot.pointee.rows.count = 0
        slot.pointee.calls.count = 0
        return (victim, false)
    }

    /// The valid slot whose key `matches`, if any (marked used; no slot
    /// is emptied on a miss, unlike `slot(matching:key:)`).
    @inline(__always)
    mutating func index(matching matches: (UnsafePointer<Key>) -> Bool) -> Int? {
        guard isEnabled else { return nil }
        for i in 0..<slots.count {
            let slot = slots.base + i
            if slot.pointee.isValid && withUnsafePointer(to: &slot.pointee.key, { matches($0) }) {
                clock &+= 1
                slot.pointee.lastUse = clock
                return i
            }
        }
        return nil
    }

    /// Keeps slot `index`, just filled, if every row of the draw is in
    /// it (`complete`: it stayed within the budget).
    func seal(_ index: Int, complete: Bool) {
        slots[index].isValid = isEnabled && complete
    }

    func deallocate() {
        for i in 0..<slots.count {
            slots[i].rows.deallocate()
            slots[i].calls.deallocate()
        }
        slots.deallocate()
    }
}

extension SweepCache where Key == PairSweepKey {
    /// The slot holding the sweeps of the pair draw `first`, `second`
    /// over a clip `width` columns wide (`halves`: corner rows swept over
    /// their left half), or a slot emptied for them.
    @inline(__always)
    mutating func slot(
        first: UnsafePointer<RoundedRectDraw>, second: UnsafePointer<RoundedRectDraw>, width: Int,
        halves: Bool
    ) -> (index: Int, hit: Bool) {
        assert(width >= 0, "a clip's width")
        return slot(
            matching: { key in
                key.pointee.width == width && key.pointee.halves == halves && key.pointee.first == first.pointee
                    && key.pointee.second == second.pointee
            }, key: { PairSweepKey(first: first.pointee, second: second.pointee, width: width, halves: halves) })
    }
}

/// Keeps a sweep's spans and groups (RecordingPairKernel's log) as calls,
/// columns made clip-relative (less `left`); the pixels a kernel copies
/// are not kept (a later draw's differ).
struct KeptPairCalls: PairLog {
    var calls: ScratchBuffer<PairRecord>
    let left: Int

    static var keepsPixels: Bool { false }

    @inline(__always)
    mutating func keep(_ record: PairRecord) {
        var kept = record
        kept.x &-= Int32(truncatingIfNeeded: left)
        calls.append(kept)
    }

    /// Never called (`keepsPixels` is false): a later draw's pixels differ.
    @inline(__always)
    mutating func keepCopy(x: Int, count: Int) {}
}

extension SweptRow {
    /// Sends the row's calls, kept in `calls`, to `kernel` (whose row has
    /// begun), columns moved right by `left`; the held span is not sent.
    @inline(__always)
    func send<Kernel: PairKernel>(_ calls: UnsafeMutablePointer<PairRecord>, left: Int, into kernel: inout Kernel) {
        // Invariant: the slot's calls hold this row's, `first..<first+count`.
        assert(first >= 0 && count >= 0, "a row's calls in the slot")
        let start = calls + Int(first)
        for i in 0..<Int(count) {
            let call = start[i]
            let x = left &+ Int(call.x)
            if call.kind == .group {
                kernel.group(x: x, count: Int(call.count), first: call.first, second: call.second)
            } else {
                kernel.span(x: x, count: Int(call.count), first: call.first, second: call.second)
            }
        }
    }
}
