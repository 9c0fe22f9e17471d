// Drawing shaped text: an Arabic word with marks drawn by the label call
// (Canvas.draw(_:font:size:at:)) equals its layout drawn, and has ink;
// a raised mark (TextLine.yOffsets) is drawn where the offset puts it:
// the label equals the filled outlines placed by hand from the shaper's
// positions.

import Foundation
import Testing
import Hairline
import HairlinePNG
@testable import HairlineText
import HairlineTestSupport

@Suite struct ShapedDrawingTests {
    static func draw(_ body: (Canvas) throws -> Void) throws -> Surface {
        let surface = try Surface(width: 120, height: 60)
        let canvas = Canvas(surface: surface, scale: 1)
        canvas.clear(.white)
        try body(canvas)
        surface.flush()
        return surface
    }

    @Test func arabicLabelIsDrawnShaped() throws {
        let font = try FixtureFonts.font("Amiri-Regular.ttf")
        let text = "بِسْمِ سلام"
        let origin = Point(x: 6, y: 40)
        let label = try Self.draw { $0.draw(text, font: font, size: 24, at: origin, paint: .solid(.black)) }
        let layout = try Self.draw {
            $0.draw(TextLayout(text, font: font, size: 24, lineBreakMode: .clipping), at: origin, paint: .solid(.black))
        }
        // By hand: each shaped glyph's outline at pen + offset.
        let unit = 24 / Double(font.metrics.unitsPerEm)
        let manual = try Self.draw { canvas in
            var path = Path()
            let run = TextLayout(text, font: font, size: 24).lines[0]
            for (i, glyph) in run.glyphs.enumerated() {
                let raise = run.yOffsets.isEmpty ? 0 : run.yOffsets[i]
                let outline = try font.outline(of: glyph)
                path.addPath(
                    outline.applying(
                        AffineTransform(
                            a: unit, b: 0, c: 0, d: -unit,
                            tx: origin.x + run.positions[i], ty: origin.y - raise)))
            }
            canvas.fill(path, with: .solid(.black))
        }
        if let folder = ProcessInfo.processInfo.environment["HAIRLINE_SHAPING_PNG"] {
            try PNGEncoder.write(label, toFile: folder + "/arabic-label.png")
        }
        #expect(TextDrawingTests.worstDifference(label, layout) == 0)
        // Glyph masks composited one by one differ from one filled path
        // only where glyphs overlap at their edges (the joins).
        var ink = 0, far = 0
        for y in 0..<label.height {
            for x in 0..<label.width {
                let a = Int(label.pixel(x: x, y: y)?.red ?? 0), b = Int(manual.pixel(x: x, y: y)?.red ?? 0)
                if a < 128 { ink += 1 }
                if abs(a - b) > 64 { far += 1 }
            }
        }
        #expect(ink > 100)
        #expect(far * 50 < ink, "\(far) of \(ink) inked pixels differ by more than 64")
    }
}
