// A kept sweep sent again onto a pending clear copies a row from an earlier
// one with the same calls and the same pattern colors (KeptSweeps.swift's
// RowCopies, ClearingKernel.copyRows, PatternShader.rowKey) instead of
// compositing it. Every such draw must give the bytes of a cold canvas,
// whatever the pattern: images whose rows repeat or not, any scale and
// offset, every tile mode, opacity, skews and bilinear sampling (which
// give no keys), clip rects and clip paths (whose masks differ by row),
// both byte orders, fills alone and with a border.

import Testing
@_spi(Testing) @_spi(Profiling) @testable import Hairline
import HairlineTestSupport

@Suite struct PatternRowCopyTests {
    /// An image whose rows often repeat the row above (a checker's do).
    static func randomImage(_ rng: inout SplitMix64) throws -> Image {
        let width = rng.int(in: 1...9), height = rng.int(in: 1...[4, 12][rng.int(in: 0...1)])
        let opaque = rng.int(in: 0...2) > 0
        var colors: [Color] = []
        for j in 0..<height {
            if j > 0 && rng.int(in: 0...2) > 0 {
                colors += colors[(colors.count - width)...]
                continue
            }
            for _ in 0..<width {
                colors.append(
                    Color(
                        red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1),
                        alpha: opaque ? 1 : [0, 0.5, 1][rng.int(in: 0...2)]))
            }
        }
        return try Image(width: width, height: height, colors: colors)
    }

    static func randomPattern(_ rng: inout SplitMix64, scale: Double) throws -> ImagePattern {
        let image = try randomImage(&rng)
        // Mostly repeating tiles at one image pixel per device pixel (the
        // rows the renderer repeats: PatternRows).
        let modes: [TileMode] = [.repeat, .repeat, .repeat, .pad, .reflect, .decal]
        let sx = [1 / scale, 1 / scale, 1 / scale, rng.double(in: 0.2...3)][rng.int(in: 0...3)]
        let sy = [1 / scale, 1 / scale, rng.double(in: 0.2...3), 0.75][rng.int(in: 0...3)]
        let tx = [0, Double(rng.int(in: -5...5)) / scale, rng.double(in: -5...5)][rng.int(in: 0...2)]
        let ty = [0, Double(rng.int(in: -5...5)) / scale, rng.double(in: -5...5)][rng.int(in: 0...2)]
        // Now and then a skew or a rotation: rows then get no key.
        let c = rng.int(in: 0...5) == 0 ? rng.double(in: -0.5...0.5) : 0
        let b = rng.int(in: 0...7) == 0 ? rng.double(in: -0.5...0.5) : 0
        return ImagePattern(
            image, transform: AffineTransform(a: sx, b: b, c: c, d: sy, tx: tx, ty: ty),
            tileX: modes[rng.int(in: 0...5)], tileY: modes[rng.int(in: 0...5)],
            sampling: rng.int(in: 0...5) == 0 ? .bilinear : .nearest,
            opacity: rng.int(in: 0...3) == 0 ? 0.6 : 1)
    }

    /// Rows the last draw copied (KeptSweeps.swift), over every rasterizer.
    static func copiedRows(_ canvas: Canvas) -> Int {
        canvas.renderer.rasterizer.statistics.copiedRows + canvas.renderer.secondRasterizer.statistics.copiedRows
    }

    @Test func copiedRowsAreTheRowsAColdCanvasDraws() throws {
        var rng = SplitMix64(seed: 0x0C0B_1E5)
        var copied = 0, copyingDraws = 0
        for trial in 0..<36 {
            let scale = [1.0, 2, 3][trial % 3]
            let format: PixelFormat = trial % 4 == 3 ? .bgra8Premultiplied : .rgba8Premultiplied
            let width = rng.int(in: 20...90), height = rng.int(in: 10...70)
            let warm = try Surface(width: width, height: height, format: format)
            let cold = try Surface(width: width, height: height, format: format)
            let a = Canvas(surface: warm, scale: scale)
            let b = Canvas(surface: cold, scale: scale, coverageCache: nil)
            var cells: [(Path, Paint, Rect?, Path?, Bool)] = []
            for _ in 0..<3 {
                let w = Double(width) / scale, h = Double(height) / scale
                let inset = 0.5 / scale
                var path = Path()
                let corners: RectCorner = [.all, .top, .bottom, []][rng.int(in: 0...3)]
                let x = [inset, rng.double(in: 0...4)][rng.int(in: 0...1)]
                path.addRoundedRect(
                    in: Rect(x: x, y: inset, width: w - x - inset, height: h - 2 * inset + Double(rng.int(in: 0...1))),
                    cornerRadius: rng.double(in: 0...8), corners: corners)
                let clip: Rect? =
                    rng.int(in: 0...3) == 0 ? Rect(x: 0, y: 0, width: w * rng.double(in: 0.3...1), height: h) : nil
                var clipPath: Path? = nil
                if rng.int(in: 0...5) == 0 {
                    var p = Path()
                    p.addEllipse(in: Rect(x: 0, y: 0, width: w, height: h * rng.double(in: 0.5...1.5)))
                    clipPath = p
                }
                // Mostly with a border: a fill and its stroke keep their
                // sweeps (a fill alone does not).
                cells.append(
                    (path, .pattern(try Self.randomPattern(&rng, scale: scale)), clip, clipPath, rng.int(in: 0...3) > 0)
                )
            }
            for round in 0..<16 {
                let (path, fill, clip, clipPath, withBorder) = cells[rng.int(in: 0...(cells.count - 1))]
                for canvas in [a, b] {
                    canvas.save()
                    canvas.clear()
                    if let clip { canvas.clip(to: clip) }
                    if let clipPath { canvas.clip(to: clipPath) }
                    if withBorder {
                        canvas.draw(
                            path, fill: fill, stroke: .solid(Color(red: 0.78, green: 0.78, blue: 0.8)),
                            style: StrokeStyle(width: 1 / scale))
                    } else {
                        canvas.fill(path, with: fill)
                    }
                    canvas.restore()
                }
                let rows = Self.copiedRows(a)
                copied += rows
                if rows > 0 { copyingDraws += 1 }
                #expect(Self.copiedRows(b) == 0)
                for surface in [warm, cold] { surface.flush() }
                for y in 0..<height {
                    for x in 0..<width where warm.pixel(x: x, y: y)! != cold.pixel(x: x, y: y)! {
                        Issue.record("trial \(trial) round \(round): (\(x), \(y)) differs")
                        return
                    }
                }
            }
        }
        // Copies were made, in many draws.
        #expect(copyingDraws > 60 && copied > 2000, "\(copyingDraws) draws, \(copied) rows")
    }

    /// A fill whose rows all look alike (an image one row tall) under a
    /// thick border: below the fill's corners its rows repeat while the
    /// border's still curve, so a row is copied only where both draws'
    /// calls repeat (the fill and its border sent row by row,
    /// RasterCore.sendCopyingPairRows), else drawn.
    @Test func rowsAreCopiedOnlyWhereTheBorderRepeatsToo() throws {
        var rng = SplitMix64(seed: 0xB0DE5)
        var copied = 0
        for trial in 0..<30 {
            let scale = [1.0, 2, 3][trial % 3]
            let width = rng.int(in: 30...80), height = rng.int(in: 30...70)
            let warm = try Surface(width: width, height: height), cold = try Surface(width: width, height: height)
            let a = Canvas(surface: warm, scale: scale)
            let b = Canvas(surface: cold, scale: scale, coverageCache: nil)
            let iw = rng.int(in: 2...5)
            let image = try Image(
                width: iw, height: 1,
                colors: (0..<iw).map { _ in
                    Color(red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1))
                })
            let w = Double(width) / scale, h = Double(height) / scale
            var path = Path()
            path.addRoundedRect(
                in: Rect(x: 2, y: 2, width: w - 4, height: h - 4 + Double(rng.int(in: 0...1)) * 3),
                cornerRadius: rng.double(in: 1...10))
            let fill = Paint.pattern(ImagePattern(image, transform: AffineTransform(scaleX: 1 / scale, y: 1 / scale)))
            let border = Paint.solid(PendingClearTests.randomColor(&rng))
            let style = StrokeStyle(width: rng.double(in: 0.5...4))
            for round in 0..<3 {
                for canvas in [a, b] {
                    canvas.clear()
                    canvas.draw(path, fill: fill, stroke: border, style: style)
                }
                copied += Self.copiedRows(a)
                for surface in [warm, cold] { surface.flush() }
                for y in 0..<height {
                    for x in 0..<width where warm.pixel(x: x, y: y)! != cold.pixel(x: x, y: y)! {
                        Issue.record("trial \(trial) round \(round): (\(x), \(y)) differs")
                        return
                    }
                }
            }
        }
        #expect(copied > 1000, "\(copied) rows copied")
    }

    /// The checker tile of the cell workload (WORKLOADS.md): a middle cell
    /// redrawn copies all but the rows it must composite (its first, half
    /// covered, and the first full row of each of the tile's two bands).
    @Test func aRedrawnPatternCellCopiesItsRepeatedRows() throws {
        for scale in [1, 2, 3] {
            let s = Double(scale)
            let n = 8 * scale, half = 4 * scale
            let light = Color(red: 1, green: 1, blue: 0.9), dark = Color(red: 0.94, green: 0.94, blue: 0.86)
            var colors: [Color] = []
            for j in 0..<n {
                for i in 0..<n { colors.append((i < half) == (j < half) ? light : dark) }
            }
            let tile = try Image(width: n, height: n, colors: colors)
            let width = 343 * scale, height = 44 * scale
            let surface = try Surface(width: width, height: height)
            let canvas = Canvas(surface: surface, scale: s)
            let b = 0.5 / s
            var path = Path()
            path.addRect(Rect(x: b, y: b, width: 343 - 2 * b, height: 44 - 2 * b + 1))
            let fill = Paint.pattern(ImagePattern(tile, transform: AffineTransform(scaleX: 1 / s, y: 1 / s)))
            var counts: [Int] = []
            for _ in 0..<3 {
                canvas.clear()
                canvas.draw(
                    path, fill: fill, stroke: .solid(Color(red: 0.78, green: 0.78, blue: 0.8)),
                    style: StrokeStyle(width: 1 / s))
                counts.append(Self.copiedRows(canvas))
            }
            // The first draw sweeps; the later ones copy.
            #expect(counts == [0, height - 3, height - 3], "scale \(scale)")
        }
    }
}
