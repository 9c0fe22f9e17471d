// The label's fast path (Canvas+Text.swift: cached lookups, the glyph
// cache's front table, one `draw(coverages:with:)` per line) must draw,
// byte for byte, what compositing each glyph's mask on its own with the
// public `draw(coverage:atDeviceX:y:with:)` draws — the glyphs laid out
// by `TextLayout`, pen x to a quarter device pixel, baseline on a whole
// row, the masks rendered by a separate cache — for random strings
// (kerned pairs whose masks overlap, small sizes), sizes, scales,
// positions, paints, blend modes, alpha, clips, formats, backgrounds and
// shadows; and the cached lookups must equal the font's own answers.

import Testing
import Hairline
@testable import HairlineText
import HairlineTestSupport

@Suite struct LabelFastPathTests {
    static let font = try! Font(.dejaVuSans)
    /// Kerned pairs (AV, AW, To, LT, Yo, "y."), close pairs (rn, ff,
    /// //, mw), accents, digits, a tab, a character DejaVu lacks
    /// (.notdef), spaces.
    static let alphabet = Array(
        "AVAWToLTYoy.,-'\"ij|fiWAVAwaveéüßÅç rnffmw//VA 0123456789\tTT\u{10FFFD}Wi-Fi Network Status ".unicodeScalars)

    static let tile = try! Image(
        width: 3, height: 2,
        colors: [
            .black, .white, Color(red: 1, green: 0, blue: 0, alpha: 0.5), .clear, Color(red: 0, green: 0.5, blue: 1),
            .white,
        ])

    static func randomColor(_ rng: inout SplitMix64) -> Color {
        let alpha = [1.0, rng.double(in: 0...1), 0.5][rng.int(in: 0...2)]
        return Color(
            red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1),
            alpha: alpha)
    }

    static func randomPaint(_ rng: inout SplitMix64) -> Paint {
        switch rng.int(in: 0...5) {
        case 0, 1: return .solid(randomColor(&rng))
        case 2:
            let end = rng.int(in: 0...1) == 0 ? Point(x: 0, y: 30) : Point(x: 70, y: 19)
            return .linearGradient(
                LinearGradient(
                    Gradient(from: randomColor(&rng), to: randomColor(&rng)),
                    start: Point(x: 3, y: 2), end: end))
        case 3:
            return .radialGradient(
                RadialGradient(
                    Gradient(from: randomColor(&rng), to: randomColor(&rng)),
                    center: Point(x: 40, y: 20), radius: 35))
        default:
            let size = [1.0, 2, 0.5, 1.3][rng.int(in: 0...3)]
            return .pattern(ImagePattern(tile, transform: AffineTransform(scaleX: size, y: size)))
        }
    }

    /// No clip, a rect on whole pixels or not, a rounded rect, an ellipse.
    static func randomClip(_ rng: inout SplitMix64, _ canvases: [Canvas]) {
        let rect = Rect(
            x: rng.double(in: -5...60), y: rng.double(in: -5...30), width: rng.double(in: 5...150),
            height: rng.double(in: 5...50))
        let kind = rng.int(in: 0...4)
        for canvas in canvases {
            switch kind {
            case 0: break
            case 1: canvas.clip(to: rect)
            case 2:
                canvas.clip(
                    to: Rect(
                        x: rect.minX.rounded(), y: rect.minY.rounded(), width: rect.width.rounded(),
                        height: rect.height.rounded()))
            case 3:
                var path = Path()
                path.addRoundedRect(in: rect, cornerRadius: 7)
                canvas.clip(to: path)
            default:
                var path = Path()
                path.addEllipse(in: rect)
                canvas.clip(to: path)
            }
        }
    }

    /// The reference: `text` laid out, each glyph's mask (from `cache`)
    /// composited alone at the quantized pen position under `canvas`'s
    /// transform (a uniform scale and a translation).
    static func drawEachGlyph(
        _ text: String, size: Double, at point: Point, paint: Paint, on canvas: Canvas,
        cache: GlyphCache
    ) {
        let layout = TextLayout(text, font: font, size: size, lineBreakMode: .clipping)
        guard let line = layout.lines.first else { return }
        let t = canvas.transform
        let row = Int((t.d * point.y + t.ty).rounded())
        for (i, glyph) in line.glyphs.enumerated() {
            let x = t.a * (point.x + line.positions[i]) + t.tx
            var pixel = Int(x.rounded(.down))
            var quarter = Int(((x - Double(pixel)) * 4).rounded())
            if quarter == 4 {
                pixel += 1
                quarter = 0
            }
            let mask = cache.mask(glyph, of: font, size: size * t.a, subpixel: quarter)!
            if let surface = mask.surface {
                canvas.draw(coverage: surface, atDeviceX: pixel + mask.left, y: row + mask.top, with: paint)
            }
        }
    }

    /// Where a label's glyphs can reach (user space): its box from the
    /// pen start to the last advance, grown by half an em (the label's
    /// one-shadow bounds).
    static func reach(of text: String, size: Double, at point: Point) -> Rect {
        let layout = TextLayout(text, font: font, size: size, lineBreakMode: .clipping)
        let unit = size / Double(font.metrics.unitsPerEm)
        var width = 0.0
        if let line = layout.lines.first, let last = line.glyphs.last {
            width = line.positions[line.positions.count - 1] + Double(font.advance(of: last)) * unit
        }
        let margin = size / 2
        return Rect(
            x: point.x - margin, y: point.y - layout.ascent - margin, width: max(0, width) + 2 * margin,
            height: layout.ascent + layout.descent + 2 * margin)
    }

    @Test func labelsDrawAsTheirGlyphsCompositedOneByOne() throws {
        var rng = SplitMix64(seed: 0x1A3E1)
        let formats: [PixelFormat] = [.rgba8Premultiplied, .bgra8Premultiplied, .a8]
        let cache = GlyphCache()
        // One canvas per scale (its glyph cache kept from round to round,
        // as a table's cells keep theirs), retargeted to each new surface.
        var canvases: [Int: Canvas] = [:]
        for round in 0..<240 {
            let scale = rng.int(in: 1...3)
            let format = formats[rng.int(in: 0...2)]
            let width = 150 * scale, height = 50 * scale
            let fast = try Surface(width: width, height: height, format: format)
            let each = try Surface(width: width, height: height, format: format)
            let a = canvases[scale] ?? Canvas(surface: fast, scale: Double(scale))
            canvases[scale] = a
            a.retarget(to: fast)
            let b = Canvas(surface: each, scale: Double(scale))
            let text = String(
                String.UnicodeScalarView(
                    (0..<rng.int(in: 0...22)).map { _ in
                        Self.alphabet[rng.int(in: 0...(Self.alphabet.count - 1))]
                    }))
            // Small sizes half the time: neighbouring masks share pixels.
            let size = rng.int(in: 0...1) == 0 ? rng.double(in: 6...11) : rng.double(in: 6...60)
            let point = Point(x: rng.double(in: -20...60), y: rng.double(in: 5...45))
            let paint = Self.randomPaint(&rng)
            // Background: a pending clear, or drawn pixels.
            let background = Self.randomColor(&rng)
            let drawn = rng.int(in: 0...1) == 0
            for canvas in [a, b] {
                canvas.clear(background)
                if drawn {
                    var path = Path()
                    path.addEllipse(in: Rect(x: 10, y: 5, width: 90, height: 35))
                    canvas.fill(path, with: .solid(Color(red: 0.1, green: 0.7, blue: 0.3, alpha: 0.6)))
                }
            }
            if rng.int(in: 0...3) == 0 {
                // A fractional translation: still a uniform scale.
                let dx = rng.double(in: -3...3), dy = rng.double(in: -3...3)
                for canvas in [a, b] { canvas.translateBy(x: dx, y: dy) }
            }
            Self.randomClip(&rng, [a, b])
            let mode = BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
            let alpha = [1.0, rng.double(in: 0...1), 0][rng.int(in: 0...2)]
            let shadowed = rng.int(in: 0...5) == 0
            let offset = Size(width: rng.double(in: -4...4), height: rng.double(in: -4...4))
            let blur = [0.0, rng.double(in: 0...4)][rng.int(in: 0...1)]
            let shadowColor = Self.randomColor(&rng)
            for canvas in [a, b] {
                canvas.blendMode = mode
                canvas.globalAlpha = alpha
                if shadowed { canvas.setShadow(offset: offset, blur: blur, color: shadowColor) }
            }
            let useLayout = !shadowed && rng.int(in: 0...3) == 0
            if useLayout {
                a.draw(TextLayout(text, font: Self.font, size: size, lineBreakMode: .clipping), at: point, paint: paint)
            } else {
                a.draw(text, font: Self.font, size: size, at: point, paint: paint)
            }
            b.withOneShadow(over: Self.reach(of: text, size: size, at: point)) { canvas in
                Self.drawEachGlyph(text, size: size, at: point, paint: paint, on: canvas, cache: cache)
            }
            fast.flush()
            each.flush()
            let differing = zip(fast.bytes, each.bytes).filter { $0 != $1 }.count
            #expect(
                differing == 0,
                """
                seed \(rng.seed) round \(round): "\(text)" \(size) pt @\(scale)x at \(point), \(format), \
                \(mode), alpha \(alpha), \(paint), shadow \(shadowed), layout \(useLayout)
                """)
        }
    }

    /// "AVAWTo" at small sizes and tight pens: neighbouring masks share
    /// pixels; with a translucent paint, compositing them in a different
    /// order or as one would change those pixels.
    @Test(arguments: [1, 2, 3])
    func overlappingKernedGlyphsCompositeInOrder(scale: Int) throws {
        let cache = GlyphCache()
        for size in [6.0, 7.5, 9, 11, 17] {
            for quarter in 0..<4 {
                let point = Point(x: 3 + Double(quarter) / Double(4 * scale), y: 20)
                let paint = Paint.solid(Color(red: 0.1, green: 0.2, blue: 0.8, alpha: 0.55))
                var surfaces: [Surface] = []
                for fast in [true, false] {
                    let surface = try Surface(width: 60 * scale, height: 30 * scale)
                    let canvas = Canvas(surface: surface, scale: Double(scale))
                    canvas.clear(.white)
                    if fast {
                        canvas.draw("AVAWTo", font: Self.font, size: size, at: point, paint: paint)
                    } else {
                        Self.drawEachGlyph("AVAWTo", size: size, at: point, paint: paint, on: canvas, cache: cache)
                    }
                    surface.flush()
                    surfaces.append(surface)
                }
                #expect(surfaces[0].bytes == surfaces[1].bytes, "\(size) pt @\(scale)x, quarter \(quarter)")
            }
        }
    }

    /// Glyphs too large for a mask (filled as outlines) between cached
    /// ones: each is drawn in its place in the order, as one by one.
    @Test func glyphsWithoutMasksKeepTheirPlaceInTheOrder() throws {
        // 240 pt at 3x: 720 px per em; "A" is taller than a mask may be,
        // "-" and "." are not.
        let text = "-A.-V."
        let size = 240.0, point = Point(x: 4, y: 200)
        let paint = Paint.solid(Color(red: 0.8, green: 0.1, blue: 0.1, alpha: 0.5))
        let layout = TextLayout(text, font: Self.font, size: size, lineBreakMode: .clipping)
        let unit = size / Double(Self.font.metrics.unitsPerEm)
        var surfaces: [Surface] = []
        for fast in [true, false] {
            let surface = try Surface(width: 1500, height: 720)
            let canvas = Canvas(surface: surface, scale: 3)
            canvas.clear(.white)
            if fast {
                canvas.draw(text, font: Self.font, size: size, at: point, paint: paint)
            } else {
                let cache = GlyphCache()
                let row = Int((3 * point.y).rounded())
                var masked = 0, filled = 0
                for (i, glyph) in layout.lines[0].glyphs.enumerated() {
                    let x = 3 * (point.x + layout.lines[0].positions[i])
                    var pixel = Int(x.rounded(.down))
                    var quarter = Int(((x - Double(pixel)) * 4).rounded())
                    if quarter == 4 {
                        pixel += 1
                        quarter = 0
                    }
                    if let mask = cache.mask(glyph, of: Self.font, size: size * 3, subpixel: quarter) {
                        canvas.draw(
                            coverage: mask.surface!, atDeviceX: pixel + mask.left, y: row + mask.top,
                            with: paint)
                        masked += 1
                    } else {
                        let place = AffineTransform(
                            a: unit, b: 0, c: 0, d: -unit,
                            tx: point.x + layout.lines[0].positions[i], ty: point.y)
                        canvas.fill(try Self.font.outline(of: glyph).applying(place), with: paint)
                        filled += 1
                    }
                }
                #expect(masked >= 2 && filled >= 2)
            }
            surface.flush()
            surfaces.append(surface)
        }
        #expect(surfaces[0].bytes == surfaces[1].bytes)
    }

    /// The cached lookups give the font's glyphs, advances and kerning,
    /// through slot collisions (scalars 256 apart share a slot), and a
    /// line's positions are its layout's, exactly.
    @Test func cachedLookupsAreTheFontsAnswers() {
        var rng = SplitMix64(seed: 0xF0E7)
        let lookups = FontLookups(Self.font)
        let scalars = Self.alphabet + (0..<400).compactMap { _ in Unicode.Scalar(UInt32(rng.int(in: 0x20...0x2FF))) }
        for _ in 0..<3 {
            for scalar in scalars {
                let (glyph, advance) = lookups.glyph(for: scalar)
                #expect(glyph == Self.font.glyph(for: scalar))
                #expect(advance == Self.font.advance(of: glyph))
            }
        }
        let glyphs = scalars.map { Self.font.glyph(for: $0) }
        for _ in 0..<4000 {
            let left = glyphs[rng.int(in: 0...(glyphs.count - 1))], right = glyphs[rng.int(in: 0...(glyphs.count - 1))]
            #expect(lookups.kerning(between: left, and: right) == Self.font.kerning(between: left, and: right))
        }
        for _ in 0..<200 {
            let text = String(
                String.UnicodeScalarView(
                    (0..<rng.int(in: 0...30)).map { _ in
                        scalars[rng.int(in: 0...(scalars.count - 1))]
                    }))
            let size = rng.double(in: 5...70)
            let line = TextLayout(text, font: Self.font, size: size, lineBreakMode: .clipping).lines.first
            var glyphs: [GlyphID] = [], positions: [Double] = []
            lookups.forEachGlyph(of: text, unit: size / Double(Self.font.metrics.unitsPerEm)) { glyph, x, _ in
                glyphs.append(glyph)
                positions.append(x)
            }
            #expect(glyphs == line?.glyphs ?? [], "\(text)")
            #expect(positions == line?.positions ?? [], "\(text)")
        }
    }

    /// The label's line-break check (UTF-8 bytes first) agrees with the
    /// scalars': "€" and "…" share U+2028's lead byte and break nothing.
    @Test func lineBreaksAreFoundInTheBytes() {
        for text in [
            "", "a", "a\nb", "\r", "a\r\nb", "x\u{2028}y", "\u{2029}", "€ 5", "…", "Wi-Fi", "\u{10FFFD}\n",
            "tab\there", "€\u{2028}",
        ] {
            #expect(
                TextLayout.hasLineBreak(text) == text.unicodeScalars.contains(where: TextLayout.breaksLine),
                "\(text.debugDescription)")
        }
    }

    /// The pen's quantization (whole pixel and quarters, no libm call)
    /// equals rounding the fraction's quarters with `rounded()`, halves
    /// away from zero, at and next to every quarter and eighth, negative
    /// and positive, and at random.
    @Test func penPositionsRoundToTheNearestQuarter() {
        func reference(_ x: Double) -> (Int, Int) {
            var pixel = Int(x.rounded(.down))
            var quarter = Int(((x - Double(pixel)) * 4).rounded())
            if quarter == 4 {
                pixel += 1
                quarter = 0
            }
            return (pixel, quarter)
        }
        var rng = SplitMix64(seed: 0x9E4)
        var xs: [Double] = [
            0, -0, 0.125, 0.375, 0.875, -0.125, -0.625, 0.49999999999999994 / 4, 1 - 1e-17,
            -1e-300, 1e-300, Double(1 << 30) - 0.125, -Double(1 << 30) + 0.875,
        ]
        for k in -80...80 {
            let eighth = Double(k) / 8
            xs += [eighth, eighth.nextUp, eighth.nextDown, eighth + 1e-9, eighth - 1e-9]
        }
        for _ in 0..<20_000 { xs.append(rng.double(in: -3000...3000)) }
        for x in xs {
            let (pixel, quarter) = GlyphCache.pen(atDeviceX: x)
            let (p, q) = reference(x)
            #expect(pixel == p && quarter == q, "x = \(x)")
        }
    }

    /// Masks served by the front table count as used: under eviction the
    /// glyphs drawn all along stay cached, and every lookup returns the
    /// mask of its own key.
    @Test func frontTableHitsKeepTheirMasksRecentlyUsed() throws {
        let cache = GlyphCache(byteLimit: 60_000)
        let kept = Self.font.glyph(for: "W")
        let first = try #require(cache.mask(kept, of: Self.font, size: 17, subpixel: 2)?.surface)
        let glyphs = "abcdefghijklmnopqrstuvwxyz".unicodeScalars.map { Self.font.glyph(for: $0) }
        for size in stride(from: 18.0, through: 120, by: 6) {
            for glyph in glyphs {
                _ = cache.mask(glyph, of: Self.font, size: size, subpixel: 1)
                // "W" used between every two others, from the front table.
                let again = try #require(cache.mask(kept, of: Self.font, size: 17, subpixel: 2)?.surface)
                #expect(again === first)
            }
        }
        #expect(cache.evictions > 0)
        // Each key's own mask: the same bytes as a fresh render.
        for glyph in glyphs.prefix(6) {
            for quarter in 0..<4 {
                let mask = try #require(cache.mask(glyph, of: Self.font, size: 23, subpixel: quarter))
                let fresh = try #require(GlyphCache.render(glyph, of: Self.font, size: 23, offset: Double(quarter) / 4))
                #expect(mask.left == fresh.left && mask.top == fresh.top)
                #expect(mask.surface?.bytes == fresh.surface?.bytes)
            }
        }
    }
}
