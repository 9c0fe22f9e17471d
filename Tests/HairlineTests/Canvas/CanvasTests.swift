// Canvas: the base transform per scale, the state stack, clear, and fills
// landing on the expected device pixels.

import Testing
@testable import Hairline

@Suite struct CanvasTests {
    @Test(arguments: [1.0, 2.0, 3.0])
    func baseTransformIsTheScaleAndResetReturnsToIt(scale: Double) throws {
        let canvas = Canvas(surface: try Surface(width: 4, height: 4), scale: scale)
        #expect(canvas.transform == AffineTransform(scaleX: scale, y: scale))
        canvas.translateBy(x: 3, y: 4)
        canvas.rotate(by: 0.3)
        canvas.resetTransform()
        #expect(canvas.transform == canvas.baseTransform)
    }

    @Test func saveAndRestoreNest() throws {
        let canvas = Canvas(surface: try Surface(width: 4, height: 4), scale: 2)
        canvas.save()
        canvas.translateBy(x: 1, y: 0)
        canvas.withSavedState {
            canvas.scaleBy(x: 3, y: 3)
            #expect(canvas.transform.apply(to: Point(x: 1, y: 1)) == Point(x: 8, y: 6))
        }
        #expect(canvas.transform.apply(to: Point(x: 1, y: 1)) == Point(x: 4, y: 2))
        canvas.restore()
        #expect(canvas.transform == canvas.baseTransform)
        canvas.restore()  // unbalanced: harmless
        #expect(canvas.transform == canvas.baseTransform)
    }

    @Test func concatenateAppliesInUserSpace() throws {
        let canvas = Canvas(surface: try Surface(width: 4, height: 4), scale: 3)
        canvas.concatenate(AffineTransform(translationX: 1, y: 2))
        #expect(canvas.transform.apply(to: .zero) == Point(x: 3, y: 6))
    }

    @Test func clearStoresThePremultipliedColor() throws {
        let surface = try Surface(width: 3, height: 2)
        Canvas(surface: surface).clear(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(surface.pixel(x: 2, y: 1) == PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 128))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func pixelAlignedRectFillsWholePixelsAtEveryScale(scale: Double) throws {
        // A rect on whole device pixels: full pixels inside, nothing outside.
        let surface = try Surface(width: 12, height: 12)
        let canvas = Canvas(surface: surface, scale: scale)
        var path = Path()
        path.addRect(Rect(x: 1 / scale, y: 2 / scale, width: 9 / scale, height: 7 / scale))
        canvas.fill(path, with: Color(red: 0.2, green: 0.4, blue: 0.6))
        for y in 0..<12 {
            for x in 0..<12 {
                let inside = x >= 1 && x < 10 && y >= 2 && y < 9
                #expect(surface.pixel(x: x, y: y)!.alpha == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
        #expect(surface.pixel(x: 5, y: 5) == PremultipliedColor(red: 51, green: 102, blue: 153, alpha: 255))
    }

    @Test func translucentFillsBlendSourceOver() throws {
        let surface = try Surface(width: 4, height: 4)
        let canvas = Canvas(surface: surface)
        canvas.clear(Color(red: 0, green: 0, blue: 1))
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 4, height: 4))
        canvas.fill(path, with: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        // 128 red over (0, 0, 255): blue keeps 255 · 127/255.
        #expect(surface.pixel(x: 1, y: 1) == PremultipliedColor(red: 128, green: 0, blue: 127, alpha: 255))
    }

    @Test func evenOddPunchesHolesNonZeroDoesNot() throws {
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        path.addRect(Rect(x: 3, y: 3, width: 4, height: 4))
        let nonZero = try engineCoverage(path, width: 10, height: 10, rule: .nonZero)
        let evenOdd = try engineCoverage(path, width: 10, height: 10, rule: .evenOdd)
        #expect(nonZero[5 * 10 + 5] == 1)
        #expect(evenOdd[5 * 10 + 5] == 0)
        #expect(evenOdd[1 * 10 + 1] == 1)
    }

    @Test func scratchStopsGrowingAfterTheFirstDraw() throws {
        let surface = try Surface(width: 1029, height: 132)
        let canvas = Canvas(surface: surface, scale: 3)
        var path = Path()
        path.addRoundedRect(in: Rect(x: 1.0 / 6, y: 1.0 / 6, width: 343 - 1.0 / 3, height: 44 - 1.0 / 3), cornerRadius: 10)
        canvas.fill(path, with: .white)
        let edges = canvas.renderer.rasterizer.builder.edges.capacity
        let storage = canvas.renderer.rasterizer.storageFootprint
        for _ in 0..<5 { canvas.fill(path, with: .white) }
        #expect(canvas.renderer.rasterizer.builder.edges.capacity == edges)
        #expect(canvas.renderer.rasterizer.storageFootprint == storage)
    }
}
