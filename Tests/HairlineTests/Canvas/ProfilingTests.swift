// The Profiling SPI the benchmark's `--profile` mode times: each stage
// runs up to its end, draws nothing, and reports counts that follow the
// shape (lines, edges, pieces, rows, repeated rows, groups, pixels).

import Testing
@testable @_spi(Profiling) import Hairline

@Suite struct ProfilingTests {
    @Test func stagesCountWithoutDrawing() throws {
        let surface = try Surface(width: 343, height: 44)
        let canvas = Canvas(surface: surface)
        var path = Path()
        path.addRoundedRect(in: Rect(x: 0.5, y: 0.5, width: 342, height: 43), cornerRadius: 10)
        let lines = canvas.profileFill(path, through: .flatten)
        let edges = canvas.profileFill(path, through: .edges)
        let rows = canvas.profileFill(path, through: .rows)
        // Four exact arcs (one line each in the flatten count) and four
        // sides; the rounded rect is covered in closed form
        // (RoundedRectRows.swift): no edges at all.
        #expect(lines.edges == 8)
        #expect(edges.edges == 0 && edges.arcs == 0 && edges.closedFormShapes == 1)
        #expect(rows.edges == 0 && rows.closedFormShapes == 1)
        #expect(rows.rows + rows.repeatedRows == 44)
        #expect(rows.repeatedRows > 20, "the straight sides repeat rows")
        #expect(rows.pieces >= rows.edges + rows.arcs)
        #expect(rows.groups > 0 && rows.groupPixels <= 4 * rows.groups)
        // Every pixel of every row is sent once: in spans or in groups.
        #expect(rows.spanPixels + rows.groupPixels <= 343 * 44 && rows.spanPixels > 300 * 40)
        let style = StrokeStyle(width: 1)
        let polyline = canvas.profileStroke(path, style: style, through: .flatten)
        let outline = canvas.profileStroke(path, style: style, through: .outline)
        let strokeRows = canvas.profileStroke(path, style: style, through: .rows)
        // A rounded rect's stroke is built as geometry (StrokeRing.swift):
        // two contours of four arcs and three lines (and the closing one,
        // not counted), nothing outlined.
        #expect(polyline.edges == 14 && outline.edges == 0, "\(polyline.edges) \(outline.edges)")
        let strokeEdges = canvas.profileStroke(path, style: style, through: .edges)
        #expect(strokeEdges.closedFormShapes == 2 && strokeEdges.edges == 0 && strokeEdges.arcs == 0)
        // The general stroker outlines a path that is not a whole shape.
        var general = Path()
        general.addPath(path)
        let generalLines = canvas.profileStroke(general, style: style, through: .flatten)
        let generalOutline = canvas.profileStroke(general, style: style, through: .outline)
        #expect(generalLines.edges > 40 && generalOutline.edges > generalLines.edges)
        #expect(strokeRows.rows + strokeRows.repeatedRows == 44 && strokeRows.pieces > 0)
        #expect(surface.bytes.allSatisfy { $0 == 0 }, "profiling draws nothing")
    }
}
