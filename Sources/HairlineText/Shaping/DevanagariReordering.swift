// Shaping: basic Devanagari syllable handling around GSUB. Before the
// lookups: syllables found (consonant (nukta) (halant consonant (nukta))*
// then matras and modifiers, or an independent vowel with its marks), each
// syllable's glyphs share its first scalar's cluster; the pre-base matra
// (U+093F) moves before the syllable's consonants; an initial ra + halant
// before another consonant is marked for 'rphf', and the consonant +
// halant pairs before the base (the last consonant) for 'half'. After the
// lookups: a reph that 'rphf' formed moves to the end of its syllable,
// before trailing modifiers (candrabindu, anusvara, visarga). Not done:
// below/post-base consonant forms by per-syllable masks ('blwf' and
// 'pstf' apply everywhere), old-spec ('deva') differences, other Indic
// scripts. Model: Microsoft's "Developing OpenType fonts for Devanagari"
// and HarfBuzz's hb-ot-shaper-indic.cc, simplified.

enum DevanagariReordering {
    /// Glyph flags (GlyphInfo.shapingFlags).
    static let rephCandidate: UInt8 = 1, syllableModifier: UInt8 = 2

    enum Category { case consonant, ra, halant, nukta, preBaseMatra, matra, modifier, vowel, joiner, other }

    static func category(_ scalar: Unicode.Scalar) -> Category {
        switch scalar.value {
        case 0x0930: .ra
        case 0x0915...0x0939, 0x0958...0x095F, 0x0978...0x097F: .consonant
        case 0x094D: .halant
        case 0x093C: .nukta
        case 0x093F: .preBaseMatra
        case 0x093A, 0x093B, 0x093E, 0x0940...0x094C, 0x094E, 0x094F, 0x0955...0x0957, 0x0962, 0x0963: .matra
        case 0x0900...0x0903: .modifier
        case 0x0904...0x0914, 0x0960, 0x0961, 0x0972...0x0977: .vowel
        case 0x200C, 0x200D: .joiner
        default: .other
        }
    }

    /// The syllables of `scalars` as ranges (a scalar outside every
    /// syllable is its own range).
    static func syllables(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = 0
        let n = scalars.count
        while i < n {
            let start = i
            let first = category(scalars[i])
            i += 1
            if first == .consonant || first == .ra {
                while i < n {
                    let c = category(scalars[i])
                    if c == .nukta { i += 1; continue }
                    // halant (joiner) consonant continues the cluster.
                    if c == .halant {
                        var j = i + 1
                        if j < n, category(scalars[j]) == .joiner { j += 1 }
                        if j < n, [.consonant, .ra].contains(category(scalars[j])) { i = j + 1; continue }
                        i += 1
                        if i < n, category(scalars[i]) == .joiner { i += 1 }
                    }
                    break
                }
            }
            if first == .consonant || first == .ra || first == .vowel {
                while i < n, [.matra, .preBaseMatra, .nukta, .modifier].contains(category(scalars[i])) { i += 1 }
            }
            result.append(start..<i)
        }
        return result
    }

    /// Reorders and masks the glyphs (one per scalar, before GSUB).
    static func prepare(_ glyphs: inout [GlyphInfo], scalars: [Unicode.Scalar]) {
        guard glyphs.count == scalars.count else { return }
        for syllable in syllables(scalars) where syllable.count > 1 {
            let cats = syllable.map { category(scalars[$0]) }
            for k in syllable { glyphs[k].cluster = syllable.lowerBound }
            for (offset, c) in cats.enumerated() where c == .modifier {
                glyphs[syllable.lowerBound + offset].shapingFlags |= syllableModifier
            }
            let consonants = cats.indices.filter { cats[$0] == .consonant || cats[$0] == .ra }
            guard let base = consonants.last else { continue }
            var firstConsonant = consonants.first ?? 0
            if cats.count >= 3, cats[0] == .ra, cats[1] == .halant, consonants.count >= 2 {
                glyphs[syllable.lowerBound].mask |= FeatureMask.reph
                glyphs[syllable.lowerBound + 1].mask |= FeatureMask.reph
                glyphs[syllable.lowerBound].shapingFlags |= rephCandidate
                firstConsonant = consonants[1]
            }
            for k in consonants where k >= firstConsonant && k < base && k + 1 < cats.count && cats[k + 1] == .halant {
                glyphs[syllable.lowerBound + k].mask |= FeatureMask.half
                glyphs[syllable.lowerBound + k + 1].mask |= FeatureMask.half
            }
            if let matra = cats.firstIndex(of: .preBaseMatra), matra > firstConsonant {
                let moved = glyphs.remove(at: syllable.lowerBound + matra)
                glyphs.insert(moved, at: syllable.lowerBound + firstConsonant)
            }
        }
    }

    /// Moves each reph that 'rphf' formed (a reph candidate that became a
    /// ligature) to the end of its syllable, before trailing modifiers.
    static func placeReph(_ glyphs: inout [GlyphInfo]) {
        var i = 0
        while i < glyphs.count {
            let info = glyphs[i]
            guard info.shapingFlags & rephCandidate != 0, info.ligatureID != 0 else {
                i += 1
                continue
            }
            var end = i + 1
            while end < glyphs.count, glyphs[end].cluster == info.cluster { end += 1 }
            var target = end
            while target > i + 1, glyphs[target - 1].shapingFlags & syllableModifier != 0 { target -= 1 }
            glyphs.remove(at: i)
            glyphs.insert(info, at: target - 1)
            glyphs[target - 1].shapingFlags &= ~rephCandidate
            i = end
        }
    }
}
