// Shaping: the glyph buffer lookups rewrite. One entry per glyph in
// logical order: its glyph id, the cluster (index of the first input
// scalar it comes from), the feature mask that says which lookups may
// touch it, its GDEF class and ligature bookkeeping (for mark-to-ligature
// attachment), and its position in font units (advances; offsets and
// attachments resolved at the end by `ShapingBuffer.resolveAttachments`).

/// One glyph being shaped (font units, y up).
struct GlyphInfo {
    var glyph: UInt16
    /// The index of the first input scalar of this glyph's cluster.
    var cluster: Int
    /// Feature bits (`FeatureMask`): lookups apply only where theirs overlap.
    var mask: UInt32
    /// GDEF class (`GlyphClass`), or from the Unicode category without GDEF.
    var glyphClass: UInt8
    /// Ligatures made by GSUB get a fresh id; marks that were between its
    /// components take the id and their component's number (1-based).
    var ligatureID: UInt16 = 0
    var ligatureComponent: UInt8 = 0
    var ligatureComponentCount: UInt8 = 0
    var xAdvance = 0, yAdvance = 0, xOffset = 0, yOffset = 0
    /// The glyph this one is attached to (logical index) and the anchor
    /// difference (parent anchor minus own anchor), for mark and cursive
    /// attachment.
    var parent: Int? = nil
    var attachX = 0, attachY = 0
    var isMarkAttachment = false
    /// Script-specific marks (DevanagariReordering's reph candidate and
    /// syllable modifier).
    var shapingFlags: UInt8 = 0

    var isMark: Bool { glyphClass == GlyphClass.mark }
}

/// Feature mask bits: global features, then Arabic's positional forms.
enum FeatureMask {
    static let global: UInt32 = 1 << 0
    static let isolated: UInt32 = 1 << 1, final: UInt32 = 1 << 2, medial: UInt32 = 1 << 3, initial: UInt32 = 1 << 4
    /// Devanagari's reph (ra + halant starting a syllable) and half forms.
    static let reph: UInt32 = 1 << 5, half: UInt32 = 1 << 6

    /// The mask of feature `tag` (positional forms their own bit, every
    /// other feature the global bit).
    static func mask(of tag: String) -> UInt32 {
        switch tag {
        case "isol": isolated
        case "fina", "fin2", "fin3": final
        case "medi", "med2": medial
        case "init": initial
        case "rphf": reph
        case "half": half
        default: global
        }
    }
}

/// The glyphs of one run and the limits that keep shaping bounded.
struct ShapingBuffer {
    /// Glyphs, logical order.
    var glyphs: [GlyphInfo]
    /// Operations left (subtable attempts, skip steps); at 0 every lookup
    /// stops, leaving the glyphs as they are.
    var budget: Int
    /// The most glyphs the buffer may grow to (multiple substitution).
    let maximumCount: Int
    private var nextLigatureID: UInt16 = 1

    /// Operations per input glyph (HarfBuzz allows 64), and the floor for
    /// short runs.
    static let operationsPerGlyph = 64, minimumOperations = 16_384
    /// Growth allowed by multiple substitution (HarfBuzz: 32×), and floor.
    static let growthFactor = 32, minimumMaximumCount = 8_192

    init(glyphs: [GlyphInfo]) {
        self.glyphs = glyphs
        budget = max(Self.minimumOperations, glyphs.count * Self.operationsPerGlyph)
        maximumCount = max(Self.minimumMaximumCount, glyphs.count * Self.growthFactor)
    }

    var count: Int { glyphs.count }

    /// Takes one operation from the budget: false when it is spent.
    mutating func spend() -> Bool {
        guard budget > 0 else { return false }
        budget -= 1
        return true
    }

    /// A fresh ligature id (wraps after 65535, skipping 0).
    mutating func makeLigatureID() -> UInt16 {
        defer { nextLigatureID = nextLigatureID == .max ? 1 : nextLigatureID + 1 }
        return nextLigatureID
    }

    /// Sets the offsets of attached glyphs from their parents' positions:
    /// the pen positions are those of the final visual order (`reversed`
    /// for right-to-left), so an attached glyph lands at its parent's
    /// anchor whatever lies between. Chains (mark on mark, cursive) are
    /// resolved parent first; a parent index that is not before the child
    /// is ignored (attachments only point backwards in logical order).
    mutating func resolveAttachments(reversed: Bool) {
        let n = glyphs.count
        guard glyphs.contains(where: { $0.parent != nil }) else { return }
        // The pen x of each logical glyph in visual order.
        var pen = [Int](repeating: 0, count: n)
        var x = 0
        for k in 0..<n {
            let i = reversed ? n - 1 - k : k
            pen[i] = x
            x &+= glyphs[i].xAdvance
        }
        for i in 0..<n {
            guard let p = glyphs[i].parent, p >= 0, p < i else { continue }
            let parent = glyphs[p]
            if glyphs[i].isMarkAttachment {
                glyphs[i].xOffset = pen[p] &+ parent.xOffset &+ glyphs[i].attachX &- pen[i]
                glyphs[i].yOffset = parent.yOffset &+ glyphs[i].attachY
            } else {
                glyphs[i].yOffset = parent.yOffset &+ glyphs[i].attachY
            }
        }
    }
}
