// Canvas: the base transform per scale, the state stack, clear, and fills
// landing on the expected device pixels.

import Testing
@testable import Hairline
import HairlineTestSupport

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
            #expect(Point(x: 1, y: 1).applying(canvas.transform) == Point(x: 8, y: 6))
        }
        #expect(Point(x: 1, y: 1).applying(canvas.transform) == Point(x: 4, y: 2))
        canvas.restore()
        #expect(canvas.transform == canvas.baseTransform)
        canvas.restore()  // unbalanced: harmless
        #expect(canvas.transform == canvas.baseTransform)
    }

    @Test func concatenateAppliesInUserSpace() throws {
        let canvas = Canvas(surface: try Surface(width: 4, height: 4), scale: 3)
        canvas.concatenate(AffineTransform(translationX: 1, y: 2))
        #expect(Point.zero.applying(canvas.transform) == Point(x: 3, y: 6))
    }

    @Test func devicePixelTranslationIsExactAfterTheScale() throws {
        let canvas = Canvas(surface: try Surface(width: 4, height: 4), scale: 3)
        canvas.translateBy(devicePixelsX: 1000, y: 7)
        #expect(Point(x: 1.0 / 3, y: 0).applying(canvas.transform) == Point(x: 1001, y: 7))
        canvas.scaleBy(x: 2, y: 2)
        // Applied after the current transform: later user transforms act
        // inside it.
        #expect(Point(x: 1, y: 1).applying(canvas.transform) == Point(x: 1006, y: 13))
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
        path.addRoundedRect(
            in: Rect(x: 1.0 / 6, y: 1.0 / 6, width: 343 - 1.0 / 3, height: 44 - 1.0 / 3), cornerRadius: 10)
        canvas.fill(path, with: .white)
        let edges = canvas.renderer.rasterizer.builder.edges.capacity
        let storage = canvas.renderer.rasterizer.storageFootprint
        for _ in 0..<5 { canvas.fill(path, with: .white) }
        #expect(canvas.renderer.rasterizer.builder.edges.capacity == edges)
        #expect(canvas.renderer.rasterizer.storageFootprint == storage)
    }

    /// The workload's three draws (fill, stroke; solid, gradient, pattern
    /// paints) reuse every buffer from the second draw on: steady drawing
    /// allocates nothing (Benchmarks/allocations.sh shows the same with
    /// valgrind's allocation count).
    @Test func everyCellDrawReusesItsBuffers() throws {
        for scale in [1.0, 2.0, 3.0] {
            let surface = try Surface(width: Int(343 * scale), height: Int(44 * scale))
            let canvas = Canvas(surface: surface, scale: scale)
            let b = 0.5 / scale
            var path = Path()
            path.addRoundedRect(in: Rect(x: b, y: b, width: 343 - 2 * b, height: 44 - 2 * b), cornerRadius: 10)
            let n = Int(8 * scale)
            let tile = try Image(
                width: n, height: n,
                colors: (0..<(n * n)).map { i in
                    ((i % n) / (n / 2) + (i / n) / (n / 2)) % 2 == 0
                        ? Color(red: 1, green: 1, blue: 0.9) : Color(red: 0.94, green: 0.94, blue: 0.86)
                })
            let paints: [Paint] = [
                .solid(Color(red: 1, green: 1, blue: 0.9)),
                .linearGradient(
                    LinearGradient(
                        Gradient(from: .white, to: Color(red: 0.85, green: 0.88, blue: 0.95)),
                        start: .zero, end: Point(x: 0, y: 44))),
                .pattern(ImagePattern(tile, transform: AffineTransform(scaleX: 1 / scale, y: 1 / scale))),
            ]
            // Clipped draws (masks of several sizes, nested, and rects on
            // and off whole pixels) and nine-slice images reuse their
            // scratch too.
            func drawAll() {
                for paint in paints {
                    canvas.clear()
                    canvas.fill(path, with: paint)
                    canvas.stroke(
                        path, with: Color(red: 0.78, green: 0.78, blue: 0.8), style: StrokeStyle(width: 1 / scale))
                }
                for (i, inset) in [0.0, 3.25, 9.5].enumerated() {
                    canvas.save()
                    canvas.clip(to: Rect(x: inset, y: 0.5 * Double(i), width: 300 - inset, height: 40))
                    var clip = Path()
                    clip.addRoundedRect(
                        in: Rect(x: inset, y: inset, width: 343 - 2 * inset, height: 44 - 2 * inset),
                        cornerRadius: 10)
                    canvas.clip(to: clip)
                    canvas.draw(
                        tile, in: Rect(x: 0, y: 0, width: 343, height: 44),
                        capInsets: EdgeInsets(top: 2, left: 3, bottom: 2, right: 3), imageScale: scale)
                    canvas.restore()
                }
            }
            drawAll()
            drawAll()
            let footprint = canvas.storageFootprint
            for _ in 0..<5 { drawAll() }
            #expect(canvas.storageFootprint == footprint, "scale \(scale)")
        }
    }
}
