// Text: a font's per-scalar lookups kept for reuse: scalar -> glyph and
// advance (cmap, hmtx) and glyph pair -> kerning (GPOS, kern), in small
// two-way set-associative tables (a miss asks the font and takes the
// newer slot of its set), so a
// label's scalars cost a load each instead of binary searches through the
// font's tables. Exact: every value is the font's own answer. A canvas
// keeps them for the last few fonts it drew (TextCanvasState).

/// The glyph, advance and kerning lookups of one font, cached.
final class FontLookups {
    /// The font (held: its identity stays its own while this lives).
    let font: Font
    /// `font.identity`.
    let identity: UInt
    /// Scalar slots in sets of two: scalar value v lives in set v mod
    /// `glyphSetCount` (two ideographs of a label that meet in one set,
    /// as U+77E5 and U+65E5 do, both stay).
    private let glyphs: UnsafeMutablePointer<GlyphSlot>
    /// Pair slots in sets of two, a set by a multiplicative hash of the
    /// pair (two pairs of a label meeting in one set both stay).
    private let pairs: UnsafeMutablePointer<PairSlot>

    /// Sets of scalar slots: every ASCII and Latin-1 scalar has its own
    /// set (and is found in its first slot).
    static let glyphSetCount = 256
    private static let glyphSlotCount = 2 * glyphSetCount
    /// Sets of two slots for kerning pairs (2^`pairSetBits`): a few
    /// hundred pairs of a table's labels.
    static let pairSetBits = 8
    private static let pairSlotCount = 2 << pairSetBits

    private struct GlyphSlot {
        /// The scalar value, or `empty` (above every Unicode scalar).
        var scalar: UInt32
        var glyph: UInt16
        /// The glyph's advance, font units.
        var advance: Int
        static let empty = GlyphSlot(scalar: .max, glyph: 0, advance: 0)
    }

    private struct PairSlot {
        /// Left glyph << 16 | right glyph, or `empty` (glyph 0xFFFF does
        /// not exist: a font has at most 65,535 glyphs, 0...65,534).
        var pair: UInt32
        /// The kerning, font units.
        var kerning: Int
        static let empty = PairSlot(pair: .max, kerning: 0)
    }

    init(_ font: Font) {
        self.font = font
        identity = font.identity
        glyphs = .allocate(capacity: Self.glyphSlotCount)
        glyphs.initialize(repeating: .empty, count: Self.glyphSlotCount)
        pairs = .allocate(capacity: Self.pairSlotCount)
        pairs.initialize(repeating: .empty, count: Self.pairSlotCount)
    }

    deinit {
        glyphs.deallocate()
        pairs.deallocate()
    }

    /// `font.glyph(for: scalar)` and that glyph's `font.advance(of:)`
    /// (font units).
    @inline(__always)
    func glyph(for scalar: Unicode.Scalar) -> (glyph: GlyphID, advance: Int) {
        let value = scalar.value
        let set = glyphs + 2 &* Int(value % UInt32(Self.glyphSetCount))
        if set[0].scalar == value { return (GlyphID(set[0].glyph), set[0].advance) }
        if set[1].scalar == value { return (GlyphID(set[1].glyph), set[1].advance) }
        let glyph = font.glyph(for: scalar)
        let advance = font.advance(of: glyph)
        // The newest first; the older of the two makes way.
        set[1] = set[0]
        set[0] = GlyphSlot(scalar: value, glyph: glyph.rawValue, advance: advance)
        return (glyph, advance)
    }

    /// `font.kerning(between: left, and: right)` (font units).
    @inline(__always)
    func kerning(between left: GlyphID, and right: GlyphID) -> Int {
        let pair = UInt32(left.rawValue) << 16 | UInt32(right.rawValue)
        // Fibonacci hashing: the top bits of the pair times 2^32/φ.
        let set = pairs + 2 &* Int((pair &* 0x9E37_79B1) >> UInt32(32 - Self.pairSetBits))
        if set[0].pair == pair { return set[0].kerning }
        if set[1].pair == pair { return set[1].kerning }
        // The newest first; the older of the two makes way.
        let kerning = font.kerning(between: left, and: right)
        set[1] = set[0]
        set[0] = PairSlot(pair: pair, kerning: kerning)
        return kerning
    }

    /// Whether the font has a glyph for every scalar of `text` that draws
    /// (control characters and whitespace aside), through the cache.
    func covers(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where scalar.value > 0x20 && scalar.value != 0x7F {
            if glyph(for: scalar).glyph == .notdef, !scalar.properties.isWhitespace { return false }
        }
        return true
    }

    /// Calls `body(glyph, x, advance)` for each glyph of one line of
    /// `text` (no line breaks in it): x from the line's start and the
    /// advance with the kerning to the next glyph, in points (`unit`
    /// points per font unit) — the positions a layout gives (the same
    /// sums in the same order), computed as the scalars come, with nothing
    /// allocated. Tab is a space; other control characters are left out.
    @inline(__always)
    func forEachGlyph(of text: String, unit: Double, _ body: (GlyphID, Double, Double) -> Void) {
        var x = 0.0
        var previous = GlyphID.notdef, previousAdvance = 0, started = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard value == 0x09 || (value >= 0x20 && value != 0x7F) else { continue }
            let (glyph, advance) = self.glyph(for: value == 0x09 ? " " : scalar)
            if started {
                let step = Double(previousAdvance + kerning(between: previous, and: glyph)) * unit
                body(previous, x, step)
                x += step
            }
            (previous, previousAdvance, started) = (glyph, advance, true)
        }
        if started { body(previous, x, Double(previousAdvance) * unit) }
    }
}

/// The lookups of the fonts a canvas drew last.
struct FontLookupSet {
    /// The most fonts kept (a label's font, its detail's, a badge's...).
    static let fontLimit = 4
    /// Most recently used first.
    private var kept: [FontLookups] = []

    /// The lookups of `font`, made (the least recently used dropped) if
    /// it is not kept.
    mutating func lookups(for font: Font) -> FontLookups {
        let identity = font.identity
        if let first = kept.first, first.identity == identity { return first }
        if let i = kept.firstIndex(where: { $0.identity == identity }) {
            let found = kept.remove(at: i)
            kept.insert(found, at: 0)
            return found
        }
        if kept.count >= Self.fontLimit { kept.removeLast() }
        let made = FontLookups(font)
        kept.insert(made, at: 0)
        return made
    }

    /// Drops every font's lookups.
    mutating func removeAll() { kept.removeAll() }
}
