// Color glyphs: COLR v0 layers in order with CPAL's colors (pixels at
// known spots of a hand-built font), COLR v1 paint graphs of Noto Color
// Emoji (layers with gradients) and Noto Znamenny (v0), CBDT and sbix
// bitmaps placed at the size their metrics give; hostile COLR tables
// (truncations, a paint that contains itself, a layer fan-out bomb)
// terminate with no layers rather than trap or hang.

import Hairline
@testable import HairlineText
import Testing

@Suite struct ColorGlyphTests {
    typealias B = FontBuilder

    /// COLR v0: base glyph 1 = glyph 2 (square 0...400) in entry 0, glyph 3
    /// (square 100...300) in entry 1, glyph 4 (square 150...250) in the
    /// text's color.
    static func colrV0() -> [UInt8] {
        var w = ByteWriter()
        w.u16(0); w.u16(1); w.u32(14); w.u32(20); w.u16(3)
        w.u16(1); w.u16(0); w.u16(3)
        for (glyph, entry) in [(2, 0), (3, 1), (4, 0xFFFF)] { w.u16(glyph); w.u16(entry) }
        return w.bytes
    }

    /// CPAL: one palette, entry 0 opaque red, entry 1 opaque blue (BGRA).
    static func cpal() -> [UInt8] {
        var w = ByteWriter()
        w.u16(0); w.u16(2); w.u16(1); w.u16(2); w.u32(14); w.u16(0)
        w.bytes += [0, 0, 255, 255, 255, 0, 0, 255]
        return w.bytes
    }

    static func font(colr: [UInt8], cpal: [UInt8]? = cpal()) -> [UInt8] {
        let map = B.cmap([(3, 1, B.cmap4([B.Segment(start: 0x41, end: 0x41, delta: 1 - 0x41)]))])
        var extra = [("COLR", colr)]
        if let cpal { extra.append(("CPAL", cpal)) }
        return B.font(
            glyphs: [
                B.Glyph(data: B.simple([B.square(0, 0, 400)])), B.Glyph(data: B.simple([B.square(0, 0, 400)])),
                B.Glyph(data: B.simple([B.square(0, 0, 400)])), B.Glyph(data: B.simple([B.square(100, 100, 200)])),
                B.Glyph(data: B.simple([B.square(150, 150, 100)])),
            ],
            cmap: map, extra: extra)
    }

    @Test func colrV0LayersInOrderWithPaletteColors() throws {
        let font = try Font(data: Self.font(colr: Self.colrV0()))
        #expect(font.hasColorGlyphs)
        let green = Color(red: 0, green: 1, blue: 0)
        let layers = try #require(font.colorLayers(of: GlyphID(1), foreground: green))
        #expect(
            layers.map(\.paint) == [
                .solid(Color(red: 1, green: 0, blue: 0)), .solid(Color(red: 0, green: 0, blue: 1)), .solid(green),
            ])
        #expect(font.colorLayers(of: GlyphID(2)) == nil, "a layer glyph is not itself a base glyph")
        // Painted at 1/10 (40 x 40 px, y flipped): each layer over the last.
        let surface = try Surface(width: 40, height: 40)
        let canvas = Canvas(surface: surface)
        canvas.concatenate(AffineTransform(a: 0.1, b: 0, c: 0, d: -0.1, tx: 0, ty: 40))
        for layer in layers { canvas.fill(layer.path, with: layer.paint) }
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let p = surface.pixel(x: x, y: y)!
            return (Int(p.red), Int(p.green), Int(p.blue))
        }
        #expect(pixel(5, 35) == (255, 0, 0))  // font (55, 45): the red square only
        #expect(pixel(12, 27) == (0, 0, 255))  // font (125, 125): blue over red
        #expect(pixel(20, 20) == (0, 255, 0))  // font (205, 195): the text's color on top
    }

    @Test func colrV0WithoutPaletteUsesTheTextColor() throws {
        let font = try Font(data: Self.font(colr: Self.colrV0(), cpal: nil))
        let layers = try #require(font.colorLayers(of: GlyphID(1)))
        #expect(layers.allSatisfy { $0.paint == .solid(Color(red: 0, green: 0, blue: 0)) } && layers.count == 3)
    }

    @Test func notoZnamennyIsColrV0() throws {
        let font = try FixtureFonts.variableOrColorFont("NotoZnamennyMusicalNotation-Regular.ttf")
        // Its 46 base glyphs each have one layer (the glyph itself) in
        // palette entry 0, opaque red (BGRA 00 00 FF FF).
        var bases = 0
        let text = Color(red: 0, green: 0.5, blue: 0)
        for g in 0..<font.glyphCount {
            guard let layers = font.colorLayers(of: GlyphID(UInt16(g)), foreground: text) else { continue }
            bases += 1
            #expect(!layers.isEmpty && layers.allSatisfy { !$0.path.isEmpty })
            #expect(layers.map(\.paint) == [.solid(Color(red: 1, green: 0, blue: 0))])
            #expect(layers[0].path == (try font.outline(of: GlyphID(UInt16(g)))))
        }
        #expect(bases == 46)
    }

    @Test func notoEmojiColrV1HasGradientLayers() throws {
        let font = try FixtureFonts.variableOrColorFont("NotoColorEmojiCOLR.subset.ttf")
        var gradients = 0
        for scalar in ["\u{1F436}", "\u{1F41D}", "\u{1F313}", "\u{1F973}"] as [Unicode.Scalar] {
            let glyph = font.glyph(for: scalar)
            #expect(glyph != .notdef)
            let layers = try #require(font.colorLayers(of: glyph))
            #expect(layers.count > 3 && layers.allSatisfy { !$0.path.isEmpty })
            // Every layer lies within the em box (and a little more).
            let box = layers.map(\.path.bounds).reduce(layers[0].path.bounds) { $0.union($1) }
            let em = Double(font.metrics.unitsPerEm)
            #expect(box.minX > -0.2 * em && box.maxX < 1.4 * em && box.minY > -0.5 * em && box.maxY < 1.2 * em)
            gradients += layers.filter { if case .solid = $0.paint { return false } else { return true } }.count
        }
        #expect(gradients > 0)
    }

    @Test func cbdtBitmapPlacedByItsMetrics() throws {
        let font = try FixtureFonts.variableOrColorFont("NotoColorEmojiCBDT.subset.ttf")
        let glyph = font.glyph(for: "\u{1F600}")
        let layers = try #require(font.colorLayers(of: glyph, pixelsPerEm: 64))
        #expect(layers.count == 1)
        guard case .pattern(let pattern) = layers[0].paint else { Issue.record("not an image"); return }
        #expect(pattern.image.width == 136 && pattern.image.height == 128)
        // Strike 109 ppem, 2048 units per em: bearing (0, 101), 136 x 128 px.
        let unit = 2048.0 / 109, box = layers[0].path.bounds
        #expect(abs(box.minX) < 1e-9 && abs(box.maxY - 101 * unit) < 1e-9)
        #expect(abs(box.width - 136 * unit) < 1e-9 && abs(box.height - 128 * unit) < 1e-9)
    }

    /// (The corner of the outline's control points, as resvg's font
    /// reader gives CFF bounding boxes.)
    @Test func sbixBitmapPlacedAtTheOutlinesCorner() throws {
        let font = try FixtureFonts.font("CFF-and-SBIX.otf")
        let glyph = font.glyph(for: "A")
        let outline = try font.outline(of: glyph).controlPointBounds
        let corner = (xMin: outline.minX.rounded(.down), yMin: outline.minY.rounded(.down))
        for (ppem, side) in [(64.0, 64), (600, 512)] {
            let layers = try #require(font.colorLayers(of: glyph, pixelsPerEm: ppem))
            guard case .pattern(let pattern) = layers[0].paint else { Issue.record("not an image"); continue }
            #expect(pattern.image.width == side, "the strike for \(ppem) px per em")
            // One em (1000 units) square, its bottom-left at the outline's corner.
            let box = layers[0].path.bounds
            #expect(abs(box.width - 1000) < 1e-9 && abs(box.height - 1000) < 1e-9)
            #expect(abs(box.minX - corner.xMin) < 1e-9 && abs(box.minY - corner.yMin) < 1e-9)
        }
    }

    /// COLR v1 header (34 bytes) and a BaseGlyphList of glyph 1 whose
    /// paint is `paint` (bytes after the list's 10 bytes), then `rest`.
    static func colrV1(paint: [UInt8], layerList: [UInt8] = []) -> [UInt8] {
        var w = ByteWriter()
        let baseList = 34, layerListAt = layerList.isEmpty ? 0 : 34 + 10 + paint.count
        w.u16(1); w.u16(0); w.u32(0); w.u32(0); w.u16(0)
        w.u32(baseList); w.u32(layerListAt); w.u32(0); w.u32(0); w.u32(0)
        w.u32(1); w.u16(1); w.u32(10)
        return w.bytes + paint + layerList
    }

    @Test func colrV1CycleAndFanOutBombTerminate() throws {
        // PaintColrGlyph of glyph 1 inside glyph 1's own paint.
        let cycle = try Font(data: Self.font(colr: Self.colrV1(paint: [11, 0, 1])))
        #expect(cycle.colorLayers(of: GlyphID(1)) == nil)
        // A PaintColrLayers whose layers are PaintColrLayers of the next two
        // layers, 40 deep: about 2^28 visits unless bounded.
        var list = ByteWriter()
        let count = 41, paintsAt = 4 + 4 * count
        list.u32(count)
        for i in 0..<count { list.u32(paintsAt + 6 * i) }
        for i in 0..<count {
            if i < count - 2 {
                list.u8(1); list.u8(2); list.u32(i + 1)
            } else {
                list.u8(2); list.u16(0); list.f2Dot14(1); list.u8(0)
            }
        }
        let bomb = try Font(data: Self.font(colr: Self.colrV1(paint: [1, 2, 0, 0, 0, 0], layerList: list.bytes)))
        #expect(bomb.colorLayers(of: GlyphID(1)) == nil)
        // A PaintGlyph of glyph 3 filled with a solid: one layer, the glyph's outline.
        let simple = try Font(data: Self.font(colr: Self.colrV1(paint: [10, 0, 0, 6, 0, 3, 2, 0, 1, 0x40, 0])))
        let layers = try #require(simple.colorLayers(of: GlyphID(1)))
        #expect(
            layers == [
                ColorGlyphLayer(
                    path: try simple.outline(of: GlyphID(3)), paint: .solid(Color(red: 0, green: 0, blue: 1)))
            ])
    }

    @Test func truncatedColorTablesNeverTrap() throws {
        let tables: [[UInt8]] = [Self.colrV0(), Self.colrV1(paint: [10, 0, 0, 6, 0, 3, 2, 0, 1, 0x40, 0])]
        var answered = 0
        for colr in tables {
            for length in 0...colr.count {
                for cpal in [Self.cpal(), Array(Self.cpal().prefix(length))] {
                    guard let font = try? Font(data: Self.font(colr: Array(colr.prefix(length)), cpal: cpal)) else {
                        continue
                    }
                    for g in 0..<6 { _ = font.colorLayers(of: GlyphID(UInt16(g))) }
                    answered += 1
                }
            }
        }
        #expect(answered > 40)
        // The real tables cut short: the emoji fonts' bytes truncated near their color tables.
        for name in ["NotoColorEmojiCBDT.subset.ttf"] {
            let bytes = FixtureFonts.bytes(name)
            for cut in stride(from: bytes.count - 1, to: max(0, bytes.count - 4000), by: -37) {
                guard let font = try? Font(data: Array(bytes.prefix(cut))) else { continue }
                _ = font.colorLayers(of: font.glyph(for: "\u{1F600}"))
            }
        }
    }
}
