// Blend modes through the canvas: the state's mode reaches every paint kind
// and the clip mask, acts only where the shape covers, and is saved and
// restored with the rest of the state.

import Testing
@testable import Hairline

@Suite struct CanvasBlendTests {
    func square() -> Path {
        var path = Path()
        path.addRect(Rect(x: 1, y: 1, width: 2.5, height: 2))
        return path
    }

    @Test func multiplyAndCopyActOnlyInsideTheShape() throws {
        let surface = try Surface(width: 6, height: 4)
        let canvas = Canvas(surface: surface)
        canvas.clear(Color(red: 0.5, green: 1, blue: 1))
        canvas.blendMode = .multiply
        canvas.fill(square(), with: Color(red: 1, green: 0.4, blue: 0.2))
        // Inside: (0.5·1, 1·0.4, 1·0.2) = (128, 102, 51); outside unchanged.
        #expect(surface.pixel(x: 1, y: 1) == PremultipliedColor(red: 128, green: 102, blue: 51, alpha: 255))
        #expect(surface.pixel(x: 0, y: 0) == PremultipliedColor(red: 128, green: 255, blue: 255, alpha: 255))
        // Half-covered pixel x = 3 (coverage 128/255): that far from old to new.
        #expect(surface.pixel(x: 3, y: 1) == PremultipliedColor(red: 128, green: 178, blue: 153, alpha: 255))
        canvas.blendMode = .copy
        canvas.fill(square(), with: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(surface.pixel(x: 2, y: 2) == PremultipliedColor(red: 0, green: 0, blue: 128, alpha: 128))
        #expect(surface.pixel(x: 4, y: 1) == PremultipliedColor(red: 128, green: 255, blue: 255, alpha: 255))
    }

    @Test func clearWithATransparentSourceStillClears() throws {
        let surface = try Surface(width: 6, height: 4)
        let canvas = Canvas(surface: surface)
        canvas.clear(.white)
        canvas.blendMode = .clear
        canvas.fill(square(), with: .clear)
        #expect(surface.pixel(x: 2, y: 2) == .clear)
        #expect(surface.pixel(x: 5, y: 3) == Color.white.premultiplied)
    }

    @Test func modesApplyToGradientsPatternsAndMasks() throws {
        let surface = try Surface(width: 8, height: 8)
        let canvas = Canvas(surface: surface)
        canvas.clear(Color(red: 1, green: 1, blue: 1))
        canvas.blendMode = .difference
        var circle = Path()
        circle.addEllipse(in: Rect(x: 0, y: 0, width: 8, height: 8))
        canvas.clip(to: circle)
        let g = Gradient(from: .white, to: .white)
        var all = Path()
        all.addRect(Rect(x: 0, y: 0, width: 8, height: 8))
        canvas.fill(all, with: .linearGradient(LinearGradient(g, start: .zero, end: Point(x: 8, y: 0))))
        // |1 − 1| = 0 inside the circle; the corner outside the clip stays white.
        #expect(surface.pixel(x: 4, y: 4) == PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255))
        #expect(surface.pixel(x: 0, y: 0) == Color.white.premultiplied)
    }

    @Test func blendModeIsPartOfTheSavedState() throws {
        let canvas = Canvas(surface: try Surface(width: 1, height: 1))
        canvas.save()
        canvas.blendMode = .screen
        canvas.globalAlpha = 0.3
        canvas.restore()
        #expect(canvas.blendMode == .sourceOver && canvas.globalAlpha == 1)
    }
}
