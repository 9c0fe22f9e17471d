// Image draws: an image scaled into a rect, and nine-slice stretchable
// images (caps keep their size at the image's scale, edges stretch, the
// centre stretches or tiles), at several canvas scales.

import Testing
@testable import Hairline

@Suite struct ImageDrawTests {
    static let colors = (0..<9).map { Color(red: Double($0) / 8, green: Double(8 - $0) / 8, blue: Double($0 % 3) / 2) }

    /// A 6 x 6 image whose nine 2 x 2 blocks each have one color of `colors`.
    static func blocks() throws -> Image {
        var pixels: [Color] = []
        for y in 0..<6 { for x in 0..<6 { pixels.append(colors[(y / 2) * 3 + x / 2]) } }
        return try Image(width: 6, height: 6, colors: pixels)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func imageFillsItsRect(scale: Double) throws {
        let image = try Image(width: 2, height: 2, colors: Array(Self.colors.prefix(4)))
        let surface = try Surface(width: Int(8 * scale), height: Int(8 * scale))
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.draw(image, in: Rect(x: 2, y: 2, width: 4, height: 4), sampling: .nearest)
        let n = Int(2 * scale)
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let inside = x >= n && x < 3 * n && y >= n && y < 3 * n
                let expected = inside ? Self.colors[((y - n) / n) * 2 + (x - n) / n].premultiplied : .clear
                #expect(surface.pixel(x: x, y: y) == expected, "(\(x), \(y)) at \(scale)x")
            }
        }
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func nineSliceKeepsCapsAndStretchesTheRest(scale: Double) throws {
        // An @2x image: 2 px caps are 1 pt, i.e. `scale` device pixels.
        let surface = try Surface(width: Int(20 * scale), height: Int(10 * scale))
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.draw(
            try Self.blocks(), in: Rect(x: 0, y: 0, width: 20, height: 10),
            capInsets: EdgeInsets(all: 2), imageScale: 2, sampling: .nearest)
        let cap = Int(scale), w = surface.width, h = surface.height
        func block(_ x: Int, _ y: Int) -> Int {
            let column = x < cap ? 0 : (x >= w - cap ? 2 : 1)
            let row = y < cap ? 0 : (y >= h - cap ? 2 : 1)
            return row * 3 + column
        }
        for y in 0..<h {
            for x in 0..<w {
                #expect(
                    surface.pixel(x: x, y: y) == Self.colors[block(x, y)].premultiplied, "(\(x), \(y)) at \(scale)x")
            }
        }
    }

    @Test func nineSliceCentreCanTile() throws {
        // The centre slice is a 2 x 2 checker of colors 0 and 8, tiled at 1 px per pt.
        var pixels: [Color] = Array(repeating: Self.colors[4], count: 36)
        for (x, y) in [(2, 2), (3, 3)] { pixels[y * 6 + x] = Self.colors[0] }
        for (x, y) in [(3, 2), (2, 3)] { pixels[y * 6 + x] = Self.colors[8] }
        let image = try Image(width: 6, height: 6, colors: pixels)
        let surface = try Surface(width: 12, height: 12)
        Canvas(surface: surface).draw(
            image, in: Rect(x: 0, y: 0, width: 12, height: 12), capInsets: EdgeInsets(all: 2),
            center: .tile, sampling: .nearest)
        for y in 2..<10 {
            for x in 2..<10 {
                let expected = (x + y) % 2 == 0 ? Self.colors[0] : Self.colors[8]
                #expect(surface.pixel(x: x, y: y) == expected.premultiplied, "(\(x), \(y))")
            }
        }
    }

    @Test func badInsetsAndRectsDrawSafely() throws {
        let surface = try Surface(width: 8, height: 8)
        let canvas = Canvas(surface: surface)
        canvas.draw(
            try Self.blocks(), in: Rect(x: 0, y: 0, width: 8, height: 8),
            capInsets: EdgeInsets(top: .nan, left: -3, bottom: .infinity, right: 1e300), sampling: .nearest)
        // Insets that are NaN, negative or infinite count as 0, a huge one is
        // clamped to the image: something was drawn, nothing trapped.
        #expect(surface.pixel(x: 4, y: 4)!.alpha == 255)
        let before = surface.bytes
        canvas.draw(try Self.blocks(), in: Rect(x: .nan, y: 0, width: 8, height: 8))
        canvas.draw(
            try Self.blocks(), in: Rect(x: 0, y: 0, width: 8, height: 8), capInsets: EdgeInsets(all: 1),
            imageScale: .nan)
        #expect(surface.bytes == before)
    }

    @Test func capsShrinkWhenTheRectIsTooSmall() throws {
        let surface = try Surface(width: 2, height: 2)
        Canvas(surface: surface).draw(
            try Self.blocks(), in: Rect(x: 0, y: 0, width: 2, height: 2),
            capInsets: EdgeInsets(all: 2), sampling: .nearest)
        // Caps of 2 + 2 squeezed into 2: each corner gets one pixel.
        #expect(surface.pixel(x: 0, y: 0) == Self.colors[0].premultiplied)
        #expect(surface.pixel(x: 1, y: 1) == Self.colors[8].premultiplied)
    }
}
