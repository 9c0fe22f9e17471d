// Surfaces over caller memory (any stride), in RGBA8, BGRA8 and A8: every
// draw gives, after conversion, the bytes the RGBA8 path gives; the padding
// between rows is never touched; conversions round-trip; bad memory is a
// thrown error.

import Dispatch
import Synchronization
import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct SurfaceFormatTests {
    /// A random scene: clears, fills, strokes, one-call fills and strokes,
    /// in every kind of paint, blend modes (the non-separable ones
    /// included), clips by rect and by path, global alpha.
    static func drawScene(
        _ seed: UInt64, on canvas: Canvas, width: Double, height: Double,
        clears: Bool = true
    ) throws {
        var rng = SplitMix64(seed: seed)
        let image = try PendingClearTests.mixedImage()
        if rng.int(in: 0...1) == 0, clears { canvas.clear(PendingClearTests.randomColor(&rng)) }
        for _ in 0..<rng.int(in: 2...6) {
            canvas.save()
            if rng.int(in: 0...3) == 0 {
                canvas.clip(
                    to: Rect(
                        x: rng.double(in: -2...width / 2), y: rng.double(in: -2...height / 2),
                        width: rng.double(in: 4...width), height: rng.double(in: 4...height)))
            }
            if rng.int(in: 0...5) == 0 {
                canvas.clip(to: PendingClearTests.randomPath(&rng, width: width, height: height))
            }
            canvas.globalAlpha = rng.int(in: 0...2) == 0 ? rng.double(in: 0...1) : 1
            canvas.blendMode =
                rng.int(in: 0...2) == 0
                ? BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
                : .sourceOver
            let path = PendingClearTests.randomPath(&rng, width: width, height: height)
            let paint = PendingClearTests.randomPaint(&rng, image: image)
            switch rng.int(in: 0...2) {
            case 0: canvas.fill(path, with: paint)
            case 1: canvas.stroke(path, with: paint, style: StrokeStyle(width: rng.double(in: 0...4)))
            default:
                canvas.draw(
                    path, fill: paint, stroke: .solid(PendingClearTests.randomColor(&rng)),
                    style: StrokeStyle(width: rng.double(in: 0...3)))
            }
            canvas.restore()
        }
    }

    /// Caller memory with rows padded past their pixels, the padding set
    /// to a sentinel.
    final class PaddedBuffer {
        let bytes: UnsafeMutableRawBufferPointer
        let bytesPerRow: Int, rowBytes: Int, height: Int
        static let sentinel: UInt8 = 0xA5

        init(width: Int, height: Int, format: PixelFormat, padding: Int) {
            rowBytes = width * format.bytesPerPixel
            bytesPerRow = rowBytes + padding
            self.height = height
            bytes = .allocate(byteCount: bytesPerRow * height, alignment: 16)
            bytes.initializeMemory(as: UInt8.self, repeating: Self.sentinel)
        }

        deinit { bytes.deallocate() }

        var paddingIsUntouched: Bool {
            (0..<height).allSatisfy { y in
                (rowBytes..<bytesPerRow).allSatisfy { bytes[y * bytesPerRow + $0] == Self.sentinel }
            }
        }
    }

    @Test(arguments: [PixelFormat.rgba8Premultiplied, .bgra8Premultiplied, .a8])
    func drawingIntoPaddedCallerMemoryMatchesTheRGBAPath(format: PixelFormat) throws {
        for seed in 0..<60 as Range<UInt64> {
            let width = 37 + Int(seed % 5), height = 23
            let buffer = PaddedBuffer(
                width: width, height: height, format: format, padding: [4, 12, 64][Int(seed % 3)])
            let wrapped = try Surface(
                wrapping: buffer.bytes, width: width, height: height,
                bytesPerRow: buffer.bytesPerRow, format: format)
            wrapped.clear()
            wrapped.flush()
            let reference = try Surface(width: width, height: height)
            let scale = [1.0, 2, 1.5][Int(seed % 3)]
            try Self.drawScene(
                seed, on: Canvas(surface: wrapped, scale: scale), width: Double(width) / scale,
                height: Double(height) / scale)
            try Self.drawScene(
                seed, on: Canvas(surface: reference, scale: scale), width: Double(width) / scale,
                height: Double(height) / scale)
            #expect(buffer.paddingIsUntouched, "seed \(seed), \(format): padding written")
            // The wrapped pixels in RGBA8, against the reference (A8: its
            // alphas against the reference's).
            let converted = wrapped.converted(to: .rgba8Premultiplied).bytes
            let expected = reference.bytes
            if format == .a8 {
                let alphas = stride(from: 3, to: expected.count, by: 4).map { expected[$0] }
                let same = wrapped.bytes == alphas
                #expect(same, "seed \(seed): A8 alphas differ from the RGBA8 draw's")
            } else {
                let same = converted == expected
                #expect(same, "seed \(seed), \(format): differs from the RGBA8 draw")
            }
            #expect(buffer.paddingIsUntouched)
        }
    }

    /// Images (nine-slice pieces in one pass under a rounded clip, and
    /// piece by piece), coverage masks one at a time and in runs, and
    /// shadows under them, into an A8 surface: exactly the alphas of the
    /// same draws into RGBA8 (every kernel through AlphaRowKernel).
    @Test func imagesMasksAndShadowsIntoA8KeepTheRGBAAlphas() throws {
        let image = try PendingClearTests.mixedImage()
        let mask = try Surface(width: 9, height: 7, format: .a8)
        for y in 0..<7 {
            for x in 0..<9 {
                mask.setPixel(
                    x: x, y: y, to: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: UInt8((x * 29 + y * 41) % 256))
                )
            }
        }
        func scene(_ seed: UInt64, on canvas: Canvas) {
            var rng = SplitMix64(seed: seed)
            if rng.int(in: 0...1) == 0 { canvas.clear(PendingClearTests.randomColor(&rng)) }
            for _ in 0..<rng.int(in: 2...5) {
                canvas.save()
                if rng.int(in: 0...1) == 0 {
                    var clip = Path()
                    clip.addRoundedRect(
                        in: Rect(
                            x: Double(rng.int(in: 0...6)), y: Double(rng.int(in: 0...6)),
                            width: Double(rng.int(in: 8...30)), height: Double(rng.int(in: 8...20))),
                        cornerRadius: rng.double(in: 0...6))
                    canvas.clip(to: clip)
                }
                if rng.int(in: 0...2) == 0 {
                    canvas.setShadow(
                        offset: Size(width: rng.double(in: -3...3), height: rng.double(in: -3...3)),
                        blur: rng.double(in: 0...3), color: PendingClearTests.randomColor(&rng))
                }
                canvas.globalAlpha = rng.int(in: 0...2) == 0 ? rng.double(in: 0...1) : 1
                canvas.blendMode =
                    rng.int(in: 0...3) == 0
                    ? BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))] : .sourceOver
                let rect = Rect(
                    x: Double(rng.int(in: 0...8)), y: Double(rng.int(in: 0...8)),
                    width: Double(rng.int(in: 6...28)), height: Double(rng.int(in: 6...18)))
                switch rng.int(in: 0...3) {
                case 0:
                    canvas.draw(
                        image, in: rect, capInsets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1),
                        center: rng.int(in: 0...1) == 0 ? .stretch : .tile)
                case 1:
                    canvas.draw(image, in: rect, sampling: rng.int(in: 0...1) == 0 ? .nearest : .bilinear)
                case 2:
                    canvas.draw(
                        coverage: mask, atDeviceX: rng.int(in: -4...30), y: rng.int(in: -4...20),
                        with: PendingClearTests.randomPaint(&rng, image: image))
                default:
                    let run = (0..<rng.int(in: 1...4)).map { _ in
                        PlacedCoverage(mask, atDeviceX: rng.int(in: -4...30), y: rng.int(in: -4...20))
                    }
                    canvas.draw(coverages: run, with: PendingClearTests.randomPaint(&rng, image: image))
                }
                canvas.restore()
            }
        }
        for seed in 0..<80 as Range<UInt64> {
            let alpha = try Surface(width: 40, height: 30, format: .a8)
            let reference = try Surface(width: 40, height: 30)
            let scale = [1.0, 2][Int(seed % 2)]
            scene(seed, on: Canvas(surface: alpha, scale: scale))
            scene(seed, on: Canvas(surface: reference, scale: scale))
            let expected = stride(from: 3, to: reference.bytes.count, by: 4).map { reference.bytes[$0] }
            let same = alpha.bytes == expected
            #expect(same, "seed \(seed): A8 alphas differ from the RGBA8 draw's")
        }
    }

    @Test func conversionsRoundTrip() throws {
        var rng = SplitMix64(seed: 77)
        let width = 19, height = 7
        let surface = try Surface(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a = UInt8(rng.int(in: 0...255))
                surface.setPixel(
                    x: x, y: y,
                    to: PremultipliedColor(
                        red: UInt8(rng.int(in: 0...Int(a))), green: UInt8(rng.int(in: 0...Int(a))),
                        blue: UInt8(rng.int(in: 0...Int(a))), alpha: a))
            }
        }
        let original = surface.bytes
        // RGBA8 -> BGRA8 -> RGBA8 is exact, and BGRA8 is the bytes swapped.
        let bgra = surface.converted(to: .bgra8Premultiplied)
        #expect(bgra.format == .bgra8Premultiplied)
        let swapped = bgra.bytes
        for i in stride(from: 0, to: original.count, by: 4) {
            #expect(
                swapped[i] == original[i + 2] && swapped[i + 1] == original[i + 1] && swapped[i + 2] == original[i]
                    && swapped[i + 3] == original[i + 3])
        }
        let back = bgra.converted(to: .rgba8Premultiplied).bytes == original
        #expect(back)
        for y in 0..<height {
            for x in 0..<width { #expect(bgra.pixel(x: x, y: y) == surface.pixel(x: x, y: y)) }
        }
        // To straight alpha and back is exact for premultiplied bytes.
        for format in [PixelFormat.rgba8Premultiplied, .bgra8Premultiplied] {
            var straight = [UInt8](repeating: 0, count: width * height * 4 + 8)
            try straight.withUnsafeMutableBytes { out in
                try surface.copyPixels(into: out, bytesPerRow: width * 4 + 8 / height, format: format, alpha: .straight)
            }
            let back = try Surface(width: width, height: height)
            try straight.withUnsafeBytes { bytes in
                try back.replacePixels(
                    from: bytes, bytesPerRow: width * 4 + 8 / height, format: format, alpha: .straight)
            }
            let same = back.bytes == original
            #expect(same, "\(format) straight round trip")
        }
        // Straight bytes: each channel divided by alpha, rounded.
        var one = [UInt8](repeating: 0, count: 4)
        let probe = try Surface(width: 1, height: 1)
        probe.setPixel(x: 0, y: 0, to: PremultipliedColor(red: 100, green: 0, blue: 50, alpha: 128))
        try one.withUnsafeMutableBytes {
            try probe.copyPixels(into: $0, bytesPerRow: 4, format: .rgba8Premultiplied, alpha: .straight)
        }
        #expect(one == [199, 0, 100, 128])
        // A8: alpha only, black from it.
        let alpha = surface.converted(to: .a8)
        let alphas = alpha.bytes == stride(from: 3, to: original.count, by: 4).map { original[$0] }
        #expect(alphas)
        let black = alpha.converted(to: .rgba8Premultiplied).bytes
        #expect(
            stride(from: 0, to: black.count, by: 4).allSatisfy {
                black[$0] == 0 && black[$0 + 1] == 0 && black[$0 + 2] == 0
            })
        // Premultiplied input with a channel above alpha is clamped.
        let bad: [UInt8] = [200, 10, 90, 100]
        try bad.withUnsafeBytes { try probe.replacePixels(from: $0, bytesPerRow: 4, format: .rgba8Premultiplied) }
        #expect(probe.pixel(x: 0, y: 0) == PremultipliedColor(red: 100, green: 10, blue: 90, alpha: 100))
    }

    @Test func badCallerMemoryThrows() throws {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 1024, alignment: 16)
        defer { bytes.deallocate() }
        #expect(throws: SurfaceError.invalidRowStride(bytesPerRow: 39, minimum: 40)) {
            try Surface(wrapping: bytes, width: 10, height: 2, bytesPerRow: 39)
        }
        #expect(throws: SurfaceError.invalidRowStride(bytesPerRow: 42, minimum: 40)) {
            try Surface(wrapping: bytes, width: 10, height: 2, bytesPerRow: 42)
        }
        #expect(throws: SurfaceError.bufferTooSmall(required: 1040, actual: 1024)) {
            try Surface(wrapping: bytes, width: 10, height: 26, bytesPerRow: 40)
        }
        #expect(throws: SurfaceError.misalignedBuffer) {
            try Surface(
                wrapping: UnsafeMutableRawBufferPointer(rebasing: bytes[1...]), width: 10, height: 2, bytesPerRow: 40)
        }
        #expect(throws: SurfaceError.emptySize(width: 0, height: 2)) {
            try Surface(wrapping: bytes, width: 0, height: 2, bytesPerRow: 40)
        }
        // A8 takes any address and stride of at least a row.
        let mask = try Surface(
            wrapping: UnsafeMutableRawBufferPointer(rebasing: bytes[1...]), width: 10, height: 3,
            bytesPerRow: 13, format: .a8)
        #expect(mask.bytesPerRow == 13)
        var out = [UInt8](repeating: 0, count: 10)
        #expect(throws: SurfaceError.bufferTooSmall(required: 40 * 2 + 40, actual: 10)) {
            try out.withUnsafeMutableBytes {
                try Surface(width: 10, height: 3).copyPixels(into: $0, bytesPerRow: 40, format: .rgba8Premultiplied)
            }
        }
    }

    @Test func formatsReadAndWritePixelsAsColors() throws {
        let color = PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 40)
        for format in PixelFormat.allCases {
            let surface = try Surface(width: 3, height: 2, format: format)
            surface.setPixel(x: 1, y: 1, to: color)
            let expected = format == .a8 ? PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 40) : color
            #expect(surface.pixel(x: 1, y: 1) == expected, "\(format)")
            surface.clear(to: color)
            #expect(surface.pixel(x: 2, y: 0) == expected, "\(format): a pending clear reads as its color")
            surface.flush()
            #expect(surface.pixel(x: 0, y: 1) == expected)
            let stored: [UInt8] =
                switch format {
                case .rgba8Premultiplied: [10, 20, 30, 40]
                case .bgra8Premultiplied: [30, 20, 10, 40]
                case .a8: [40]
                }
            #expect(Array(surface.bytes.prefix(stored.count)) == stored, "\(format) byte order")
        }
    }

    /// Bands of one surface drawn on several threads at once give the
    /// serial render's bytes; bands must be disjoint rows inside it.
    @Test func bandsDrawnInParallelEqualTheSerialRender() throws {
        let width = 64, height = 90
        for format in [PixelFormat.rgba8Premultiplied, .bgra8Premultiplied] {
            let serial = try Surface(width: width, height: height, format: format)
            let parallel = try Surface(width: width, height: height, format: format)
            let rows = [0..<7, 7..<30, 30..<31, 31..<64, 64..<90]
            // A band's draws in the whole surface's coordinates, clipped
            // to its rows (`moved`: on the band's own surface).
            @Sendable func drawBand(_ rows: Range<Int>, on canvas: Canvas, moved: Bool) throws {
                if moved { canvas.translateBy(devicePixelsX: 0, y: -rows.lowerBound) }
                canvas.clip(
                    to: Rect(x: 0, y: Double(rows.lowerBound), width: Double(width), height: Double(rows.count)))
                try Self.drawScene(
                    UInt64(rows.lowerBound) + 11, on: canvas, width: Double(width), height: Double(height),
                    clears: false)
            }
            for band in rows {
                let canvas = Canvas(surface: serial)
                try drawBand(band, on: canvas, moved: false)
            }
            let bands = try parallel.bands(rows)
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: bands.count) { i in
                let canvas = Canvas(surface: bands[i].makeSurface())
                do { try drawBand(bands[i].rows, on: canvas, moved: true) } catch { failures.note() }
            }
            #expect(failures.count == 0)
            let same = parallel.bytes == serial.bytes
            #expect(same, "\(format): bands drawn in parallel differ from the serial render")
        }
        let surface = try Surface(width: 4, height: 10)
        #expect(throws: SurfaceBandError.overlappingRows(0..<5, 4..<10)) { try surface.bands([4..<10, 0..<5]) }
        #expect(throws: SurfaceBandError.rowsOutOfBounds(8..<11, height: 10)) { try surface.bands([8..<11]) }
        #expect(throws: SurfaceBandError.rowsOutOfBounds(3..<3, height: 10)) { try surface.bands([3..<3]) }
        #expect(surface.bands(count: 3).map(\.rows) == [0..<3, 3..<6, 6..<10])
        #expect(surface.bands(count: 40).count == 10)
        // A band's surface is its rows of the parent's memory.
        let band = try surface.bands([6..<8])[0].makeSurface()
        band.setPixel(x: 1, y: 1, to: PremultipliedColor(red: 1, green: 2, blue: 3, alpha: 4))
        #expect(surface.pixel(x: 1, y: 7) == PremultipliedColor(red: 1, green: 2, blue: 3, alpha: 4))
    }

    /// A canvas moved to another surface draws there from a fresh state.
    @Test func retargetedCanvasStartsAfresh() throws {
        let a = try Surface(width: 20, height: 20), b = try Surface(width: 30, height: 10, format: .bgra8Premultiplied)
        let canvas = Canvas(surface: a, scale: 2)
        canvas.save()
        canvas.clip(to: Rect(x: 0, y: 0, width: 2, height: 2))
        canvas.translateBy(x: 3, y: 3)
        canvas.retarget(to: b)
        #expect(canvas.surface === b)
        #expect(canvas.transform == canvas.baseTransform)
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 15, height: 5))
        canvas.fill(path, with: Color(red: 1, green: 0, blue: 0))
        #expect(b.pixel(x: 29, y: 9) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(b.bytes.prefix(4) == [0, 0, 255, 255])
        canvas.restore()  // the stack was emptied: nothing to restore
        #expect(canvas.transform == canvas.baseTransform)
    }
}

/// Counts failures from several threads.
final class Failures: Sendable {
    private let value = Atomic<Int>(0)
    func note() { value.wrappingAdd(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}
