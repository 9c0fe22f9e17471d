// Font stage (color glyphs): a COLR v1 paint graph in -> color layers
// (outline and paint, font units, y up). The graph is walked depth first:
// PaintColrLayers and PaintColrGlyph descend into other paints,
// transforms (affine, translate, scale, rotate, skew, about a centre or
// not) compose into the current matrix, PaintGlyph sets the outline that
// the paint below it fills, and solid, linear, radial and sweep gradients
// end a branch as one layer. Approximations (the engine's paints): nested
// PaintGlyph clips keep the innermost outline rather than their
// intersection; PaintComposite draws backdrop then source with source-over
// whatever its mode; a sweep gradient's angles are spread over Hairline's
// full-turn conic gradient (padded outside them); variable (Var*) formats
// use their default values. Every branch is bounded: a cycle, a depth past
// `maximumDepth` or more than `maximumPaints` visits throws.
// Layout: OpenType 1.9 COLR (version 1), "Paint tables".

import Hairline
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks one glyph's COLR v1 paint graph into layers.
struct ColorPaintGraph {
    let font: FontData
    let colr: ColorLayers
    let palettes: ColorPalettes?
    let foreground: Color
    let outline: (Int) throws(FontError) -> Path
    var layers: [ColorGlyphLayer] = []
    var visits = 0
    /// The paints on the current branch (offsets in COLR): a cycle check.
    var branch: [Int] = []

    /// Nesting deeper than this is taken as a cycle or a bomb (real
    /// emoji nest about 5 deep).
    static let maximumDepth = 64
    /// Paint visits per glyph past this are taken as a bomb (real emoji:
    /// a few hundred).
    static let maximumPaints = 20_000

    var table: FontTable { colr.colr }

    /// Adds the layers of the paint at `at` (offset in COLR), drawn with
    /// `transform` (paint space -> glyph space) and clipped to `clip`.
    mutating func walk(_ at: Int, transform: AffineTransform, clip: Path?) throws(FontError) {
        visits += 1
        guard visits <= Self.maximumPaints else {
            throw .invalid(
                table: "COLR", offset: table.offset + at, reason: "more than \(Self.maximumPaints) paints in one glyph")
        }
        guard branch.count < Self.maximumDepth else {
            throw .invalid(
                table: "COLR", offset: table.offset + at, reason: "paints nest deeper than \(Self.maximumDepth)")
        }
        guard !branch.contains(at) else {
            throw .invalid(table: "COLR", offset: table.offset + at, reason: "a paint contains itself")
        }
        branch.append(at)
        defer { branch.removeLast() }
        let format = Int(try font.u8(table, at))
        func child(_ field: Int) throws(FontError) -> Int { at + (try font.u24(table, at + field)) }
        func fword(_ field: Int) throws(FontError) -> Double { Double(try font.i16(table, at + field)) }
        func f2(_ field: Int) throws(FontError) -> Double { try font.f2Dot14(table, at + field) }
        switch format {
        case 1:
            let count = Int(try font.u8(table, at + 1)), first = Int(try font.u32(table, at + 2))
            for i in 0..<count {
                try walk(try colr.layerPaint(font, index: first + i), transform: transform, clip: clip)
            }
        case 2, 3:
            let color = try self.color(entry: Int(try font.u16(table, at + 1)), alpha: try f2(3))
            emit(.solid(color), clip: clip)
        case 4, 5:
            let gradient = try colorLine(child(1), isVariable: format == 5)
            let p0 = Point(x: try fword(4), y: try fword(6)), p1 = Point(x: try fword(8), y: try fword(10))
            let p2 = Point(x: try fword(12), y: try fword(14))
            emit(.linearGradient(Self.linear(gradient, p0, p1, p2, transform: transform)), clip: clip)
        case 6, 7:
            let gradient = try colorLine(child(1), isVariable: format == 7)
            let radial = RadialGradient(
                gradient, startCenter: Point(x: try fword(4), y: try fword(6)),
                startRadius: Double(try font.u16(table, at + 8)),
                endCenter: Point(x: try fword(10), y: try fword(12)),
                endRadius: Double(try font.u16(table, at + 14)), transform: transform)
            emit(.radialGradient(radial), clip: clip)
        case 8, 9:
            let gradient = try colorLine(child(1), isVariable: format == 9)
            let center = Point(x: try fword(4), y: try fword(6))
            emit(
                .conicGradient(
                    Self.sweep(gradient, center: center, start: try f2(8), end: try f2(10), transform: transform)),
                clip: clip)
        case 10:
            let glyph = Int(try font.u16(table, at + 4))
            let path = try outline(glyph).applying(transform)
            try walk(try child(1), transform: transform, clip: path)
        case 11:
            let glyph = Int(try font.u16(table, at + 1))
            guard let root = colr.rootPaint(font, glyph: glyph) else { return }
            try walk(root, transform: transform, clip: clip)
        case 12, 13:
            let matrix = at + (try font.u24(table, at + 4))
            let m = AffineTransform(
                a: try font.fixed(table, matrix), b: try font.fixed(table, matrix + 4),
                c: try font.fixed(table, matrix + 8), d: try font.fixed(table, matrix + 12),
                tx: try font.fixed(table, matrix + 16), ty: try font.fixed(table, matrix + 20))
            try walk(try child(1), transform: m.concatenating(transform), clip: clip)
        case 14...31:
            try walk(
                try child(1),
                transform: try Self.simpleTransform(format, fword: fword, f2: f2).concatenating(transform),
                clip: clip)
        case 32:
            try walk(try child(5), transform: transform, clip: clip)  // backdrop
            try walk(try child(1), transform: transform, clip: clip)  // source, over it
        default:
            throw .invalid(table: "COLR", offset: table.offset + at, reason: "paint format \(format)")
        }
    }

    /// One layer: `paint` over `clip` (nothing without a clip: an
    /// unbounded paint has no outline to fill).
    mutating func emit(_ paint: Paint, clip: Path?) {
        guard let clip, !clip.isEmpty else { return }
        layers.append(ColorGlyphLayer(path: clip, paint: paint))
    }

    /// Palette entry `entry` (0xFFFF: the text's color) times `alpha`.
    func color(entry: Int, alpha: Double) throws(FontError) -> Color {
        let base = entry == 0xFFFF ? foreground : (palettes?.color(font, palette: 0, entry: entry) ?? foreground)
        return Color(red: base.red, green: base.green, blue: base.blue, alpha: base.alpha * min(max(alpha, 0), 1))
    }

    /// The gradient of the ColorLine (or VarColorLine) at `at`.
    func colorLine(_ at: Int, isVariable: Bool) throws(FontError) -> Gradient {
        let extend: ExtendMode
        switch try font.u8(table, at) {
        case 1: extend = .repeat
        case 2: extend = .reflect
        default: extend = .pad
        }
        let count = Int(try font.u16(table, at + 1)), size = isVariable ? 10 : 6
        try font.check(table, at + 3, size * count)
        var stops: [GradientStop] = []
        for i in 0..<count {
            let stop = at + 3 + size * i
            stops.append(
                GradientStop(
                    location: try font.f2Dot14(table, stop),
                    color: try color(
                        entry: Int(try font.u16(table, stop + 2)), alpha: try font.f2Dot14(table, stop + 4))))
        }
        stops.sort { $0.location < $1.location }
        if stops.isEmpty { stops = [GradientStop(location: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0))] }
        return Gradient(stops: stops, extend: extend)
    }

    /// COLR's linear gradient (p0 to p1, its lines parallel to p0-p2) as
    /// an ordinary one: p1 moved onto the normal of p0-p2 through p0.
    static func linear(
        _ gradient: Gradient, _ p0: Point, _ p1: Point, _ p2: Point, transform: AffineTransform
    ) -> LinearGradient {
        let perpendicular = Point(x: p2.y - p0.y, y: -(p2.x - p0.x))
        let length = perpendicular.x * perpendicular.x + perpendicular.y * perpendicular.y
        var end = p1
        if length > 0 {
            let t = ((p1.x - p0.x) * perpendicular.x + (p1.y - p0.y) * perpendicular.y) / length
            end = Point(x: p0.x + t * perpendicular.x, y: p0.y + t * perpendicular.y)
        }
        return LinearGradient(gradient, start: p0, end: end, transform: transform)
    }

    /// A sweep from `start` to `end` (half turns, counter-clockwise with y
    /// up) as a full-turn conic gradient: the stops spread over the swept
    /// part, the first and last colors padding the rest (an approximation:
    /// the color line's repeat and reflect modes are not kept).
    static func sweep(
        _ gradient: Gradient, center: Point, start: Double, end: Double, transform: AffineTransform
    ) -> ConicGradient {
        let from = start / 2, span = end / 2 - from  // in turns
        let base = from - from.rounded(.down)
        // Pad extension gives the first color before the sweep and the
        // last after it; a sweep past the full turn is clamped to it.
        var stops = gradient.stops
        if span > 0 {
            stops = gradient.stops.map {
                GradientStop(location: min(max(base + $0.location * span, 0), 1), color: $0.color)
            }
        }
        return ConicGradient(Gradient(stops: stops, extend: .pad), center: center, startAngle: 0, transform: transform)
    }

    /// The matrix of transform paints 14 ... 31 (translate, scale, rotate,
    /// skew; about a centre or not; Var forms read as the plain ones).
    static func simpleTransform(
        _ format: Int, fword: (Int) throws(FontError) -> Double,
        f2: (Int) throws(FontError) -> Double
    ) throws(FontError) -> AffineTransform {
        let kind = (format - 14) / 2
        var m = AffineTransform.identity
        var centerAt: Int?
        switch kind {
        case 0: m.tx = try fword(4); m.ty = try fword(6)
        case 1, 2: m.a = try f2(4); m.d = try f2(6); centerAt = kind == 2 ? 8 : nil
        case 3, 4: m.a = try f2(4); m.d = m.a; centerAt = kind == 4 ? 6 : nil
        case 5, 6:
            let angle = try f2(4) * Double.pi
            m = AffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
            centerAt = kind == 6 ? 6 : nil
        default:
            let x = try f2(4) * Double.pi, y = try f2(6) * Double.pi
            // Skew angles are clockwise for x (y up), counter-clockwise for y.
            m = AffineTransform(a: 1, b: tan(y), c: -tan(x), d: 1, tx: 0, ty: 0)
            centerAt = kind == 8 ? 8 : nil
        }
        guard let centerAt else { return m }
        let cx = try fword(centerAt), cy = try fword(centerAt + 2)
        let toOrigin = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -cx, ty: -cy)
        let back = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: cx, ty: cy)
        return toOrigin.concatenating(m).concatenating(back)
    }
}
