// HairlineCells: how section header and footer titles look: font, size,
// color, an optional hard or soft shadow, case, alignment and the padding
// that places them in their band. One standard look per table layout,
// after UIKit's (iOS 6 grouped: bold slate text with a light one-point
// shadow; plain: bold text on the header bar; iOS 13 inset grouped: small
// uppercase secondary-colored text). The metrics are close to UIKit's,
// not measured from it: UIKit's own changed from release to release.

import Hairline
import HairlineText

/// A shadow under a title: its offset and blur in points, and its color
/// (as `Canvas.setShadow(offset:blur:color:)` takes them).
public struct TitleShadow: Hashable, Sendable {
    /// The shadow's offset from the text, in points (y down).
    public var offset: Size
    /// The blur radius in points (0: a hard shadow).
    public var blur: Double
    /// The shadow's color.
    public var color: Color

    /// A shadow of `color`, moved by `offset` and blurred by `blur` points.
    /// - Parameters:
    ///   - offset: the shadow's offset in points (y down).
    ///   - blur: the blur radius in points (0: hard).
    ///   - color: its color.
    public init(offset: Size, blur: Double = 0, color: Color) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }
}

/// How a table's section header or footer titles are drawn.
///
/// Lengths are in points. A header title sits with its text's bottom
/// (the last line's descent) `bottomPadding` above the header's bottom
/// edge; a footer title with its text's top (the first line's ascent)
/// `topPadding` below the footer's top edge. A section whose header (or
/// footer) height is nil and that has a title gets `topPadding` + the
/// text's height + `bottomPadding`.
public struct SectionTitleStyle: Hashable, Sendable {
    /// The font.
    public var font: Font
    /// The em size, in points.
    public var size: Double
    /// The text color.
    public var color: Color
    /// The shadow under the text, if any.
    public var shadow: TitleShadow?
    /// Whether the title is drawn in upper case (iOS 7+ grouped headers).
    public var isUppercased: Bool
    /// Where lines sit across the title's width.
    public var alignment: TextAlignment
    /// The gap between the sections' leading (and trailing) edge and the
    /// text, in points.
    public var horizontalInset: Double
    /// The space above the text, in points (see the type's description).
    public var topPadding: Double
    /// The space below the text, in points.
    public var bottomPadding: Double
    /// How a title wider than its band is handled: headers truncate at the
    /// tail by default, footers wrap.
    public var lineBreakMode: LineBreakMode
    /// The most lines drawn (0: no limit).
    public var maximumLines: Int

    /// A title style; every parameter but the font has a default.
    /// - Parameters:
    ///   - font: the font.
    ///   - size: the em size in points.
    ///   - color: the text color.
    ///   - shadow: the shadow under the text.
    ///   - isUppercased: whether titles are drawn in upper case.
    ///   - alignment: leading, centered or trailing.
    ///   - horizontalInset: the gap between the sections' edges and the text (points).
    ///   - topPadding: the space above the text (points).
    ///   - bottomPadding: the space below the text (points).
    ///   - lineBreakMode: wrapping or truncation.
    ///   - maximumLines: the most lines (0: no limit).
    public init(
        font: Font, size: Double = 17, color: Color = .black, shadow: TitleShadow? = nil,
        isUppercased: Bool = false, alignment: TextAlignment = .leading, horizontalInset: Double = 15,
        topPadding: Double = 6, bottomPadding: Double = 6, lineBreakMode: LineBreakMode = .truncatingTail,
        maximumLines: Int = 1
    ) {
        self.font = font
        self.size = size
        self.color = color
        self.shadow = shadow
        self.isUppercased = isUppercased
        self.alignment = alignment
        self.horizontalInset = horizontalInset
        self.topPadding = topPadding
        self.bottomPadding = bottomPadding
        self.lineBreakMode = lineBreakMode
        self.maximumLines = maximumLines
    }

    /// The header title look of tables of `layout` (nil if the bundled
    /// fonts cannot be read: a damaged installation).
    ///
    /// - `grouped` (iOS 6): DejaVu Sans Bold 17 pt, #4C566C, a white
    ///   shadow 1 pt below, 9 pt in from the section's edge.
    /// - `insetGrouped` (iOS 13): 13 pt upper case, #6D6D72, 16 pt in.
    /// - `fullWidthGrouped` (iOS 7): 14 pt upper case, #6D6D72, 15 pt in.
    /// - `plain`: Bold 15 pt black on the header bar, 15 pt in, centred in
    ///   a 28 pt bar.
    public static func standardHeader(for layout: CellLayout) -> SectionTitleStyle? {
        guard let regular = StandardFonts.regular, let bold = StandardFonts.bold else { return nil }
        switch layout {
        case .grouped:
            return SectionTitleStyle(
                font: bold, size: 17, color: slate,
                shadow: TitleShadow(offset: Size(width: 0, height: 1), color: .white),
                horizontalInset: 9, topPadding: 16, bottomPadding: 7)
        case .insetGrouped:
            return SectionTitleStyle(
                font: regular, size: 13, color: secondary, isUppercased: true,
                horizontalInset: 16, topPadding: 16, bottomPadding: 7)
        case .fullWidthGrouped:
            return SectionTitleStyle(
                font: regular, size: 14, color: secondary, isUppercased: true,
                horizontalInset: 15, topPadding: 16, bottomPadding: 7)
        case .plain:
            // (28 − the line's 17.46 pt) / 2 above and below.
            let padding = (28 - lineBox(bold, size: 15)) / 2
            return SectionTitleStyle(
                font: bold, size: 15, color: .black, horizontalInset: 15, topPadding: padding,
                bottomPadding: padding)
        }
    }

    /// The footer title look of tables of `layout` (nil if the bundled
    /// fonts cannot be read). Footers wrap at word boundaries.
    ///
    /// - `grouped` (iOS 6): 15 pt, #4C566C, centred, the white shadow.
    /// - `insetGrouped` (iOS 13) and `fullWidthGrouped` (iOS 7): 13 pt,
    ///   #6D6D72, leading, 16 (15) pt in.
    /// - `plain`: 15 pt black on a bar like the header's.
    public static func standardFooter(for layout: CellLayout) -> SectionTitleStyle? {
        guard let regular = StandardFonts.regular else { return nil }
        switch layout {
        case .grouped:
            return SectionTitleStyle(
                font: regular, size: 15, color: slate,
                shadow: TitleShadow(offset: Size(width: 0, height: 1), color: .white),
                alignment: .center, horizontalInset: 9, topPadding: 6, bottomPadding: 10,
                lineBreakMode: .wordWrapping, maximumLines: 0)
        case .insetGrouped, .fullWidthGrouped:
            return SectionTitleStyle(
                font: regular, size: 13, color: secondary,
                horizontalInset: layout == .insetGrouped ? 16 : 15, topPadding: 7,
                bottomPadding: 10, lineBreakMode: .wordWrapping, maximumLines: 0)
        case .plain:
            let padding = (28 - lineBox(regular, size: 15)) / 2
            return SectionTitleStyle(
                font: regular, size: 15, color: .black, horizontalInset: 15,
                topPadding: padding, bottomPadding: padding, lineBreakMode: .wordWrapping,
                maximumLines: 0)
        }
    }

    /// iOS 6's grouped header text color.
    static let slate = Color(red8: 0x4C, green8: 0x56, blue8: 0x6C)
    /// iOS 7+'s grouped header and footer text color.
    static let secondary = Color(red8: 0x6D, green8: 0x6D, blue8: 0x72)

    /// A line's ascent plus descent in `font` at `size`, points.
    static func lineBox(_ font: Font, size: Double) -> Double {
        Double(font.metrics.ascent + font.metrics.descent) * size / Double(max(1, font.metrics.unitsPerEm))
    }

    /// `title` laid out in this style across `width` points.
    ///
    /// At a `scale` (device pixels per point), no more lines are laid out
    /// than the tallest surface holds, plus one: a title that long makes
    /// its table too large to render whatever follows, so the rest of a
    /// huge text is never read.
    func layout(
        _ title: String, width: Double, scale: Double? = nil, direction: TextDirection = .natural
    ) -> TextLayout {
        var lines = maximumLines
        let m = font.metrics
        let lineHeight = Double(m.ascent + m.descent + m.lineGap) * size / Double(max(1, m.unitsPerEm))
        if let scale, scale > 0, lineHeight > 0 {
            let fit = (Double(Surface.maximumDimension) / (lineHeight * scale)).rounded(.up) + 2
            if fit.isFinite, fit < Double(Int32.max) {
                lines = lines > 0 ? min(lines, Int(fit)) : Int(fit)
            }
        }
        return TextLayout(
            isUppercased ? title.uppercased() : title, font: font, size: size, width: max(0, width),
            lineBreakMode: lineBreakMode, maximumLines: lines, direction: direction)
    }
}

/// The bundled fonts, read once (nil if unreadable).
enum StandardFonts {
    static let regular: Font? = try? Font(.dejaVuSans)
    static let bold: Font? = try? Font(.dejaVuSansBold)
}
