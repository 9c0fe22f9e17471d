// Text: glyph outlines -> A8 coverage masks, kept for reuse. A glyph is
// rasterized once per (font, glyph, size in device pixels, subpixel x
// offset in quarters of a pixel) by the engine's exact-area fill into an
// A8 surface; later draws composite the kept mask. Bounded in bytes: the
// least recently used masks are evicted. One cache per canvas (a canvas
// attachment), so no locks; a cached draw allocates nothing. A small
// direct-mapped table in front of the dictionary serves repeated lookups
// without hashing the key.

import Hairline

/// A glyph's coverage in device pixels: an A8 surface whose pixel (0, 0)
/// lies `left` pixels right of and `top` pixels below the pixel holding
/// the glyph's origin (pen position on the baseline, after its subpixel
/// offset). Empty glyphs (spaces) have no mask.
struct GlyphMask {
    let surface: Surface?
    let left: Int
    let top: Int
}

/// What a glyph mask is rendered for.
struct GlyphKey: Hashable {
    /// No glyph's key (no font's bytes lie at address 0): an empty slot.
    static let none = GlyphKey(font: 0, glyph: 0, size: 0, subpixel: 0)

    /// The font (its identity while the cache holds it: `FontIdentity`).
    var font: UInt
    var glyph: UInt16
    /// The em size in device pixels, as its bit pattern.
    var size: UInt64
    /// The pen's subpixel x offset, in quarters of a device pixel (0...3).
    var subpixel: UInt8
}

/// Glyph masks by key, at most `byteLimit` bytes of mask pixels.
final class GlyphCache {
    /// Subpixel positions per device pixel along x.
    static let subpixelSteps = 4

    /// A pen at device x `x` (|x| < 2^52) on whole pixels and quarters:
    /// `x` rounded to the nearest quarter (halves away from zero), as the
    /// whole pixel below it and the quarters past that pixel (0...3) —
    /// the masks' subpixel offsets. Works out `(x - ⌊x⌋) · 4` rounded
    /// without a libm call: the fraction and its truncation are exact.
    @inline(__always)
    static func pen(atDeviceX x: Double) -> (pixel: Int, subpixel: Int) {
        let whole = x.rounded(.down)
        // In [0, 4): exact (a fraction of a double, times a power of two).
        let quarters = (x - whole) * Double(subpixelSteps)
        let below = Int(quarters)
        let subpixel = quarters - Double(below) >= 0.5 ? below + 1 : below
        return subpixel == subpixelSteps ? (Int(whole) + 1, 0) : (Int(whole), subpixel)
    }
    /// The cache's default budget: about 2,000 masks of a 17 pt label's
    /// glyphs at 3x (a few hundred bytes each).
    static let defaultByteLimit = 4 << 20
    /// Masks larger than this (pixels a side) are not made: such glyphs
    /// are drawn as paths (a 1,000 px title gains nothing from a cache).
    static let maximumMaskSide = 512

    let byteLimit: Int
    private var entries: [GlyphKey: Entry] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0
    /// The fonts whose glyphs are held, by identity: kept alive so that an
    /// identity (the address of a font's bytes) is never reused while a
    /// mask of it is here.
    private var fonts: [UInt: Font] = [:]
    /// Statistics for tests and benchmarks.
    private(set) var hits = 0, misses = 0, evictions = 0
    /// The front table: 2^`frontBits` sets of two slots, each slot
    /// holding one of `entries` (key, mask and last use) or
    /// `GlyphKey.none`. A slot's `lastUse` is its entry's: the
    /// dictionary's copy is brought up to date when the slot is taken by
    /// another key or entries are evicted.
    private let front: UnsafeMutablePointer<FrontSlot>
    /// Sets of the front table (2^8 of two: the glyphs of a table's few
    /// fonts and sizes, about 32 KB).
    static let frontBits = 8
    private static let frontSlotCount = 2 << frontBits

    private struct Entry {
        var mask: GlyphMask
        var lastUse: UInt64
        var bytes: Int
    }

    private struct FrontSlot {
        var key: GlyphKey
        var mask: GlyphMask
        var lastUse: UInt64
        static var empty: FrontSlot {
            FrontSlot(key: .none, mask: GlyphMask(surface: nil, left: 0, top: 0), lastUse: 0)
        }
    }

    init(byteLimit: Int = GlyphCache.defaultByteLimit) {
        self.byteLimit = max(0, byteLimit)
        front = .allocate(capacity: Self.frontSlotCount)
        front.initialize(repeating: .empty, count: Self.frontSlotCount)
    }

    deinit {
        front.deinitialize(count: Self.frontSlotCount)
        front.deallocate()
    }

    var count: Int { entries.count }
    var byteCount: Int { bytes }

    /// The mask of `glyph` of `font` at `size` device pixels per em and
    /// subpixel offset `subpixel` (quarters of a pixel), rendered on first
    /// use; nil if the glyph cannot be drawn from a mask (the mask would
    /// be too large: draw it as a path). A glyph whose outline cannot be
    /// read has an empty mask (it draws nothing), kept like any other.
    func mask(_ glyph: GlyphID, of font: Font, size: Double, subpixel: Int) -> GlyphMask? {
        mask(glyph, identity: font.identity, size: size, subpixel: subpixel) { font }
    }

    /// `mask(_:of:size:subpixel:)` for the font whose `identity` is given:
    /// the font itself (`font()`) is asked for only to render a mask.
    @inline(__always)
    func mask(_ glyph: GlyphID, identity: UInt, size: Double, subpixel: Int, font: () -> Font) -> GlyphMask? {
        let key = GlyphKey(
            font: identity, glyph: glyph.rawValue, size: size.bitPattern,
            subpixel: UInt8(truncatingIfNeeded: subpixel))
        clock &+= 1
        let set = front + Self.frontSet(key)
        for way in 0..<2 where set[way].key == key {
            set[way].lastUse = clock
            hits += 1
            return set[way].mask
        }
        return slowMask(glyph, key: key, font: font(), set: set)
    }

    /// A front table miss: the entry from the dictionary, or the mask
    /// rendered and kept; either way put in the key's front set.
    private func slowMask(
        _ glyph: GlyphID, key: GlyphKey, font: Font,
        set: UnsafeMutablePointer<FrontSlot>
    ) -> GlyphMask? {
        // One hash per hit: the entry is found once and touched in place.
        if let index = entries.index(forKey: key) {
            entries.values[index].lastUse = clock
            hits += 1
            let mask = entries.values[index].mask
            take(set, for: key, mask)
            return mask
        }
        misses += 1
        guard
            let mask = Self.render(
                glyph, of: font, size: Double(bitPattern: key.size),
                offset: Double(key.subpixel) / Double(Self.subpixelSteps))
        else { return nil }
        let cost = (mask.surface?.bytesPerRow ?? 0) * (mask.surface?.height ?? 0) + 64
        if cost > byteLimit { return mask }
        while bytes + cost > byteLimit { evictOldest() }
        fonts[key.font] = font
        entries[key] = Entry(mask: mask, lastUse: clock, bytes: cost)
        bytes += cost
        take(set, for: key, mask)
        return mask
    }

    /// The first slot of `key`'s front set: the top bits of its fields
    /// mixed and multiplied by 2^64/φ (Fibonacci hashing).
    @inline(__always)
    private static func frontSet(_ key: GlyphKey) -> Int {
        let fields =
            key.size ^ UInt64(truncatingIfNeeded: key.font)
            ^ (UInt64(key.glyph) << 2 | UInt64(key.subpixel))
        return 2 &* Int(truncatingIfNeeded: (fields &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - frontBits))
    }

    /// Puts the entry of `key` (in `entries`, last used now) in its front
    /// `set`: in an empty slot, else in place of the less recently used,
    /// whose last use is first given back to its entry.
    private func take(_ set: UnsafeMutablePointer<FrontSlot>, for key: GlyphKey, _ mask: GlyphMask) {
        let way = set[0].key == .none ? 0 : set[1].key == .none ? 1 : set[0].lastUse <= set[1].lastUse ? 0 : 1
        returnLastUse(of: set[way])
        set[way] = FrontSlot(key: key, mask: mask, lastUse: clock)
    }

    /// Writes a front slot's last use into its entry.
    private func returnLastUse(of slot: FrontSlot) {
        guard slot.key != .none, let index = entries.index(forKey: slot.key) else { return }
        entries.values[index].lastUse = slot.lastUse
    }

    /// Empties the front table, its entries' last uses written back if
    /// they are to stay.
    private func emptyFront(keepingUses: Bool) {
        for i in 0..<Self.frontSlotCount where front[i].key != .none {
            if keepingUses { returnLastUse(of: front[i]) }
            front[i] = .empty
        }
    }

    /// Removes every mask (and the fonts held for them).
    func removeAll() {
        emptyFront(keepingUses: false)
        entries.removeAll()
        fonts.removeAll()
        bytes = 0
    }

    /// Removes the least recently used eighth of the entries (at least
    /// one): eviction is rare and batched, so a linear scan serves.
    private func evictOldest() {
        guard !entries.isEmpty else { return }
        emptyFront(keepingUses: true)
        let uses = entries.values.map(\.lastUse).sorted()
        let cut = uses[max(0, uses.count / 8 - 1)]
        for (key, entry) in entries where entry.lastUse <= cut {
            entries[key] = nil
            bytes -= entry.bytes
            evictions += 1
        }
        let held = Set(entries.keys.map(\.font))
        fonts = fonts.filter { held.contains($0.key) }
    }

    /// Renders a glyph's exact-area coverage: the outline (font units, y
    /// up) scaled to `size` device pixels per em, y flipped, moved right by
    /// `offset` pixels, filled into an A8 surface just covering it.
    /// A glyph whose outline cannot be read (damaged, or past the
    /// outline work budget) gets an empty mask, kept like any other: it
    /// draws nothing, and its outline is not read again on its next use.
    static func render(_ glyph: GlyphID, of font: Font, size: Double, offset: Double) -> GlyphMask? {
        let scale = size / Double(font.metrics.unitsPerEm)
        guard scale.isFinite, scale > 0 else { return nil }
        guard let outline = try? font.outline(of: glyph), !outline.isEmpty else {
            return GlyphMask(surface: nil, left: 0, top: 0)
        }
        // The pixels the outline can reach: its control points' bounds
        // (a quadratic lies inside its control points'), not the glyph
        // header's, which a damaged font may get wrong.
        let toDevice = AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: offset, ty: 0)
        let device = outline.applying(toDevice)
        let reach = device.controlPointBounds
        let limit = Double(maximumMaskSide)
        guard reach.isFinite, reach.width < limit, reach.height < limit, abs(reach.minX) < limit,
            abs(reach.minY) < limit
        else { return nil }
        let left = Int(reach.minX.rounded(.down)), top = Int(reach.minY.rounded(.down))
        let width = Int(reach.maxX.rounded(.up)) - left, height = Int(reach.maxY.rounded(.up)) - top
        guard width > 0, height > 0, let surface = try? Surface(width: width, height: height, format: .a8)
        else { return GlyphMask(surface: nil, left: 0, top: 0) }
        let canvas = Canvas(surface: surface)
        canvas.fill(
            device.applying(AffineTransform(translationX: -Double(left), y: -Double(top))), with: .solid(.black))
        surface.flush()
        return GlyphMask(surface: surface, left: left, top: top)
    }
}
