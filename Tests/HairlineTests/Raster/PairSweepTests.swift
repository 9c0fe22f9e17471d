// A solid fill and a solid stroke of a shape covered in closed form (rounded
// rects, rects, circles) are swept together (Raster/ClosedForm/RoundedRectPair.swift):
// byte-identical to the fill followed by the stroke, and to the alternating
// row loops, on random shapes, placements (across the clip's edges
// included), clips, scales, widths, colors and pending clears.

import Testing
import HairlineTestSupport
@_spi(Profiling) @_spi(Testing) @testable import Hairline

@Suite struct PairSweepTests {
    /// A random closed-form shape in a `w` × `h` pt surface: often the
    /// cell's own inset rounded rect, else anywhere, partly outside too.
    static func randomShape(_ rng: inout SplitMix64, width w: Double, height h: Double, scale: Double) -> Path {
        var path = Path()
        let inset = 0.5 / scale
        let rect =
            rng.int(in: 0...1) == 0
            ? Rect(x: inset, y: inset, width: w - 2 * inset, height: h - 2 * inset + (rng.int(in: 0...1) == 0 ? 1 : 0))
            : Rect(
                x: rng.double(in: -6...w), y: rng.double(in: -6...h), width: rng.double(in: 0...w),
                height: rng.double(in: 0...h))
        switch rng.int(in: 0...5) {
        case 0: path.addRect(rect)
        case 1:
            let side = min(rect.width, rect.height)
            path.addEllipse(in: Rect(x: rect.minX, y: rect.minY, width: side, height: side))
        case 2:
            path.addRoundedRect(
                in: rect, cornerRadius: rng.double(in: 0...12),
                corners: [RectCorner.top, .bottom, .all][rng.int(in: 0...2)])
        default:
            path.addRoundedRect(in: rect, cornerRadius: rng.double(in: 0...12))
        }
        return path
    }

    @Test func oneSweepOfTwoClosedFormsEqualsFillThenStroke() throws {
        var rng = SplitMix64(seed: 977)
        var paired = 0
        for round in 0..<300 {
            let scale = [1.0, 2, 3, 1.5, 2.5][round % 5]
            let width = rng.int(in: 1...160), height = rng.int(in: 1...60)
            let surfaces = try (0..<3).map { _ in try Surface(width: width, height: height) }
            let canvases = surfaces.map { Canvas(surface: $0, scale: scale) }
            canvases[1].pairsClosedForms = false
            let w = Double(width) / scale, h = Double(height) / scale
            let path = Self.randomShape(&rng, width: w, height: h, scale: scale)
            let fill = PendingClearTests.randomColor(&rng), stroke = PendingClearTests.randomColor(&rng)
            let style = StrokeStyle(
                width: [0, 1 / scale, 2 / scale, rng.double(in: 0.1...4)][rng.int(in: 0...3)],
                lineJoin: [LineJoin.miter, .round, .bevel][rng.int(in: 0...2)])
            let clipRect =
                rng.int(in: 0...3) == 0
                ? Rect(
                    x: rng.double(in: -2...w), y: rng.double(in: -2...h), width: rng.double(in: 0...w),
                    height: rng.double(in: 0...h))
                : nil
            let start = PendingClearTests.randomColor(&rng).premultiplied
            let pending = rng.int(in: 0...3) > 0
            let under = PendingClearTests.randomPath(&rng, width: w, height: h)
            for (canvas, surface) in zip(canvases, surfaces) {
                surface.clear(to: start)
                if !pending {
                    // Something under the draw that is not one color.
                    canvas.fill(under, with: .solid(.init(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)))
                }
                if let clipRect { canvas.clip(to: clipRect) }
            }
            canvases[0].draw(path, fill: .solid(fill), stroke: .solid(stroke), style: style)
            canvases[1].draw(path, fill: .solid(fill), stroke: .solid(stroke), style: style)
            canvases[2].fill(path, with: .solid(fill))
            canvases[2].stroke(path, with: .solid(stroke), style: style)
            let reference = surfaces[2].bytes
            #expect(
                surfaces[0].bytes == reference,
                "round \(round): \(path), \(style), \(scale)x, clip \(String(describing: clipRect)), pending \(pending)"
            )
            #expect(surfaces[1].bytes == reference, "round \(round): alternating loops")
            paired += canvases[0].renderer.pairedDrawCount
            #expect(canvases[1].renderer.pairedDrawCount == 0)
        }
        // Most rounds take the one sweep (the rest have an empty part or
        // a stroke that is not a ring in closed form).
        #expect(paired > 60)
    }

    /// The cell's own draws (GEOMETRY.md: the path inset by 0.5/scale, a
    /// one-device-pixel border or a hairline), every position, at integer
    /// and fractional scales, random sizes, radii and colors, over a
    /// pending clear: the corner rows are swept over their left half and
    /// mirrored, the lower rows copied, byte-identical to fill then stroke.
    @Test func cellsSweptHalfAndMirroredEqualFillThenStroke() throws {
        var rng = SplitMix64(seed: 4242)
        var halfRows = 0
        for round in 0..<150 {
            let scale = [1.0, 2, 3, 1.5, 2.5][round % 5]
            let w = rng.double(in: 20...120), h = rng.double(in: 8...50)
            let width = Int((w * scale).rounded(.up)), height = Int((h * scale).rounded(.up))
            let surfaces = try (0..<2).map { _ in try Surface(width: width, height: height) }
            let canvases = surfaces.map { Canvas(surface: $0, scale: scale) }
            let inset = 0.5 / scale
            let position = round % 4  // single, top, middle, bottom
            var path = Path()
            let rect = Rect(
                x: inset, y: inset, width: Double(width) / scale - 2 * inset,
                height: Double(height) / scale - 2 * inset + (position == 1 || position == 2 ? 1 : 0))
            let corners: RectCorner = [.all, .top, [], .bottom][position]
            path.addRoundedRect(in: rect, cornerRadius: rng.double(in: 0...min(12, h / 2)), corners: corners)
            // Visible colors (a paint that draws nothing is dropped).
            func color() -> Color {
                Color(
                    red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1),
                    alpha: rng.int(in: 0...1) == 0 ? 1 : rng.double(in: 0.1...1))
            }
            let fill = color(), stroke = color()
            let style = StrokeStyle(width: rng.int(in: 0...3) == 0 ? 0 : 1 / scale)
            let background = PendingClearTests.randomColor(&rng).premultiplied
            for surface in surfaces { surface.clear(to: background) }
            canvases[0].draw(path, fill: .solid(fill), stroke: .solid(stroke), style: style)
            canvases[1].fill(path, with: .solid(fill))
            canvases[1].stroke(path, with: .solid(stroke), style: style)
            #expect(surfaces[0].bytes == surfaces[1].bytes, "round \(round): \(width)x\(height) at \(scale)x, \(path)")
            halfRows +=
                canvases[0].renderer.rasterizer.statistics.halfSweptRows
                + canvases[0].renderer.secondRasterizer.statistics.halfSweptRows
        }
        #expect(halfRows > 1000)
    }

    /// Under a clear, rows that repeat a row's calls (bands, mirrored
    /// corner rows) are copied whole on surfaces up to
    /// `SolidPairSourceOver.rowCopyWidthLimit` pixels wide and sent the
    /// calls again on wider ones: the same pixels in both, and in caller
    /// memory whose row padding the copies leave untouched.
    @Test func copiedRowsEqualRepeatedCalls() throws {
        var rng = SplitMix64(seed: 5150)
        var copied = 0
        for round in 0..<120 {
            let scale = [1.0, 2, 3, 1.5][round % 4]
            let width = rng.int(in: 1...SolidPairSourceOver.rowCopyWidthLimit), height = rng.int(in: 1...90)
            let w = Double(width) / scale, h = Double(height) / scale
            let path = Self.randomShape(&rng, width: w, height: h, scale: scale)
            let fill = PendingClearTests.randomColor(&rng), stroke = PendingClearTests.randomColor(&rng)
            let style = StrokeStyle(width: [0, 1 / scale, 2 / scale][rng.int(in: 0...2)])
            let background = PendingClearTests.randomColor(&rng).premultiplied
            let narrow = try Surface(width: width, height: height)
            let wide = try Surface(
                width: SolidPairSourceOver.rowCopyWidthLimit + 1 + rng.int(in: 0...40), height: height)
            let stride = width * 4 + 4 * rng.int(in: 1...3)
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: stride * height, alignment: 16)
            defer { memory.deallocate() }
            memory.initializeMemory(as: UInt8.self, repeating: 0xAB)
            let wrapped = try Surface(wrapping: memory, width: width, height: height, bytesPerRow: stride)
            for surface in [narrow, wide, wrapped] {
                surface.clear(to: background)
                let canvas = Canvas(surface: surface, scale: scale)
                if surface === wide { canvas.clip(to: Rect(x: 0, y: 0, width: w, height: h)) }
                canvas.draw(path, fill: .solid(fill), stroke: .solid(stroke), style: style)
                if surface === narrow {
                    copied +=
                        canvas.renderer.rasterizer.statistics.repeatedRows
                        + canvas.renderer.secondRasterizer.statistics.repeatedRows
                }
            }
            wrapped.flush()  // (a draw dropped whole leaves the clear pending)
            let rowBytes = width * 4
            let expected = narrow.bytes, wideBytes = wide.bytes
            let differing = (0..<height).filter { y in
                let row = expected[(y * rowBytes)..<((y + 1) * rowBytes)]
                let wideStart = y * wide.width * 4
                return !row.elementsEqual(wideBytes[wideStart..<(wideStart + rowBytes)])
                    || !row.elementsEqual(memory[(y * stride)..<(y * stride + rowBytes)])
                    || !memory[(y * stride + rowBytes)..<((y + 1) * stride)].allSatisfy { $0 == 0xAB }
            }
            #expect(differing.isEmpty, "round \(round): rows \(differing) differ, \(path) at \(scale)x, \(width) px")
        }
        #expect(copied > 500)
    }

    /// Repeated rows stored as their source row's long run of one color
    /// with its few other columns copied (`SolidPairSourceOver.fillRows`):
    /// on surfaces of every width (several rows stored at once where rows
    /// lie end to end, one by one in caller memory with row padding, which
    /// stays untouched), under clips narrower than the surface: the bytes
    /// of the fill then the stroke.
    @Test func filledRowsEqualFillThenStroke() throws {
        var rng = SplitMix64(seed: 8086)
        var filled = 0
        for round in 0..<160 {
            let scale = [1.0, 2, 3, 1.5][round % 4]
            let width = rng.int(in: 1...1200), height = rng.int(in: 1...100)
            let w = Double(width) / scale, h = Double(height) / scale
            var path = Self.randomShape(&rng, width: w, height: h, scale: scale)
            if round % 2 == 0 {
                // A cell's background: the long runs this path is for.
                let inset = 0.5 / scale
                path = Path()
                path.addRoundedRect(
                    in: Rect(x: inset, y: inset, width: w - 2 * inset, height: h - 2 * inset + Double(round % 3 / 2)),
                    cornerRadius: rng.double(in: 0...12), corners: [RectCorner.all, .top, .bottom, []][round / 2 % 4])
            }
            // Visible colors (a paint that draws nothing is dropped).
            func color() -> Color {
                Color(
                    red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1),
                    alpha: rng.int(in: 0...1) == 0 ? 1 : rng.double(in: 0.1...1))
            }
            let fill = color(), stroke = color()
            let style = StrokeStyle(width: [1 / scale, 2 / scale, 3.5 / scale][rng.int(in: 0...2)])
            let background = PendingClearTests.randomColor(&rng).premultiplied
            let side = rng.double(in: 0...(w / 20))
            let clipRect = rng.int(in: 0...2) == 0 ? Rect(x: side, y: -1, width: w - 2 * side, height: h + 2) : nil
            let stride = width * 4 + 4 * rng.int(in: 1...3)
            let memories = (0..<2).map { _ in
                UnsafeMutableRawBufferPointer.allocate(byteCount: stride * height, alignment: 16)
            }
            defer { for memory in memories { memory.deallocate() } }
            var surfaces = try (0..<2).map { _ in try Surface(width: width, height: height) }
            for memory in memories {
                memory.initializeMemory(as: UInt8.self, repeating: 0xAB)
                surfaces.append(try Surface(wrapping: memory, width: width, height: height, bytesPerRow: stride))
            }
            for (i, surface) in surfaces.enumerated() {
                surface.clear(to: background)
                let canvas = Canvas(surface: surface, scale: scale)
                if let clipRect { canvas.clip(to: clipRect) }
                if i % 2 == 0 {
                    canvas.draw(path, fill: .solid(fill), stroke: .solid(stroke), style: style)
                    filled += canvas.renderer.fillRasterizer.statistics.filledRows
                } else {
                    canvas.fill(path, with: .solid(fill))
                    canvas.stroke(path, with: .solid(stroke), style: style)
                }
                surface.flush()  // (a draw dropped whole leaves the clear pending)
            }
            let what = "round \(round): \(width)x\(height) at \(scale)x, \(path), clip \(String(describing: clipRect))"
            #expect(surfaces[0].bytes == surfaces[1].bytes, "\(what)")
            #expect(memories[0].elementsEqual(memories[1]), "\(what), rows \(stride) bytes apart")
            let rowBytes = width * 4
            #expect(
                (0..<height).allSatisfy { y in
                    memories[0][(y * stride + rowBytes)..<((y + 1) * stride)].allSatisfy { $0 == 0xAB }
                }, "\(what): padding written")
        }
        #expect(filled > 3000)
    }

    /// Shapes in the right part of the clip (their mirror axis past its
    /// right side) and rows that a shape barely touches (a top edge a
    /// hair above a pixel row: values that round to nothing), swept over
    /// their left half: still byte-identical, nothing written outside.
    @Test func mirroredHalvesNearTheClipsSideAndHairlineRows() throws {
        for scale in [1.0, 2, 3] {
            for left in [0.0, 3, 10.25, 20] {
                for top in [0.5 / scale, 1 - 1e-9, 2 - 1e-12, 1e-11] {
                    let width = Int(60 * scale), height = Int(30 * scale)
                    let surfaces = try (0..<2).map { _ in try Surface(width: width, height: height) }
                    let canvases = surfaces.map { Canvas(surface: $0, scale: scale) }
                    let inset = 0.5 / scale
                    var path = Path()
                    path.addRoundedRect(
                        in: Rect(x: left + inset, y: top, width: 60 - left - 2 * inset, height: 20),
                        cornerRadius: 6)
                    let style = StrokeStyle(width: 1 / scale)
                    for surface in surfaces {
                        surface.clear(to: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4).premultiplied)
                    }
                    canvases[0].draw(
                        path, fill: .solid(.white), stroke: .solid(Color(red: 0.78, green: 0.78, blue: 0.8)),
                        style: style)
                    canvases[1].fill(path, with: .solid(.white))
                    canvases[1].stroke(path, with: Color(red: 0.78, green: 0.78, blue: 0.8), style: style)
                    #expect(surfaces[0].bytes == surfaces[1].bytes, "\(scale)x, left \(left), top \(top)")
                }
            }
        }
    }
}
