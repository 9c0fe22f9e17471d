// Text: a string -> lines of positioned glyphs, in points. Unicode scalars
// map one to one to glyphs through the font's cmap (a missing glyph is
// .notdef), advances come from hmtx plus kerning between neighbours, lines
// break at explicit newlines and, to a width, at UAX #14 opportunities
// (UILabel's line break modes: wrapping, clipping, truncation with an
// ellipsis at the head, middle or tail, at grapheme cluster boundaries).
// Paragraphs with right-to-left text, bidi controls, a script that joins
// or reorders (Arabic, Indic ...) or combining marks take one path
// (LineBreaker+Bidi.swift): UAX #9 levels for the paragraph (direction
// automatic or given), mirrored brackets (L4), glyphs per level run from
// the OpenType shaper when the paragraph needs shaping
// (Shaping/LineBreaker+Shaping.swift), wrapping in logical order between
// clusters, each line then reordered visually (L1-L2). Plain text skips
// all of it: one glyph per scalar, left to right, no ligatures.
// A font with a fallback (`Font.withFallback`) takes the characters it
// lacks from other fonts, per approximate grapheme cluster (LayoutFonts);
// without one, every glyph is the font's.

import Hairline

/// How lines longer than the layout's width are handled (UILabel's
/// `NSLineBreakMode`).
public enum LineBreakMode: Sendable, CaseIterable {
    /// Wrap at spaces; a word wider than the width is broken between
    /// characters.
    case wordWrapping
    /// Wrap between any two characters.
    case characterWrapping
    /// One line per paragraph, kept whole (drawing clips it).
    case clipping
    /// One line per paragraph, its start replaced by an ellipsis to fit.
    case truncatingHead
    /// One line per paragraph, its end replaced by an ellipsis to fit.
    case truncatingTail
    /// One line per paragraph, its middle replaced by an ellipsis to fit.
    case truncatingMiddle
}

/// Where lines sit across the layout's width.
public enum TextAlignment: Sendable, CaseIterable {
    case leading, center, trailing
}

/// One laid-out line: its glyphs and their origins' x (points from the
/// line's start, on the baseline), and its width (points: the end of the
/// last glyph's advance, trailing spaces left out).
public struct TextLine: Sendable, Equatable {
    public var glyphs: [GlyphID] = []
    public var positions: [Double] = []
    public var width: Double = 0
    /// Each glyph's font, an index into the layout's `fonts`; empty when
    /// every glyph is the layout's font (index 0).
    public var fontIndices: [UInt8] = []
    /// Each glyph's raise above the baseline (points, up positive: shaped
    /// marks); empty when every glyph sits on the baseline.
    public var yOffsets: [Double] = []
    /// Whether the line's paragraph runs right to left (UAX #9 paragraph
    /// level 1): its glyphs are still in visual order, left to right, but
    /// it aligns to the right for `.leading` (and left for `.trailing`).
    public var isRightToLeft = false
    /// With `TextShapingRequest.recordsClusters` only (else empty): each
    /// glyph's source scalar (the first of its cluster, an index into its
    /// paragraph), its pen advance and its x offset from the pen (points;
    /// `positions` already include the offset).
    package var clusters: [Int] = []
    package var advances: [Double] = []
    package var xOffsets: [Double] = []
    /// With `recordsClusters`: whether the glyphs came from the shaper
    /// (else one per scalar with the font's kerning).
    package var isShaped = false

    /// The index in the layout's `fonts` of glyph `i`'s font.
    @inlinable
    public func fontIndex(ofGlyph i: Int) -> Int { fontIndices.isEmpty ? 0 : Int(fontIndices[i]) }
}

/// What a caller inside the package asks of the layout beyond the public
/// options (the SVG reader's text).
package struct TextShapingRequest: Sendable, Equatable {
    /// Every paragraph goes through the shaper, Latin included (ligatures).
    package var alwaysShapes = false
    /// `unicode-bidi: bidi-override`: every scalar at the paragraph's level
    /// (the direction given), no implicit reordering.
    package var overridesBidi = false
    /// Features added to or removed from the shaper's defaults.
    package var enabledFeatures: Set<String> = []
    package var disabledFeatures: Set<String> = []
    /// Lines record `clusters`, `advances` and `xOffsets`.
    package var recordsClusters = false

    package init(
        alwaysShapes: Bool = false, overridesBidi: Bool = false, enabledFeatures: Set<String> = [],
        disabledFeatures: Set<String> = [], recordsClusters: Bool = false
    ) {
        self.alwaysShapes = alwaysShapes
        self.overridesBidi = overridesBidi
        self.enabledFeatures = enabledFeatures
        self.disabledFeatures = disabledFeatures
        self.recordsClusters = recordsClusters
    }
}

/// Text laid out in one font and size, in points.
public struct TextLayout: Sendable {
    /// The font and the em size (points).
    public let font: Font
    public let size: Double
    /// The fallback fonts lines' `fontIndices` name (from 1), empty when
    /// every glyph is `font`'s (then nothing is allocated for them).
    let fallbackFonts: [Font]
    /// The fonts the glyphs are in: `font` first, then the fallback fonts
    /// that lines' `fontIndices` name.
    public var fonts: [Font] { [font] + fallbackFonts }

    /// The font of index `index` (a `TextLine.fontIndices` entry): 0 is
    /// `font`; an index past the fonts gives `font` too.
    public func font(at index: Int) -> Font {
        index > 0 && index <= fallbackFonts.count ? fallbackFonts[index - 1] : font
    }

    /// The number of fonts the glyphs are in (1 without fallback).
    public var fontCount: Int { 1 + fallbackFonts.count }
    /// The lines, top to bottom.
    public private(set) var lines: [TextLine]
    /// The font's ascent, descent and line gap at `size` (points; ascent
    /// and descent positive).
    public let ascent: Double, descent: Double, lineGap: Double
    /// The distance from one baseline to the next (points).
    public var lineHeight: Double { ascent + descent + lineGap }
    /// The widest line (points).
    public var width: Double { lines.reduce(0) { max($0, $1.width) } }
    /// From the first line's top (its ascent) to the last's bottom (its
    /// descent), points; 0 with no lines.
    public var height: Double { lines.isEmpty ? 0 : Double(lines.count - 1) * lineHeight + ascent + descent }

    /// Lays `text` out in `font` at `size` points per em.
    ///
    /// - Parameters:
    ///   - text: the string; its Unicode scalars are laid out one glyph
    ///     each.
    ///   - font: the font.
    ///   - size: the em size in points (not finite or not positive: no
    ///     text, every metric 0).
    ///   - width: the width lines wrap or truncate to (points; a negative
    ///     width counts as 0); nil or non-finite for no limit.
    ///   - lineBreakMode: how a line wider than `width` is handled.
    ///   - maximumLines: the most lines kept (0: no limit); the rest is
    ///     dropped (with a truncating mode, the last line kept ends in an
    ///     ellipsis).
    ///   - direction: each paragraph's direction: `.natural` from its first
    ///     strong character (UAX #9 P2-P3), else forced.
    /// - Complexity: O(n) in the scalars (plus O(n log n) kerning lookups).
    public init(
        _ text: String, font: Font, size: Double, width: Double? = nil,
        lineBreakMode: LineBreakMode = .wordWrapping, maximumLines: Int = 0,
        direction: TextDirection = .natural
    ) {
        self.init(
            text, font: font, size: size, width: width, lineBreakMode: lineBreakMode, maximumLines: maximumLines,
            direction: direction, request: nil)
    }

    /// Lays `text` out as `init(_:font:size:width:lineBreakMode:maximumLines:direction:)`
    /// does, with what `request` asks of the shaper (the SVG reader's text).
    package init(
        _ text: String, font: Font, size: Double, width: Double? = nil,
        lineBreakMode: LineBreakMode = .wordWrapping, maximumLines: Int = 0,
        direction: TextDirection = .natural, request: TextShapingRequest?
    ) {
        let size = size.isFinite && size > 0 ? size : 0
        self.font = font
        self.size = size
        let unit = size / Double(max(1, font.metrics.unitsPerEm))
        ascent = Double(font.metrics.ascent) * unit
        descent = Double(font.metrics.descent) * unit
        lineGap = Double(font.metrics.lineGap) * unit
        let limit = width.flatMap { $0.isFinite ? max(0, $0) : nil }
        let layoutFonts = font.fallback.map { LayoutFonts(font: font, fallback: $0, size: size) }
        var breaker = LineBreaker(font: font, unit: unit, width: limit, mode: lineBreakMode, layoutFonts: layoutFonts)
        breaker.shapes = LineBreaker.needsShaping(text)
        breaker.direction = direction
        breaker.checksUnicode = direction == .rightToLeft || Self.mayNeedUnicode(text)
        if let request {
            breaker.request = request
            breaker.shapes = breaker.shapes || request.alwaysShapes
            breaker.checksUnicode = breaker.checksUnicode || request.alwaysShapes || request.overridesBidi
        }
        // Paragraphs and wrapped lines are made one at a time, and no more
        // than the line limit needs: the lines kept, then (to know whether
        // text was cut) only until one dropped line has a glyph.
        var lines: [TextLine] = []
        var droppedGlyph = false
        var paragraphs = ParagraphIterator(text)
        paragraphLoop: while paragraphs.nextParagraph() {
            var stream = breaker.lineStream()
            while let line = stream.next(from: &paragraphs) {
                if maximumLines > 0, lines.count >= maximumLines {
                    guard line.glyphs.isEmpty else {
                        droppedGlyph = true
                        break paragraphLoop
                    }
                    continue
                }
                lines.append(line)
            }
        }
        if droppedGlyph, breaker.truncates {
            lines[maximumLines - 1] = breaker.ellipsized(lines[maximumLines - 1])
        }
        self.lines = lines
        fallbackFonts = layoutFonts.map { Array($0.fonts.dropFirst()) } ?? []
    }

    /// Whether `text` may have a scalar at or past U+0300 (combining marks,
    /// right-to-left scripts, CJK, emoji): a UTF-8 byte of 0xCC or more (a
    /// lead byte; continuation bytes are below). Without one, grapheme
    /// clusters are single scalars and every paragraph is left to right.
    static func mayNeedUnicode(_ text: String) -> Bool {
        text.utf8.contains(where: { $0 >= 0xCC })
    }

    /// Whether `text` has a scalar that makes a paragraph need bidi
    /// (`BidiClass.needsBidi`: right-to-left letters, Arabic digits,
    /// embedding and isolate controls). Text without a UTF-8 byte of 0xD6
    /// or more (every scalar below U+0580) has none and is not decoded;
    /// otherwise scalars from U+0590 on are looked up.
    public static func needsBidi(_ text: String) -> Bool {
        guard text.utf8.contains(where: { $0 >= 0xD6 }) else { return false }
        return text.unicodeScalars.contains {
            $0.value >= 0x0590 && !UnicodeTables.isPlainCJK($0.value) && BidiClass($0).needsBidi
        }
    }

    /// Whether `scalar` ends a paragraph (LF, CR, U+2028, U+2029).
    static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x0A || scalar.value == 0x0D || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Whether `text` has a scalar that ends a paragraph: its UTF-8 bytes
    /// scanned for LF, CR and 0xE2 (the lead byte of U+2028 and U+2029),
    /// the scalars decoded only if that byte occurs.
    static func hasLineBreak(_ text: String) -> Bool {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }) else { return false }
        return text.unicodeScalars.contains(where: breaksLine)
    }

    /// The string's paragraphs (split at LF, CR, CR LF, U+2028 and
    /// U+2029) as scalars; control characters other than tab are left out
    /// (tab counts as a space).
    static func paragraphs(_ text: String) -> [[Unicode.Scalar]] {
        var iterator = ParagraphIterator(text)
        var result: [[Unicode.Scalar]] = []
        while iterator.nextParagraph() {
            var paragraph: [Unicode.Scalar] = []
            while let scalar = iterator.nextScalar() { paragraph.append(scalar) }
            result.append(paragraph)
        }
        return result
    }
}

/// A string's paragraphs one at a time (`TextLayout.paragraphs`), their
/// scalars read from the string as they are asked for: nothing of the
/// text is copied.
struct ParagraphIterator {
    private var scalars: String.UnicodeScalarView.Iterator
    private var isFinished = false
    private var previousWasCR = false

    init(_ text: String) {
        scalars = text.unicodeScalars.makeIterator()
    }

    /// Starts the next paragraph: false when there is none. Its scalars
    /// are then read by `nextScalar()` up to its end (nil).
    mutating func nextParagraph() -> Bool {
        !isFinished
    }

    /// The next scalar of the current paragraph; nil at its end.
    mutating func nextScalar() -> Unicode.Scalar? {
        while true {
            guard let scalar = scalars.next() else {
                isFinished = true
                return nil
            }
            defer { previousWasCR = scalar.value == 0x0D }
            switch scalar.value {
            case 0x0A where previousWasCR:
                continue
            case 0x0A, 0x0D, 0x2028, 0x2029:
                return nil
            case 0x09:
                return " "
            case 0..<0x20, 0x7F:
                continue
            default:
                return scalar
            }
        }
    }
}
