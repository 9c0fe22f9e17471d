// Row windows (Surface.pixelRows): a surface whose pixels exist in some
// rows only. Readers see those rows; canvases draw there alone and give
// them the bytes a whole surface gets; band windows share the parent's
// memory.

import Hairline
import Testing

@Suite struct SurfaceWindowTests {
    @Test func aWindowHoldsAndReadsItsRowsOnly() throws {
        let window = try Surface(width: 5, height: 20, rows: 7..<10)
        #expect(window.pixelRows == 7..<10 && window.width == 5 && window.height == 20)
        #expect(window.pixel(x: 0, y: 6) == nil && window.pixel(x: 0, y: 10) == nil)
        #expect(window.pixel(x: 4, y: 9) == .clear)
        window.setPixel(x: 2, y: 8, to: PremultipliedColor(red: 1, green: 2, blue: 3, alpha: 4))
        window.setPixel(x: 2, y: 12, to: .clear)  // outside: ignored
        #expect(window.bytes.count == 5 * 3 * 4)
        #expect(Array(window.bytes[(5 + 2) * 4..<(5 + 3) * 4]) == [1, 2, 3, 4])
        let image = Image(window)
        #expect(image.width == 5 && image.height == 3)
        #expect(image.pixel(x: 2, y: 1) == PremultipliedColor(red: 1, green: 2, blue: 3, alpha: 4))
        window.clear(to: PremultipliedColor(red: 0, green: 0, blue: 9, alpha: 9))
        #expect(window.pixel(x: 0, y: 7)?.blue == 9 && window.pixel(x: 4, y: 9)?.alpha == 9)
        #expect(window.converted(to: .a8).pixelRows == 7..<10)
    }

    @Test func badWindowRowsThrow() {
        #expect(throws: SurfaceError.self) { try Surface(width: 5, height: 20, rows: 3..<3) }
        #expect(throws: SurfaceError.self) { try Surface(width: 5, height: 20, rows: 15..<21) }
        #expect(throws: SurfaceError.self) { try Surface(width: 5, height: 20, rows: -1..<2) }
    }

    /// A canvas over a window draws its rows exactly as over the whole
    /// surface, untranslated, and clips to them.
    @Test(arguments: [0..<1, 3..<17, 16..<33, 40..<41])
    func aCanvasOverAWindowDrawsItsRowsAsAWholeSurfaceDoes(_ rows: Range<Int>) throws {
        func draw(_ canvas: Canvas) {
            var path = Path()
            path.addEllipse(in: Rect(x: 1.3, y: 0.7, width: 11.1, height: 12.9))
            let gradient = Gradient(from: .white, to: .black)
            canvas.fill(
                path, with: .linearGradient(LinearGradient(gradient, start: .zero, end: Point(x: 10, y: 14))))
            canvas.stroke(path, with: .black, style: StrokeStyle(width: 0.4))
        }
        let whole = try Surface(width: 40, height: 41)
        draw(Canvas(surface: whole, scale: 3))
        let window = try Surface(width: 40, height: 41, rows: rows)
        let canvas = Canvas(surface: window, scale: 3)
        #expect(canvas.deviceClipBounds == PixelRect(minX: 0, minY: rows.lowerBound, maxX: 40, maxY: rows.upperBound))
        draw(canvas)
        let bytesPerRow = 40 * 4
        #expect(window.bytes == Array(whole.bytes[rows.lowerBound * bytesPerRow..<rows.upperBound * bytesPerRow]))
    }

    @Test func bandWindowsShareTheParentsPixels() throws {
        let surface = try Surface(width: 8, height: 9)
        let bands = try surface.bands([0..<4, 4..<9])
        let window = bands[1].makeWindow()
        #expect(window.pixelRows == 4..<9 && window.height == 9)
        var all = Path()
        all.addRect(Rect(x: 0, y: 0, width: 8, height: 9))
        Canvas(surface: window).fill(all, with: .white)
        #expect(surface.pixel(x: 3, y: 3) == .clear)
        #expect(surface.pixel(x: 3, y: 4)?.alpha == 255 && surface.pixel(x: 7, y: 8)?.alpha == 255)
    }
}
