// Raster: sinks and kernels that only count what they are sent, for the
// profile of the pipeline's stages (Canvas+Profiling.swift): lines in
// place of the edge builder, spans and groups in place of a compositing
// kernel; and the counts added.

/// Counts lines, to stand in for a stage's next one.
struct CountingLineSink: LineSink {
    var lines = 0
    mutating func beginContour(at p: Point) {}
    mutating func addLine(to p: Point) { lines &+= 1 }
    mutating func closeContour(explicitly: Bool) {}
    /// Takes the arcs the edge builder takes (ArcEdge.swift), as one line.
    mutating func addArc(_ arc: EllipticalArc, end: Point, startParameter: Point, endParameter: Point) -> Bool {
        guard EllipseConic.accepts(center: arc.center, axis1: arc.axis1, axis2: arc.axis2) else { return false }
        lines &+= 1
        return true
    }
}

/// Counts what the sweep sends, compositing nothing.
struct CountingKernel: SpanKernel {
    var statistics = RasterStatistics()
    mutating func beginRow(_ y: Int) {}
    mutating func fill(x: Int, count: Int) {
        statistics.spans &+= 1
        statistics.spanPixels &+= count
    }
    mutating func blend(x: Int, count: Int, coverage: UInt32) { fill(x: x, count: count) }
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        statistics.groups &+= 1
        statistics.groupPixels &+= count
    }
}

/// Counts what a pair sweep sends, compositing nothing; copies pixels as
/// the cell's kernel does (so the row loop takes the same path), counting
/// nothing for the copies.
struct CountingPairKernel: PairKernel {
    var statistics = RasterStatistics()
    mutating func beginRow(_ y: Int) {}
    mutating func span(x: Int, count: Int, first: UInt32, second: UInt32) {
        statistics.spans &+= 1
        statistics.spanPixels &+= count
    }
    mutating func group(x: Int, count: Int, first: UInt32, second: UInt32) {
        statistics.groups &+= 1
        statistics.groupPixels &+= count
    }
    var copiesPixels: Bool { true }
    mutating func copy(x: Int, count: Int, fromRow row: Int) {}
    mutating func copyMirrored(x: Int, count: Int, from source: Int) {}
    func pixel(first: UInt32, second: UInt32) -> UInt32 { first ^ second }
    mutating func fill(x: Int, count: Int, pixel: UInt32) { span(x: x, count: count, first: pixel, second: 0) }
    /// (Repeated rows are counted as the calls they repeat.)
    var copiesRows: Bool { false }
    mutating func copyRow(_ source: Int, into rows: Range<Int>) {}
}

extension RasterStatistics {
    /// Both draws' counts added.
    func adding(_ other: RasterStatistics) -> RasterStatistics {
        var r = self
        r.edges &+= other.edges; r.arcs &+= other.arcs; r.closedFormShapes &+= other.closedFormShapes
        r.rows &+= other.rows; r.repeatedRows &+= other.repeatedRows; r.halfSweptRows &+= other.halfSweptRows
        r.keptRows &+= other.keptRows; r.copiedRows &+= other.copiedRows; r.filledRows &+= other.filledRows
        r.pieces &+= other.pieces; r.groups &+= other.groups; r.spans &+= other.spans
        r.groupPixels &+= other.groupPixels; r.spanPixels &+= other.spanPixels
        return r
    }
}
