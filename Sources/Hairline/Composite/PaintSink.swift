// Composite: coverage runs + a shader (+ the clip mask) -> Surface pixels,
// under a blend mode. Source-over rows where the shader is constant
// (solids, vertical gradients) without a mask take the solid kernel's fast
// paths; otherwise the shader fills a row buffer and a row kernel blends
// it (source-over's own, or `blendRow` for every other mode).

/// Blends a shaded paint into a surface through an optional clip mask.
struct PaintSink: CoverageSink {
    let surface: Surface
    let shader: Shader
    let mode: BlendMode
    let mask: ClipMask?
    /// Scratch rows at least `surface.width` long, owned by the renderer.
    let source: UnsafeMutablePointer<UInt32>
    let coverage: UnsafeMutablePointer<UInt8>

    @inline(__always)
    mutating func blendRun(x: Int, y: Int, count: Int, coverage c: UInt8) {
        let dst = surface.rowPointer(y) + x
        if let mask {
            let m = mask.row(y) + x
            let cover = UInt32(c)
            var any = false
            for i in 0..<count {
                let v = UInt8(truncatingIfNeeded: div255(cover * UInt32(m[i])))
                coverage[i] = v
                any = any || v != 0
            }
            guard any else { return }
            shader.shade(x: x, y: y, count: count, into: source)
            if mode == .sourceOver {
                sourceOverRow(source, dst, count: count, coverage: coverage)
            } else {
                blendRow(mode, source: source, destination: dst, count: count, coverage: coverage)
            }
            return
        }
        if let constant = shader.rowConstant(y: y) {
            if mode == .sourceOver {
                var solid = SolidSourceOver(surface: surface, packed: constant)
                solid.blendRun(x: x, y: y, count: count, coverage: c)
            } else {
                blendRow(mode, source: constant, destination: dst, count: count, coverage: c)
            }
            return
        }
        if mode == .sourceOver, c == 255, shader.isOpaque {
            // Opaque colors at full coverage replace the pixels: shade
            // straight into the surface.
            shader.shade(x: x, y: y, count: count, into: dst)
            return
        }
        shader.shade(x: x, y: y, count: count, into: source)
        if mode == .sourceOver {
            sourceOverRow(source, dst, count: count, coverage: c)
        } else {
            blendRow(mode, source: source, destination: dst, count: count, coverage: c)
        }
    }
}
