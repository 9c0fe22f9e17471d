// The code samples of the documentation catalog (Sources/Hairline/
// Hairline.docc), compiled and run against the public API only (a plain
// import, not @testable), with the claims the articles make about their
// pixels checked. An article's sample and its test change together.

import Testing
import Dispatch
import Hairline

@Suite struct DocumentationSnippetTests {
    // MARK: Getting started

    @Test func gettingStarted() throws {
        // A 343 x 44 pt cell at 3x: 1029 x 132 device pixels.
        let surface = try Surface(width: 1029, height: 132)
        let canvas = Canvas(surface: surface, scale: 3)

        // The cell's bounds inset by half a device pixel (0.5 / scale pt)
        // so that a one-device-pixel border lands on whole pixels.
        let inset = 0.5 / canvas.scale
        var path = Path()
        path.addRoundedRect(
            in: Rect(x: 0, y: 0, width: 343, height: 44).insetBy(dx: inset, dy: inset),
            cornerRadius: 10)

        canvas.clear()
        canvas.draw(
            path,
            fill: .solid(Color(red: 1, green: 1, blue: 0.9)),
            stroke: .solid(Color(red: 0.78, green: 0.78, blue: 0.8)),
            style: StrokeStyle(width: 1 / canvas.scale))

        let border = surface.pixel(x: 500, y: 0)
        #expect(border == Color(red: 0.78, green: 0.78, blue: 0.8).premultiplied)
        #expect(surface.pixel(x: 500, y: 1) == Color(red: 1, green: 1, blue: 0.9).premultiplied)
        #expect(surface.pixel(x: 0, y: 0)?.alpha == 0)  // outside the rounded corner
    }

    // MARK: Coordinates and pixels

    @Test(arguments: [1.0, 2.0, 3.0, 1.5, 2.5])
    func hairlineInsetIsCrisp(scale: Double) throws {
        let width = 100, height = 40
        let surface = try Surface(
            width: Int((Double(width) * scale).rounded()),
            height: Int((Double(height) * scale).rounded()))
        let canvas = Canvas(surface: surface, scale: scale)
        let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        var border = Path()
        border.addRect(bounds.insetBy(dx: 0.5 / scale, dy: 0.5 / scale))
        canvas.stroke(border, with: .black, style: StrokeStyle(width: 1 / scale))

        // Row 0 and column 0 are fully covered, the pixels next to them
        // not at all: one device pixel, no spill.
        let middle = surface.width / 2
        #expect(surface.pixel(x: middle, y: 0)?.alpha == 255)
        #expect(surface.pixel(x: middle, y: 1)?.alpha == 0)
        #expect(surface.pixel(x: 0, y: surface.height / 2)?.alpha == 255)
        #expect(surface.pixel(x: 1, y: surface.height / 2)?.alpha == 0)
    }

    @Test func pixelCentresAndHairlines() throws {
        let surface = try Surface(width: 8, height: 8)
        let canvas = Canvas(surface: surface, scale: 2)
        // A width-0 stroke is one device pixel wide at any transform: the
        // line x = 1.25 pt is device x = 2.5, the centre of column 2.
        var line = Path()
        line.move(to: Point(x: 1.25, y: 0))
        line.addLine(to: Point(x: 1.25, y: 4))
        canvas.stroke(line, with: .black, style: .hairline)
        #expect(surface.pixel(x: 2, y: 3)?.alpha == 255)
        #expect(surface.pixel(x: 1, y: 3)?.alpha == 0 && surface.pixel(x: 3, y: 3)?.alpha == 0)

        // User space to device space is the canvas's transform.
        #expect(Point(x: 1.25, y: 4).applying(canvas.transform) == Point(x: 2.5, y: 8))
    }

    // MARK: Coverage and exactness

    @Test func coverageIsTheExactArea() throws {
        let surface = try Surface(width: 4, height: 4)
        let canvas = Canvas(surface: surface)
        // A triangle covering half of pixel (1, 1), cut along its diagonal.
        var triangle = Path()
        triangle.move(to: Point(x: 1, y: 1))
        triangle.addLine(to: Point(x: 2, y: 1))
        triangle.addLine(to: Point(x: 1, y: 2))
        triangle.closeSubpath()
        canvas.fill(triangle, with: .black)
        #expect(surface.pixel(x: 1, y: 1)?.alpha == 128)  // 0.5 × 255, rounded
        #expect(surface.pixel(x: 2, y: 1)?.alpha == 0)
    }

    // MARK: Embedding

    @Test func embeddingCallerMemory() throws {
        let width = 64, height = 48, bytesPerRow = 64 * 4 + 32  // padded rows
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytesPerRow * height, alignment: 16)
        defer { buffer.deallocate() }  // after the last use of the surface
        buffer.initializeMemory(as: UInt8.self, repeating: 0xAB)

        let target = try Surface(
            wrapping: buffer, width: width, height: height, bytesPerRow: bytesPerRow,
            format: .bgra8Premultiplied)
        let canvas = Canvas(surface: target, scale: 2)
        canvas.clear(.white)
        var dot = Path()
        dot.addEllipse(in: Rect(x: 4, y: 4, width: 16, height: 16))
        canvas.fill(dot, with: Color(red: 1, green: 0, blue: 0))
        target.flush()

        // BGRA byte order in memory; the padding after each row untouched.
        let centre = (12 * 2) * bytesPerRow + (12 * 2) * 4
        #expect(Array(buffer[centre..<centre + 4]) == [0, 0, 255, 255])
        #expect(buffer[width * 4] == 0xAB && buffer[bytesPerRow - 1] == 0xAB)

        // Conversions: a new surface, or your own memory, in any format.
        let rgba = target.converted(to: .rgba8Premultiplied)
        #expect(rgba.pixel(x: 24, y: 24) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        try straight.withUnsafeMutableBytes { bytes in
            try target.copyPixels(into: bytes, bytesPerRow: width * 4, format: .rgba8Premultiplied, alpha: .straight)
        }
        #expect(straight[(24 * width + 24) * 4] == 255)
        let mask = try Surface(width: width, height: height, format: .a8)
        try straight.withUnsafeBytes { bytes in
            try mask.replacePixels(from: bytes, bytesPerRow: width * 4, format: .rgba8Premultiplied, alpha: .straight)
        }
        #expect(mask.pixel(x: 24, y: 24)?.alpha == 255)
    }

    @Test func embeddingBandsInParallel() throws {
        let width = 200, height = 120
        let serial = try Surface(width: width, height: height)
        let parallel = try Surface(width: width, height: height)
        @Sendable func draw(on canvas: Canvas) {
            var cell = Path()
            cell.addRoundedRect(in: Rect(x: 10.25, y: 10.25, width: 79.5, height: 39.5), cornerRadius: 8)
            canvas.draw(cell, fill: .solid(.white), stroke: .solid(.black), style: StrokeStyle(width: 0.5))
        }
        draw(on: Canvas(surface: serial, scale: 2))

        let bands = try parallel.bands([0..<height / 2, height / 2..<height])  // Sendable, disjoint rows
        DispatchQueue.concurrentPerform(iterations: bands.count) { i in
            let canvas = Canvas(surface: bands[i].makeSurface(), scale: 2)
            canvas.translateBy(devicePixelsX: 0, y: -bands[i].rows.lowerBound)  // the target's coordinates
            draw(on: canvas)
        }
        #expect(parallel.bytes == serial.bytes)

        // One canvas (and its scratch memory) moved from band to band.
        let again = try Surface(width: width, height: height)
        let canvas = Canvas(surface: again, scale: 2)
        for band in again.bands(count: 3) {
            canvas.retarget(to: band.makeSurface())
            canvas.translateBy(devicePixelsX: 0, y: -band.rows.lowerBound)
            draw(on: canvas)
        }
        #expect(again.bytes == serial.bytes)
    }
}
