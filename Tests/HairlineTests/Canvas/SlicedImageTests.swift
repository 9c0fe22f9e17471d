// Images drawn on whole device pixels under a lone rounded-rect clip go
// in one pass over the clip shape's coverage (SlicedKernel.swift), the
// clip waiting as its shape (Clip.swift): byte for byte what the clip's
// mask and each piece drawn through it give. The mask path is forced by
// resolving the clip before the draw.

import Testing
@_spi(Profiling) @testable import Hairline
import HairlineTestSupport

@Suite struct SlicedImageTests {
    /// A random image, some pixels translucent; `stretchable`: its middle
    /// columns (between `left` and `width - right`) equal, as a
    /// stretchable image's are, so that its stretched pieces have rows of
    /// one color.
    static func randomImage(
        _ rng: inout SplitMix64, width: Int, height: Int, stretchable: Bool, left: Int,
        right: Int
    ) throws -> Image {
        var colors: [Color] = []
        for _ in 0..<height {
            var row = (0..<width).map { _ in PendingClearTests.randomColor(&rng) }
            if stretchable, left < width - right {
                for x in left..<(width - right) { row[x] = row[left] }
            }
            colors += row
        }
        return try Image(width: width, height: height, colors: colors)
    }

    /// Draws `draw` on both canvases the same way — cleared to `start`
    /// (the clear left pending or written), `prepare` run, then inside
    /// `clip` with `alpha` and `mode` — except that the second canvas
    /// resolves the clip into its mask first (the mask path). Returns
    /// whether the two surfaces are equal, and runs `afterFirst` on the
    /// first canvas right after its draw (the clip still set).
    static func drawBoth(
        _ canvases: [Canvas], start: Color, pendingClear: Bool, clip: Path, alpha: Double = 1,
        mode: BlendMode = .sourceOver, prepare: (Canvas) -> Void = { _ in },
        afterFirst: (Canvas) -> Void = { _ in }, _ draw: (Canvas) -> Void
    ) -> Bool {
        for (i, canvas) in canvases.enumerated() {
            canvas.clear(start)
            prepare(canvas)
            if !pendingClear { canvas.surface.flush() }
            canvas.save()
            canvas.clip(to: clip)
            if i == 1 { canvas.resolveClip() }
            canvas.globalAlpha = alpha
            canvas.blendMode = mode
            draw(canvas)
            if i == 0 { afterFirst(canvas) }
            canvas.restore()
            canvas.surface.flush()
        }
        return canvases[0].surface.bytes == canvases[1].surface.bytes
    }

    /// Nine-slice and plain image draws at random placements — mostly on
    /// whole device pixels, at 1x/2x/3x and 1.5x — through random rounded
    /// rect clips (inside the image's rect, overlapping it, or beyond the
    /// surface), with pending clears, translucent pixels, global alpha,
    /// every blend mode, both samplings, stretched and tiled centres, RGBA
    /// and BGRA surfaces.
    @Test func slicedDrawsEqualDrawsThroughTheMask() throws {
        var rng = SplitMix64(seed: 2026)
        var onePass = 0, plainPieces = 0
        for round in 0..<800 {
            let scale = [1.0, 2, 3, 1.5][round % 4]
            let width = rng.int(in: 8...70), height = rng.int(in: 6...40)
            let format: PixelFormat = rng.int(in: 0...3) == 0 ? .bgra8Premultiplied : .rgba8Premultiplied
            let surfaces = try (0..<2).map { _ in try Surface(width: width, height: height, format: format) }
            let canvases = surfaces.map { Canvas(surface: $0, scale: scale) }
            let w = Double(width) / scale, h = Double(height) / scale
            // The image's rect: on whole device pixels mostly.
            func onPixels(_ v: Double) -> Double { rng.int(in: 0...12) == 0 ? v : (v * scale).rounded() / scale }
            let rect = Rect(
                x: onPixels(rng.double(in: -3...w / 2)), y: onPixels(rng.double(in: -3...h / 2)),
                width: onPixels(rng.double(in: 1...w + 3)), height: onPixels(rng.double(in: 1...h + 3)))
            var clip = Path()
            let clipRect =
                rng.int(in: 0...1) == 0
                ? rect.insetBy(dx: 0.5 / scale, dy: 0.5 / scale)
                : Rect(
                    x: rng.double(in: -4...w), y: rng.double(in: -4...h), width: rng.double(in: 0...w + 4),
                    height: rng.double(in: 0...h + 4))
            let corners = [RectCorner.all, .top, .bottom, []][rng.int(in: 0...3)]
            clip.addRoundedRect(in: clipRect, cornerRadius: rng.double(in: 0...8), corners: corners)
            let imageScale = rng.int(in: 0...5) == 0 ? rng.double(in: 0.5...4) : scale
            let iw = rng.int(in: 1...14), ih = rng.int(in: 1...14)
            let caps = EdgeInsets(
                top: Double(rng.int(in: 0...ih)), left: Double(rng.int(in: 0...iw)),
                bottom: Double(rng.int(in: 0...ih)), right: Double(rng.int(in: 0...iw)))
            let image = try Self.randomImage(
                &rng, width: iw, height: ih, stretchable: rng.int(in: 0...3) > 0,
                left: Int(caps.left), right: min(Int(caps.right), iw - Int(caps.left)))
            let plain = rng.int(in: 0...4) == 0
            let center = rng.int(in: 0...3) == 0 ? NineSliceCenter.tile : .stretch
            let sampling = rng.int(in: 0...2) == 0 ? ImageSampling.nearest : .bilinear
            let alpha = rng.int(in: 0...2) == 0 ? rng.double(in: 0...1) : 1
            let mode =
                rng.int(in: 0...2) == 0
                ? BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
                : .sourceOver
            let start = PendingClearTests.randomColor(&rng)
            let background = rng.int(in: 0...2) == 0 ? PendingClearTests.randomPath(&rng, width: w, height: h) : nil
            let backgroundColor = PendingClearTests.randomColor(&rng)
            let pendingClear = rng.int(in: 0...1) == 0
            let same = Self.drawBoth(
                canvases, start: start, pendingClear: pendingClear, clip: clip, alpha: alpha,
                mode: mode,
                prepare: { canvas in
                    if let background { canvas.fill(background, with: backgroundColor) }
                },
                afterFirst: { canvas in
                    if canvas.state.clip.pending != nil { onePass += 1 }
                    plainPieces += canvas.renderer.plainSliceCount
                }
            ) { canvas in
                if plain {
                    canvas.draw(image, in: rect, sampling: sampling)
                } else {
                    canvas.draw(
                        image, in: rect, capInsets: caps, imageScale: imageScale, center: center,
                        sampling: sampling)
                }
            }
            #expect(
                same, "round \(round): \(rect) clip \(clipRect) \(scale)x, caps \(caps) at \(imageScale), mode \(mode)")
        }
        // Many rounds took the one pass (the rest: off whole pixels, shrunk
        // caps, scaled pieces whose runs carry a position).
        #expect(onePass > 120, "\(onePass) one-pass draws")
        // Many pieces were plain rows: one color, or the image's own
        // pixels (PlainRow.swift).
        #expect(plainPieces > 150, "\(plainPieces) plain pieces")
    }

    /// Nine-slice and plain image draws with no clip shape (one pass over
    /// the image's own rect when its pieces land on whole device pixels)
    /// equal the same draws through a clip mask of full coverage (each
    /// piece a rect fill): byte for byte, with every blend mode, global
    /// alpha, both samplings and a pending clear.
    @Test func unclippedDrawsEqualDrawsThroughAFullMask() throws {
        var rng = SplitMix64(seed: 4242)
        var plainPieces = 0
        for round in 0..<400 {
            let scale = [1.0, 2, 3, 1.5][round % 4]
            let width = rng.int(in: 8...70), height = rng.int(in: 6...40)
            let format: PixelFormat = rng.int(in: 0...3) == 0 ? .bgra8Premultiplied : .rgba8Premultiplied
            let w = Double(width) / scale, h = Double(height) / scale
            func onPixels(_ v: Double) -> Double { rng.int(in: 0...8) == 0 ? v : (v * scale).rounded() / scale }
            let rect = Rect(
                x: onPixels(rng.double(in: -3...w / 2)), y: onPixels(rng.double(in: -3...h / 2)),
                width: onPixels(rng.double(in: 1...w + 3)), height: onPixels(rng.double(in: 1...h + 3)))
            let iw = rng.int(in: 1...14), ih = rng.int(in: 1...14)
            let caps = EdgeInsets(
                top: Double(rng.int(in: 0...ih)), left: Double(rng.int(in: 0...iw)),
                bottom: Double(rng.int(in: 0...ih)), right: Double(rng.int(in: 0...iw)))
            let image = try Self.randomImage(
                &rng, width: iw, height: ih, stretchable: rng.int(in: 0...3) > 0,
                left: Int(caps.left), right: min(Int(caps.right), iw - Int(caps.left)))
            let imageScale = rng.int(in: 0...5) == 0 ? rng.double(in: 0.5...4) : scale
            let plain = rng.int(in: 0...4) == 0
            let sampling = rng.int(in: 0...2) == 0 ? ImageSampling.nearest : .bilinear
            let alpha = rng.int(in: 0...2) == 0 ? rng.double(in: 0...1) : 1
            let mode =
                rng.int(in: 0...2) == 0
                ? BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
                : .sourceOver
            let start = PendingClearTests.randomColor(&rng)
            let pendingClear = rng.int(in: 0...1) == 0
            var results: [[UInt8]] = []
            for masked in [false, true] {
                let surface = try Surface(width: width, height: height, format: format)
                let canvas = Canvas(surface: surface, scale: scale)
                canvas.clear(start)
                if !pendingClear { surface.flush() }
                if masked {
                    // Off whole pixels and past every side: a mask, all 255.
                    canvas.clip(to: Rect(x: -0.5 / scale, y: -0.5 / scale, width: w + 1 / scale, height: h + 1 / scale))
                    canvas.resolveClip()
                }
                canvas.globalAlpha = alpha
                canvas.blendMode = mode
                if plain {
                    canvas.draw(image, in: rect, sampling: sampling)
                } else {
                    canvas.draw(image, in: rect, capInsets: caps, imageScale: imageScale, sampling: sampling)
                }
                if !masked { plainPieces += canvas.renderer.plainSliceCount }
                surface.flush()
                results.append(surface.bytes)
            }
            #expect(
                results[0] == results[1], "round \(round): \(rect) \(scale)x, caps \(caps) at \(imageScale), \(mode)")
        }
        // The unclipped draws took the one pass (plain pieces are found
        // only there).
        #expect(plainPieces > 40, "\(plainPieces) plain pieces")
    }

    /// Nine-slice draws under rect clips on whole device pixels (no
    /// pending shape: in one pass over the image's rect where its pieces
    /// land on whole pixels, else each piece a rect fill, those wholly
    /// outside the clip skipped before they are prepared) leave the pixels outside the
    /// clip as they were and give inside it what the unclipped draw gives.
    @Test func rectClipsKeepWhatTheUnclippedDrawGivesInside() throws {
        var rng = SplitMix64(seed: 5150)
        for round in 0..<300 {
            let scale = [1.0, 2, 3][round % 3]
            let width = rng.int(in: 8...60), height = rng.int(in: 8...80)
            let format: PixelFormat = rng.int(in: 0...3) == 0 ? .bgra8Premultiplied : .rgba8Premultiplied
            let w = Double(width) / scale, h = Double(height) / scale
            let iw = rng.int(in: 3...14), ih = rng.int(in: 3...14)
            let caps = EdgeInsets(
                top: Double(rng.int(in: 1...ih / 2)), left: Double(rng.int(in: 1...iw / 2)),
                bottom: Double(rng.int(in: 1...ih / 2)), right: Double(rng.int(in: 1...iw / 2)))
            let image = try Self.randomImage(
                &rng, width: iw, height: ih, stretchable: rng.int(in: 0...1) == 0,
                left: Int(caps.left), right: Int(caps.right))
            let rect = Rect(
                x: rng.double(in: -3...w / 2), y: rng.double(in: -3...h / 2),
                width: rng.double(in: 1...w + 3), height: rng.double(in: 1...h + 3))
            // A band of whole device rows and columns, often a thin one.
            let x0 = rng.int(in: -2...width), y0 = rng.int(in: -2...height)
            let band = PixelRect(minX: x0, minY: y0, maxX: x0 + rng.int(in: 0...width), maxY: y0 + rng.int(in: 0...12))
            let mode =
                rng.int(in: 0...3) == 0
                ? BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
                : .sourceOver
            let start = PendingClearTests.randomColor(&rng)
            let blank = try Surface(width: width, height: height, format: format)
            blank.clear(to: start.premultiplied)
            blank.flush()
            var surfaces: [Surface] = []
            for clipped in [false, true] {
                let surface = try Surface(width: width, height: height, format: format)
                let canvas = Canvas(surface: surface, scale: scale)
                canvas.clear(start)
                canvas.blendMode = mode
                if clipped {
                    canvas.clip(
                        to: Rect(
                            x: Double(band.minX) / scale, y: Double(band.minY) / scale,
                            width: Double(band.width) / scale, height: Double(band.height) / scale))
                    let before = canvas.renderer.droppedDrawCount
                    canvas.draw(image, in: rect, capInsets: caps, imageScale: scale)
                    #expect(canvas.renderer.droppedDrawCount == before)
                } else {
                    canvas.draw(image, in: rect, capInsets: caps, imageScale: scale)
                }
                surface.flush()
                surfaces.append(surface)
            }
            var same = true
            for y in 0..<height {
                for x in 0..<width {
                    let inside = x >= band.minX && x < band.maxX && y >= band.minY && y < band.maxY
                    let expected = inside ? surfaces[0].pixel(x: x, y: y) : blank.pixel(x: x, y: y)
                    if surfaces[1].pixel(x: x, y: y) != expected { same = false }
                }
            }
            #expect(same, "round \(round): \(rect) band \(band) \(scale)x \(mode)")
        }
    }

    /// Cells of a few geometries drawn in random order on one canvas,
    /// each a stretchable image under its rounded clip: the sweeps kept
    /// from a geometry's first draw (KeptSweeps.swift) and sent again to
    /// later ones give what the mask path gives, whatever the image,
    /// alpha, clear and place of the clip; a full cache evicts.
    @Test func keptSweepsEqualFreshOnes() throws {
        var rng = SplitMix64(seed: 404)
        for scale in [1.0, 2, 3] {
            let width = Int(60 * scale), height = Int(30 * scale)
            let surfaces = try (0..<2).map { _ in try Surface(width: width, height: height) }
            let canvases = surfaces.map { Canvas(surface: $0, scale: scale) }
            // Six geometries at two places: twelve keys, more than the
            // cache keeps.
            let shapes: [(Rect, Double, RectCorner)] = (0..<6).map { i in
                (
                    Rect(x: 2, y: 1, width: 40 + Double(i), height: 20 + Double(i % 3)), Double(2 + i),
                    [.all, .top, .bottom][i % 3]
                )
            }
            var kept = 0
            for round in 0..<60 {
                let (rect, radius, corners) = shapes[rng.int(in: 0...5)]
                let dx = Double(rng.int(in: 0...1) * 10)
                let cell = rect.offsetBy(dx: dx, dy: 0)
                var clip = Path()
                clip.addRoundedRect(
                    in: cell.insetBy(dx: 0.5 / scale, dy: 0.5 / scale), cornerRadius: radius,
                    corners: corners)
                let n = Int(4 * scale)
                let image = try Self.randomImage(
                    &rng, width: 2 * n + 1, height: 2 * n + 1, stretchable: true,
                    left: n, right: n)
                let caps = EdgeInsets(top: Double(n), left: Double(n), bottom: Double(n), right: Double(n))
                let alpha = rng.int(in: 0...2) == 0 ? rng.double(in: 0...1) : 1
                let start = PendingClearTests.randomColor(&rng)
                let pendingClear = rng.int(in: 0...1) == 0
                let same = Self.drawBoth(
                    canvases, start: start, pendingClear: pendingClear, clip: clip, alpha: alpha,
                    afterFirst: { canvas in
                        if canvas.renderer.rasterizer.statistics.keptRows > 0 { kept += 1 }
                    }
                ) { canvas in
                    canvas.draw(image, in: cell, capInsets: caps, imageScale: scale)
                }
                #expect(same, "round \(round) at \(scale)x: \(cell) radius \(radius)")
            }
            #expect(kept > 10, "\(kept) draws sent kept sweeps at \(scale)x")
        }
    }

    /// A pending clip becomes the mask it stands for: draws after it (a
    /// fill, a second clip, an image off whole pixels) equal those under
    /// a clip resolved at once; saved states keep theirs.
    @Test func pendingClipsResolveToTheSameMask() throws {
        var rng = SplitMix64(seed: 77)
        for round in 0..<120 {
            let scale = [1.0, 2, 3][round % 3]
            let surfaces = try (0..<2).map { _ in try Surface(width: 40, height: 30) }
            let canvases = surfaces.map { Canvas(surface: $0, scale: scale) }
            let w = 40 / scale, h = 30 / scale
            var clip = Path()
            clip.addRoundedRect(
                in: Rect(
                    x: rng.double(in: -2...w / 2), y: rng.double(in: -2...h / 2),
                    width: rng.double(in: 1...w), height: rng.double(in: 1...h)),
                cornerRadius: rng.double(in: 0...6))
            let second = PendingClearTests.randomPath(&rng, width: w, height: h)
            let shape = PendingClearTests.randomPath(&rng, width: w, height: h)
            let color = PendingClearTests.randomColor(&rng)
            let secondClip = rng.int(in: 0...1) == 0
            for (i, canvas) in canvases.enumerated() {
                canvas.save()
                canvas.clip(to: clip)
                if i == 1 { canvas.resolveClip() } else { #expect(canvas.state.clip.pending != nil) }
                canvas.save()
                if secondClip { canvas.clip(to: second) }
                canvas.fill(shape, with: color)
                canvas.restore()
                canvas.fill(shape.applying(AffineTransform(translationX: 1, y: 1)), with: .white)
                canvas.restore()
                canvas.fill(shape, with: Color(red: 0, green: 0, blue: 1, alpha: 0.3))
            }
            let same = surfaces[0].bytes == surfaces[1].bytes
            #expect(same, "round \(round)")
        }
    }
}
