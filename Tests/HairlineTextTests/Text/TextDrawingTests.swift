// Drawing text: glyphs from the cache land where their outlines filled at
// the same (quantized) pen positions land, with any paint; other
// transforms fill the outlines; alignment and rects place lines; cached
// draws reuse every mask.

import Testing
import Hairline
@testable import HairlineText
import HairlineTestSupport

@Suite struct TextDrawingTests {
    static let font = try! Font(.dejaVuSans)

    /// The outlines of `layout`'s first line at `origin` (user space), the
    /// reference the cached draw must match.
    static func outlines(_ layout: TextLayout, at origin: Point) throws -> Path {
        var path = Path()
        let unit = layout.size / Double(font.metrics.unitsPerEm)
        for (i, glyph) in layout.lines[0].glyphs.enumerated() {
            let place = AffineTransform(
                a: unit, b: 0, c: 0, d: -unit, tx: origin.x + layout.lines[0].positions[i],
                ty: origin.y)
            path.addPath(try font.outline(of: glyph).applying(place))
        }
        return path
    }

    static func worstDifference(_ a: Surface, _ b: Surface) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y)!, q = b.pixel(x: x, y: y)!
                worst = max(
                    worst, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                    abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
            }
        }
        return worst
    }

    /// Single glyphs (no overlap between masks) at pen positions on
    /// quarter device pixels and baselines on whole rows: the cached draw
    /// gives what filling the outline there gives (±1: the mask is the
    /// same coverage computed at a whole-pixel translation).
    @Test(arguments: [1.0, 2, 3])
    func cachedGlyphsMatchTheirOutlines(scale: Double) throws {
        var rng = SplitMix64(seed: 1907)
        let paints: [Paint] = [
            .solid(.black), .solid(Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7)),
            .linearGradient(
                LinearGradient(
                    Gradient(from: .black, to: Color(red: 0.9, green: 0.1, blue: 0.1)),
                    start: Point(x: 0, y: 0), end: Point(x: 60, y: 20))),
        ]
        for round in 0..<60 {
            let scalar = "AgQ@&é%ßW1yj".unicodeScalars.map { $0 }[round % 12]
            let size = [11.0, 13, 17, 22, 34][rng.int(in: 0...4)]
            let quarter = Double(rng.int(in: 0...3)) / 4
            let origin = Point(
                x: (Double(rng.int(in: 4...20)) + quarter) / scale, y: Double(rng.int(in: 40...60)) / scale)
            let paint = paints[rng.int(in: 0...2)]
            var surfaces: [Surface] = []
            for cached in [true, false] {
                let surface = try Surface(width: Int(80 * scale), height: Int(40 * scale))
                let canvas = Canvas(surface: surface, scale: scale)
                canvas.clear(.white)
                let layout = TextLayout(String(scalar), font: Self.font, size: size)
                if cached {
                    canvas.draw(layout, at: origin, paint: paint)
                } else {
                    canvas.fill(try Self.outlines(layout, at: origin), with: paint)
                }
                surface.flush()
                surfaces.append(surface)
            }
            let worst = Self.worstDifference(surfaces[0], surfaces[1])
            #expect(worst <= 1, "round \(round): \(scalar) \(size) pt @\(scale)x at \(origin): \(worst)")
        }
    }

    /// Any transform other than a uniform scale and a translation fills
    /// the outlines themselves: rotated text equals the rotated outlines.
    @Test func rotatedTextFillsItsOutlines() throws {
        var surfaces: [Surface] = []
        let layout = TextLayout("Rotated AV", font: Self.font, size: 15)
        for direct in [false, true] {
            let surface = try Surface(width: 120, height: 120)
            let canvas = Canvas(surface: surface, scale: 1)
            canvas.clear(.white)
            canvas.translateBy(x: 60, y: 60)
            canvas.rotate(by: 0.6)
            if direct {
                canvas.fill(try Self.outlines(layout, at: Point(x: -40, y: 0)), with: .solid(.black))
            } else {
                canvas.draw(layout, at: Point(x: -40, y: 0), paint: .solid(.black))
            }
            surface.flush()
            surfaces.append(surface)
        }
        #expect(surfaces[0].bytes == surfaces[1].bytes)
        #expect(distinctPixelCount(surfaces[0]) > 20)
    }

    /// Lines in a rect: leading, centred and trailing lines end where the
    /// alignment says; truncation keeps the line inside the rect.
    @Test func alignmentPlacesLinesAcrossTheRect() throws {
        for alignment in TextAlignment.allCases {
            let surface = try Surface(width: 300, height: 40)
            let canvas = Canvas(surface: surface, scale: 1)
            canvas.clear(.white)
            let rect = Rect(x: 20, y: 5, width: 260, height: 30)
            canvas.draw("Centre me", font: Self.font, size: 17, in: rect, alignment: alignment, paint: .solid(.black))
            surface.flush()
            var minX = Int.max, maxX = Int.min
            for y in 0..<surface.height {
                for x in 0..<surface.width where surface.pixel(x: x, y: y) != Color.white.premultiplied {
                    minX = min(minX, x)
                    maxX = max(maxX, x + 1)
                }
            }
            let width = TextLayout("Centre me", font: Self.font, size: 17).width
            switch alignment {
            case .leading: #expect(abs(Double(minX) - 20) <= 2)
            case .center: #expect(abs(Double(minX + maxX) / 2 - 150) <= 2)
            case .trailing: #expect(abs(Double(maxX) - 280) <= 2)
            }
            #expect(Double(maxX - minX) <= width + 2)
        }
    }

    /// One line drawn straight from its scalars (the allocation-free label
    /// path) gives what drawing its layout gives, byte for byte.
    @Test func labelsDrawAsTheirLayouts() throws {
        var rng = SplitMix64(seed: 2811)
        let samples = ["Wi-Fi Network Status", "AVATAR To Wally", "tab\there", "Ünïcödé ßtraße €", "a\u{10FFFD}b", ""]
        for round in 0..<40 {
            let scale = [1.0, 2, 3, 1.5][round % 4]
            let text = samples[rng.int(in: 0...(samples.count - 1))]
            let origin = Point(x: rng.double(in: -5...30), y: rng.double(in: 10...30))
            let size = rng.double(in: 8...30)
            var surfaces: [Surface] = []
            for direct in [true, false] {
                let surface = try Surface(width: Int(200 * scale), height: Int(40 * scale))
                let canvas = Canvas(surface: surface, scale: scale)
                canvas.clear(.white)
                if direct {
                    canvas.draw(text, font: Self.font, size: size, at: origin, paint: .solid(.black))
                } else {
                    canvas.draw(
                        TextLayout(text, font: Self.font, size: size, lineBreakMode: .clipping), at: origin,
                        paint: .solid(.black))
                }
                surface.flush()
                surfaces.append(surface)
            }
            #expect(
                surfaces[0].bytes == surfaces[1].bytes, "round \(round): \(text) at \(origin), \(size) pt @\(scale)x")
        }
    }

    /// A second draw of the same text renders no glyph again.
    @Test func cachedDrawsReuseTheirMasks() throws {
        let surface = try Surface(width: 200, height: 40)
        let canvas = Canvas(surface: surface, scale: 2)
        canvas.draw("Wi-Fi Network Status", font: Self.font, size: 17, at: Point(x: 5, y: 15), paint: .solid(.black))
        let state = canvas.attachment(TextCanvasState.self) { TextCanvasState() }
        let made = state.glyphs.misses, kept = state.glyphs.count
        for _ in 0..<5 {
            canvas.draw(
                "Wi-Fi Network Status", font: Self.font, size: 17, at: Point(x: 5, y: 15), paint: .solid(.black))
        }
        #expect(state.glyphs.misses == made)
        #expect(state.glyphs.count == kept)
        #expect(state.glyphs.hits >= 5 * 17)
        canvas.removeCachedGlyphs()
        #expect(state.glyphs.count == 0)
    }

    @Test func badInputDrawsNothingAndNeverTraps() throws {
        let surface = try Surface(width: 50, height: 50)
        let canvas = Canvas(surface: surface, scale: 1)
        canvas.clear(.white)
        for size in [0.0, -1, .nan, .infinity, 1e9] {
            canvas.draw("text", font: Self.font, size: size, at: Point(x: 5, y: 20), paint: .solid(.black))
        }
        for origin in [Point(x: .nan, y: 5), Point(x: 1e300, y: 5), Point(x: -1e18, y: 1e18)] {
            canvas.draw("text", font: Self.font, size: 12, at: origin, paint: .solid(.black))
        }
        canvas.draw("", font: Self.font, size: 12, at: Point(x: 5, y: 20), paint: .solid(.black))
        surface.flush()
        #expect(distinctPixelCount(surface) == 1)
    }
}

@Suite struct TextShadowTests {
    /// Text with a shadow casts one shadow for the whole run: with blur 0
    /// and a translucent shadow color, where two glyphs' pixels overlap
    /// the shadow is no darker than elsewhere (one shape, not one per
    /// glyph), and it lies where the text moved by the offset lies.
    @Test func textCastsOneShadow() throws {
        let font = try Font(.dejaVuSans)
        let shadowColor = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        let surface = try Surface(width: 200, height: 60)
        let canvas = Canvas(surface: surface, scale: 1)
        canvas.clear(.white)
        canvas.setShadow(offset: Size(width: 0, height: 30), blur: 0, color: shadowColor)
        // "AVAV" kerns its glyphs into each other's pixels.
        canvas.draw("AVAVAV", font: font, size: 24, at: Point(x: 10, y: 25), paint: .solid(.black))
        surface.flush()
        // The shadow's band (rows 31...59, below the text): no pixel darker
        // than the shadow color over white at full coverage.
        let darkest = Color(red: 0.5, green: 0.5, blue: 0.5).premultiplied
        var shadowPixels = 0
        for y in 31..<60 {
            for x in 0..<200 {
                let p = try #require(surface.pixel(x: x, y: y))
                #expect(Int(p.red) >= Int(darkest.red) - 1, "(\(x), \(y)): \(p)")
                if p.red < 250 { shadowPixels += 1 }
            }
        }
        #expect(shadowPixels > 200)
    }
}
