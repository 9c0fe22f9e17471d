// Font stage (CFF): accented characters (`endchar` with four operands,
// Type 1's `seac`) -> the base glyph's outline with the accent glyph's
// moved by (adx, ady), font units, y up. The operands name both glyphs by
// Standard Encoding codes: code -> string ID (CFF Appendix B) -> glyph by
// the font's charset (ISOAdobe, or formats 0, 1 and 2; the expert
// charsets have no Standard Encoding glyphs). Components are read one
// level deep only: an accent's own `seac` is not followed.
// References: Adobe Technical Note #5176 (CFF) §13 and Appendix B, #5177
// (Type 2 charstrings) Appendix C.

import Hairline

enum CFFStandardEncoding {
    /// The string IDs of Standard Encoding's codes, as runs (first code,
    /// last code, first string ID): codes 32...126 are IDs 1...95, the
    /// accents and symbols above 160 follow in order.
    static let runs: [(first: Int, last: Int, sid: Int)] = [
        (32, 126, 1), (161, 175, 96), (177, 180, 111), (182, 189, 115), (191, 191, 123), (193, 200, 124),
        (202, 203, 132), (205, 208, 134), (225, 225, 138), (227, 227, 139), (232, 235, 140), (241, 241, 144),
        (245, 245, 145), (248, 251, 146),
    ]

    /// The string ID of Standard Encoding code `code`, nil if it has none.
    static func stringID(ofCode code: Int) -> Int? {
        for run in runs where code >= run.first && code <= run.last { return run.sid + code - run.first }
        return nil
    }
}

extension CFFOutlines {
    /// ISOAdobe's string IDs run 0 ... this (charset offset 0: glyph = SID).
    static let isoAdobeLastSID = 228

    /// The glyph whose charset string ID is `sid`, nil if none.
    /// Complexity: O(glyph count).
    func glyph(forStringID sid: Int, _ font: FontData) -> Int? {
        guard let charset = charsetOffset else { return nil }
        switch charset {
        case 0: return sid <= Self.isoAdobeLastSID && sid < charStrings.count ? sid : nil
        case 1, 2: return nil
        default: break
        }
        guard let format = try? font.u8(cff, charset) else { return nil }
        var glyph = 1, at = charset + 1
        while glyph < charStrings.count {
            guard let first = try? Int(font.u16(cff, at)) else { return nil }
            switch format {
            case 0:
                if first == sid { return glyph }
                glyph += 1; at += 2
            case 1, 2:
                guard let left = format == 1 ? (try? Int(font.u8(cff, at + 2))) : (try? Int(font.u16(cff, at + 2)))
                else { return nil }
                if sid >= first, sid <= first + left {
                    return glyph + sid - first < charStrings.count ? glyph + sid - first : nil
                }
                glyph += left + 1; at += format == 1 ? 3 : 4
            default: return nil
            }
        }
        return nil
    }

    /// The outline of an accented character: base and accent (Standard
    /// Encoding codes), the accent moved by (`dx`, `dy`).
    /// - Throws: `.invalidCharstring` if either code names no glyph, or
    ///   the components' own errors.
    func accentedOutline(
        _ font: FontData, glyph: Int, dx: Double, dy: Double, base: Int, accent: Int
    ) throws(FontError) -> Path {
        guard let baseSID = CFFStandardEncoding.stringID(ofCode: base),
            let accentSID = CFFStandardEncoding.stringID(ofCode: accent),
            let baseGlyph = self.glyph(forStringID: baseSID, font),
            let accentGlyph = self.glyph(forStringID: accentSID, font)
        else {
            throw .invalidCharstring(
                glyph: glyph, reason: "an accented character's codes \(base) and \(accent) name no glyphs")
        }
        var path = try componentOutline(font, glyph: baseGlyph)
        path.addPath(
            try componentOutline(font, glyph: accentGlyph).applying(
                AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)))
        return path
    }

    /// A component's own outline (an accented component's accent is not
    /// followed: one level only).
    private func componentOutline(_ font: FontData, glyph: Int) throws(FontError) -> Path {
        guard glyph >= 0, glyph < charStrings.count else {
            throw .glyphOutOfRange(glyph: glyph, glyphCount: charStrings.count)
        }
        var decoder = CFFCharstringDecoder(
            font: font, globalSubrs: globalSubrs, localSubrs: localSubrs(for: glyph, font), glyph: glyph)
        try decoder.run(try charStrings.item(font, glyph), depth: 0)
        return decoder.finish()
    }
}
