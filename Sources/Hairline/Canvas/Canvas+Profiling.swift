// Canvas: the pipeline's stages one at a time, for the benchmark's
// `--profile` mode (SPI, not public API). Each entry runs a fill or a
// stroke up to the end of one stage and discards the result, so that the
// benchmark can time each stage as the difference of two runs; the row
// loop runs into a kernel that only counts what it is sent.

/// The pipeline stages a profile run stops after.
@_spi(Profiling)
public enum PipelineStage: Sendable, CaseIterable {
    /// Flattening: curves to lines (for a stroke: its polyline, dashed).
    case flatten
    /// The stroke's outline, sent to a sink that counts its points (for a
    /// fill, the same as `flatten`).
    case outline
    /// Fixed-point edges built for the rasterizer.
    case edges
    /// The row loop: edges stepped, cells accumulated and swept, into a
    /// kernel that composites nothing.
    case rows
}

@_spi(Profiling)
extension Canvas {
    /// Whether draws keep their coverage for later draws of the same
    /// geometry: `coverageCache != nil` (on by default). Set off, the
    /// cache is dropped; set on, a new empty one is made (the benchmark's
    /// `--cold`).
    public var keepsSweeps: Bool {
        get { coverageCache != nil }
        set { coverageCache = newValue ? (coverageCache ?? CoverageCache()) : nil }
    }

    /// Runs the fill and the stroke of `path` as `draw(_:fill:stroke:style:rule:)`
    /// does, through `stage` (`.edges`: both edge lists built; `.rows`:
    /// and the row loops, in one sweep where the draw takes one, into
    /// kernels that composite nothing); returns their counts added.
    /// Draws nothing. `.flatten` and `.outline` count as `.edges`.
    public func profileFillAndStroke(
        _ path: Path, fill: Paint, stroke: Paint, style: StrokeStyle,
        rule: FillRule = .nonZero, through stage: PipelineStage
    ) -> RasterStatistics {
        guard let fillShader = renderer.shader(for: fill, transform: state.transform, alpha: state.globalAlpha),
            let strokeShader = renderer.shader(for: stroke, transform: state.transform, alpha: state.globalAlpha)
        else { return RasterStatistics() }
        return renderer.profileFillAndStroke(
            path, transform: state.transform, tolerance: flatteningTolerance,
            rule: rule, fill: fillShader, stroke: strokeShader, style: style,
            clip: resolvedClip(), mode: state.blendMode, into: surface,
            rows: stage == .rows)
    }

    /// Runs the fill of `path` (user space) through `stage` and returns
    /// what it made: lines for `flatten` and `outline` (in `edges`),
    /// edges, and for `rows` the row loop's counts. Draws nothing.
    public func profileFill(_ path: Path, rule: FillRule = .nonZero, through stage: PipelineStage) -> RasterStatistics {
        var result = RasterStatistics()
        let t = state.transform, clip = resolvedClip().bounds
        switch stage {
        case .flatten, .outline:
            var sink = CountingLineSink()
            _ = Flattener.flatten(path, transform: t, tolerance: flatteningTolerance, cullRect: clip.rect, into: &sink)
            result.edges = sink.lines
        case .edges, .rows:
            guard renderer.buildEdges(path, transform: t, tolerance: flatteningTolerance, clip: clip) else { break }
            result = stage == .rows ? renderer.rasterizeCounting(rule: rule) : renderer.edgeCounts
        }
        return result
    }

    /// Runs the stroke of `path` (user space) with `style` through
    /// `stage` and returns what it made: polyline vertices for `flatten`,
    /// outline lines for `outline` (both in `edges`), edges, and for
    /// `rows` the row loop's counts. Draws nothing.
    public func profileStroke(_ path: Path, style: StrokeStyle, through stage: PipelineStage) -> RasterStatistics {
        var result = RasterStatistics()
        let t = state.transform, clip = resolvedClip().bounds
        let stroker = renderer.stroker
        if stage == .flatten || stage == .outline, stroker.buildRing(path, style: style, transform: t) != nil {
            // Built as geometry (StrokeRing.swift): flattened, not outlined.
            guard stage == .flatten else { return result }
            var sink = CountingLineSink()
            _ = Flattener.flatten(
                stroker.ringPath, transform: t, tolerance: flatteningTolerance, cullRect: clip.rect,
                into: &sink)
            result.edges = sink.lines
            return result
        }
        switch stage {
        case .flatten, .outline:
            let limit = maximumSegmentCount
            guard
                let geometry = stroker.flatten(
                    path, style: style, transform: t, tolerance: flatteningTolerance,
                    clip: clip, maximumSegmentCount: limit)
            else { break }
            guard stage == .outline else {
                result.edges = stroker.vertexCount(of: geometry)
                break
            }
            var sink = CountingLineSink()
            _ = stroker.outline(geometry, style: style, clip: clip, maximumPointCount: limit, into: &sink)
            result.edges = sink.lines
        case .edges, .rows:
            guard
                renderer.buildStrokeEdges(path, style: style, transform: t, tolerance: flatteningTolerance, clip: clip)
            else { break }
            result = stage == .rows ? renderer.rasterizeCounting(rule: .nonZero) : renderer.edgeCounts
        }
        return result
    }
}
