// Canvas: the switches only tests turn (SPI `Testing`, not public API).
// Each turns off a shortcut of the pipeline so that a test can draw the
// same scene with and without it and compare the pixels byte for byte;
// every default is the shortcut on. Import with
// `@_spi(Testing) import Hairline`.

@_spi(Testing)
extension Canvas {
    /// Whether a solid fill and a solid stroke both covered in closed form
    /// are swept together (Raster/ClosedForm/RoundedRectPair.swift);
    /// `false` draws them with the alternating row loops. Default `true`.
    public var pairsClosedForms: Bool {
        get { renderer.pairsClosedForms }
        set { renderer.pairsClosedForms = newValue }
    }

    /// Rows per chunk when a fill and a stroke are drawn together with
    /// alternating row loops, or `nil` for the default (a function of the
    /// surface); small chunks make the loops alternate often. Device
    /// pixel rows, at least 1.
    public var fillStrokeChunkRows: Int? {
        get { renderer.fillStrokeChunkRows }
        set { renderer.fillStrokeChunkRows = newValue.map { max(1, $0) } }
    }

    /// How many fills and strokes (each part of a fill with its stroke
    /// counts) were drawn from prepared edges (`PreparedShape`), not from
    /// their paths, by this canvas's pipeline.
    public var preparedDrawCount: Int { renderer.preparedDrawCount }

    /// Whether clip masks note their rows' fully covered stretches, so
    /// that draws fill those stretches without reading the mask; `false`
    /// blends every pixel through the mask. Applies to masks made after
    /// the change. Default `true`.
    public var clipMasksNoteFullStretches: Bool {
        get { renderer.clipMasks.notesFullStretches }
        set { renderer.clipMasks.notesFullStretches = newValue }
    }
}
