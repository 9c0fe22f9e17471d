// Fuzzing: the font driver. Any bytes are parsed as an OpenType font
// (TrueType or CFF outlines; for a collection, its first two faces); a
// font that loads is queried (scalars, advances, bearings, kerning, bounds)
// and a handful of outlines are filled into a small surface at a fitted
// scale, which must stay well-formed; variable fonts also at their axes'
// extremes, color glyphs' layers (COLR, CBDT, sbix) filled with their
// paints, outlines also with synthetic bold and slant (finite); the
// shaper runs over a few scripts' text in both directions (GSUB, GPOS,
// joining, mark normalization, Devanagari reordering) and its output must
// stay consistent (clusters inside the text). Parsing,
// queries and shaping must never trap.

import Hairline
import HairlineText

extension FuzzDrivers {
    /// The scalars whose glyphs the font driver queries and draws.
    static let fontScalars: [Unicode.Scalar] = ["A", "V", "g", "\u{E9}", " ", "\u{1F600}"]

    /// TrueType parsing, queries, and outlines filled at about 20 pixels per em.
    static func font(_ bytes: [UInt8]) {
        let faces = min((try? Font.faceCount(in: bytes)) ?? 1, 2)
        for face in 0..<faces {
            guard let font = try? Font(data: bytes, faceIndex: face) else { continue }
            fontFace(font)
            // Variable fonts: an instance at each axis's extremes (gvar,
            // avar, HVAR); color fonts: every queried glyph's layers.
            if !font.variationAxes.isEmpty {
                fontFace(font.varied(font.variationAxes.map { FontVariation($0.tag, $0.maximum) }))
                fontFace(font.varied(font.variationAxes.map { FontVariation($0.tag, $0.minimum) }))
            }
        }
    }

    /// Text in several scripts for the shaping path: ligatures and
    /// kerning, marks to reorder and compose, Arabic joining, Devanagari
    /// reordering, ideographs.
    static let shapingTexts: [String] = [
        "office AVA Wi-Fi", "e\u{301}o\u{308}\u{332}g\u{327}x\u{301}\u{333}",
        "\u{645}\u{631}\u{62D}\u{628}\u{627} \u{644}\u{627}",
        "\u{928}\u{92E}\u{938}\u{94D}\u{924}\u{947} \u{930}\u{94D}\u{915}", "\u{8A2D}\u{5B9A}\u{3068}\u{8868}\u{793A}",
    ]

    /// Shapes every text left to right and right to left; each glyph's
    /// cluster must index the text.
    private static func shapeTexts(_ font: Font) {
        for text in shapingTexts {
            let scalars = Array(text.unicodeScalars)
            for rightToLeft in [false, true] {
                let run = font.shape(scalars, options: ShapingOptions(isRightToLeft: rightToLeft))
                for glyph in run.glyphs where glyph.cluster < 0 || glyph.cluster >= scalars.count {
                    fatalError("font: shaped cluster \(glyph.cluster) outside \(scalars.count) scalars")
                }
            }
        }
    }

    /// One face's queries and outlines.
    private static func fontFace(_ font: Font) {
        shapeTexts(font)
        var glyphs = fontScalars.map { font.glyph(for: $0) }
        let last = font.glyphCount - 1
        glyphs += [
            GlyphID(1), GlyphID(UInt16(truncatingIfNeeded: last)), GlyphID(UInt16(truncatingIfNeeded: last + 1)),
        ]
        guard let surface = try? Surface(width: 24, height: 24) else { return }
        let canvas = makeCanvas(surface)
        let scale = 20 / Double(max(font.metrics.unitsPerEm, 1))
        canvas.concatenate(AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: 2, ty: 20))
        let synthesizedFont = font.synthesized(
            FontSynthesis(obliqueAngle: -20, emboldenStrength: Double(font.metrics.unitsPerEm) / 24))
        for (i, glyph) in glyphs.enumerated() {
            _ = font.advance(of: glyph) &+ font.leftSideBearing(of: glyph)
            _ = font.kerning(between: glyph, and: glyphs[(i + 1) % glyphs.count])
            _ = font.bounds(of: glyph)
            for layer in font.colorLayers(of: glyph, pixelsPerEm: 20) ?? [] {
                canvas.fill(layer.path, with: layer.paint)
            }
            guard let path = try? font.outline(of: glyph) else { continue }
            canvas.fill(
                path, with: Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.7), rule: i % 2 == 0 ? .nonZero : .evenOdd)
            // Synthetic bold and slant of the same outline (any points the
            // font gives must embolden to finite ones).
            guard let styled = try? synthesizedFont.outline(of: glyph) else { continue }
            guard styled.isFinite else { fatalError("font: synthesized outline of glyph \(glyph.rawValue) not finite") }
            canvas.fill(styled, with: Color(red: 0.8, green: 0.2, blue: 0.1, alpha: 0.5))
        }
        checkWellFormed(surface, "font")
    }
}
