// Paint: a Paint prepared for one draw -> premultiplied source colors for a
// run of device pixels: the dispatch over the paints' shaders (each kept
// with its paint: LinearGradient.swift, RadialGradient.swift,
// ConicGradient.swift, ImagePattern.swift). Preparation (once per draw,
// ShaderPreparation.swift and the paint's `shader(…)`) inverts the
// transforms and fills the gradient ramp; `shade` (once per run) evaluates
// the paint at pixel centres (x + 0.5, y + 0.5) into a row buffer. Global
// alpha is baked into the colors then.

/// A paint ready to evaluate in device space.
enum Shader {
    case solid(UInt32)
    case linear(LinearShader)
    case radial(RadialShader)
    case conic(ConicShader)
    case pattern(PatternShader)

    /// The color of every pixel of row `y`, if the shader does not vary
    /// along rows (a solid, or a gradient perpendicular to the rows).
    @inline(__always)
    func rowConstant(y: Int) -> UInt32? {
        switch self {
        case .solid(let c): return c
        case .linear(let s): return s.rowConstant(y: y)
        // (Patterns: PatternShader.rowConstant, asked by the kernel for
        // the patterns that can have constant rows only; binding the
        // payload here would copy it every row.)
        default: return nil
        }
    }

    /// Whether every color the shader produces is opaque (source-over at
    /// full coverage may then write the colors straight into the surface).
    var isOpaque: Bool {
        switch self {
        case .solid(let c): return packedAlpha(c) == 255
        case .linear(let s): return s.ramp.isOpaque
        case .radial: return false  // points no circle reaches are transparent
        case .conic(let s): return s.ramp.isOpaque
        case .pattern(let s): return s.isOpaque
        }
    }

    /// Writes the colors of pixels x..<x+count of row y.
    @inline(__always)
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        // Invariant (every shader's `shade`): `count` writable colors at `out`.
        assert(count >= 0, "a run of pixels")
        switch self {
        case .solid(let c): fillPixels(out, count: count, with: c)
        case .linear(let s): s.shade(x: x, y: y, count: count, into: out)
        case .radial(let s): s.shade(x: x, y: y, count: count, into: out)
        case .conic(let s): s.shade(x: x, y: y, count: count, into: out)
        case .pattern(let s): s.shade(x: x, y: y, count: count, into: out)
        }
    }
}
