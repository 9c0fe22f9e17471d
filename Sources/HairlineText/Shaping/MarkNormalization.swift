// Shaping: a run's first glyphs (one per scalar) -> the same with the
// combining marks after each base in canonical order (Unicode §3.11,
// D108: stably sorted by canonical combining class, so a below mark typed
// after above ones is positioned against the base) and composed with the
// base where Unicode's canonical composition gives one character the
// font has (g + U+0327 -> U+0123), as HarfBuzz's normalization does
// before GSUB. Marks share their base's cluster, so clusters are kept.
// Not for right-to-left or Indic runs, whose shapers order marks by
// classes of their own. Composition is the standard library's NFC (no
// Foundation).

extension Font {
    /// Reorders and composes the marks of `glyphs`, which correspond one to
    /// one to `scalars` on entry (fewer glyphs on return where marks were
    /// composed into their base).
    /// Complexity: O(n) without marks; O(m log m) per run of m marks.
    func normalizeMarks(_ glyphs: inout [GlyphInfo], _ scalars: [Unicode.Scalar], definitions: GlyphDefinitions) {
        guard glyphs.count == scalars.count else { return }
        func combiningClass(_ k: Int) -> UInt8 { scalars[k].properties.canonicalCombiningClass.rawValue }
        var result: [GlyphInfo] = []
        result.reserveCapacity(glyphs.count)
        // The base the marks may compose with (its scalar once composed).
        var starter: Unicode.Scalar?
        var i = 0
        while i < scalars.count {
            guard combiningClass(i) != 0, !result.isEmpty else {
                starter = combiningClass(i) == 0 ? scalars[i] : nil
                result.append(glyphs[i])
                i += 1
                continue
            }
            var end = i
            while end < scalars.count, combiningClass(end) != 0 { end += 1 }
            let order = (i..<end).sorted { (combiningClass($0), $0) < (combiningClass($1), $1) }
            // A mark is blocked from the base by a kept mark of its class
            // (the run is sorted, so no higher class comes before it).
            var keptClass: UInt8 = 0
            let base = result.count - 1
            for k in order {
                let mark = combiningClass(k)
                if let current = starter, keptClass < mark, let composed = Self.composition(current, scalars[k]) {
                    let glyph = self.glyph(for: composed).rawValue
                    if glyph != 0 {
                        starter = composed
                        result[base].glyph = glyph
                        if definitions.hasGlyphClasses { result[base].glyphClass = definitions.glyphClass(glyph) }
                        continue
                    }
                }
                keptClass = mark
                result.append(glyphs[k])
            }
            starter = nil
            i = end
        }
        glyphs = result
    }

    /// The character `base` followed by `mark` composes to canonically
    /// (NFC, the standard library's Unicode data), nil if none.
    static func composition(_ base: Unicode.Scalar, _ mark: Unicode.Scalar) -> Unicode.Scalar? {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return nil }
        var pair = String.UnicodeScalarView()
        pair.append(base)
        pair.append(mark)
        let composed = String(decoding: String(pair)._nfcCodeUnits, as: UTF8.self).unicodeScalars
        guard composed.count == 1, let scalar = composed.first else { return nil }
        return scalar
    }
}
