// Composite: coverage runs + one premultiplied color -> Surface pixels,
// source-over on the stored sRGB bytes: dst = src·c + dst·(1 − αsrc·c),
// each product rounded to nearest. Fully covered runs of an opaque color
// are plain stores; other full runs scale the color once per run.

/// Blends a solid premultiplied color into a surface, source-over.
struct SolidSourceOver: CoverageSink {
    let surface: Surface
    /// The color, packed as it lies in memory.
    let source: UInt32
    let sourceAlpha: UInt32

    init(surface: Surface, color: PremultipliedColor) {
        self.surface = surface
        self.source = color.packed
        self.sourceAlpha = UInt32(color.alpha)
    }

    /// A sink for a packed premultiplied color.
    @inline(__always)
    init(surface: Surface, packed: UInt32) {
        self.surface = surface
        self.source = packed
        self.sourceAlpha = packedAlpha(packed)
    }

    @inline(__always)
    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        let row = surface.rowPointer(y) + x
        let run = UnsafeMutableBufferPointer(start: row, count: count)
        if coverage == 255 {
            if sourceAlpha == 255 {
                fillPixels(row, count: count, with: source)
            } else {
                blendSourceOver(run, source: source, alpha: sourceAlpha)
            }
        } else {
            let c = UInt32(coverage)
            blendSourceOver(run, source: scalePacked(source, by: c), alpha: div255(sourceAlpha * c))
        }
    }
}

/// dst = src + dst·(255 − alpha)/255 over a run, per channel rounded.
/// `source` is premultiplied with alpha `alpha`, so no channel overflows.
@inline(__always)
func blendSourceOver(_ run: UnsafeMutableBufferPointer<UInt32>, source: UInt32, alpha: UInt32) {
    let inverse = 255 - alpha
    if inverse == 0 {
        if let start = run.baseAddress { fillPixels(start, count: run.count, with: source) }
        return
    }
    for i in run.indices {
        run[i] = source &+ scalePacked(run[i], by: inverse)
    }
}
