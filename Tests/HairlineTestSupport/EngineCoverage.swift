// Test support: draw with the engine and read its coverage back, and
// compare coverage grids with a report of the worst pixel (the other side
// of every comparison with ExactCoverage).

public import Hairline

/// Fills `path` in opaque black on a fresh `width` x `height` surface
/// (device pixels; `scale` device pixels per user unit, identity user space)
/// and returns each pixel's alpha / 255, row-major: for an opaque color, the
/// 8-bit coverage. `tolerance` overrides the canvas's flattening tolerance
/// (device pixels).
public func engineCoverage(
    _ path: Path, width: Int, height: Int, rule: FillRule = .nonZero,
    scale: Double = 1, tolerance: Double? = nil
) throws -> [Double] {
    let surface = try Surface(width: width, height: height)
    let canvas = Canvas(surface: surface, scale: scale)
    if let tolerance { canvas.flatteningTolerance = tolerance }
    canvas.fill(path, with: .black, rule: rule)
    return (0..<(width * height)).map { i in
        Double(surface.pixel(x: i % width, y: i / width)!.alpha) / 255
    }
}

/// A path of closed polygons (contours with fewer than one point skipped).
public func polygonPath(_ contours: [[Point]]) -> Path {
    var path = Path()
    for c in contours where !c.isEmpty {
        path.move(to: c[0])
        for p in c.dropFirst() { path.addLine(to: p) }
        path.closeSubpath()
    }
    return path
}

/// The largest difference between two coverage grids and where it is.
public struct CoverageDifference: CustomStringConvertible, Sendable {
    /// The largest |engine − exact|, in coverage (0...1).
    public var maximum = 0.0
    /// The pixel of the largest difference.
    public var x = 0, y = 0
    /// The two coverages at that pixel.
    public var engine = 0.0, exact = 0.0

    public var description: String {
        "max |engine − exact| = \(maximum * 255)/255 at (\(x), \(y)): engine \(engine * 255), exact \(exact * 255)"
    }
}

/// The largest difference between grids `a` (the engine's) and `b` (the
/// exact one), both row-major `width` pixels wide and of equal size.
public func compareCoverage(_ a: [Double], _ b: [Double], width: Int) -> CoverageDifference {
    var d = CoverageDifference()
    for i in a.indices {
        let e = abs(a[i] - b[i])
        if e > d.maximum {
            d = CoverageDifference(maximum: e, x: i % width, y: i / width, engine: a[i], exact: b[i])
        }
    }
    return d
}
