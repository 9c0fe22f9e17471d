// Test support: draw with the engine and read coverage back, and compare
// coverage grids with a report of the worst pixel.

@testable import Hairline

/// Fills `path` in opaque black on a fresh surface (scale 1, identity
/// user space) and returns each pixel's alpha / 255, which for an opaque
/// color is the 8-bit coverage.
func engineCoverage(_ path: Path, width: Int, height: Int, rule: FillRule = .nonZero,
                    scale: Double = 1, tolerance: Double? = nil) throws -> [Double] {
    let surface = try Surface(width: width, height: height)
    let canvas = Canvas(surface: surface, scale: scale)
    if let tolerance { canvas.flatteningTolerance = tolerance }
    canvas.fill(path, with: .black, rule: rule)
    return (0..<(width * height)).map { i in
        Double(surface.pixel(x: i % width, y: i / width)!.alpha) / 255
    }
}

/// A path of closed polygons.
func polygonPath(_ contours: [[Point]]) -> Path {
    var path = Path()
    for c in contours where !c.isEmpty {
        path.move(to: c[0])
        for p in c.dropFirst() { path.addLine(to: p) }
        path.closeSubpath()
    }
    return path
}

struct CoverageDifference: CustomStringConvertible {
    var maximum = 0.0
    var x = 0, y = 0
    var engine = 0.0, exact = 0.0
    var description: String {
        "max |engine − exact| = \(maximum * 255)/255 at (\(x), \(y)): engine \(engine * 255), exact \(exact * 255)"
    }
}

func compareCoverage(_ a: [Double], _ b: [Double], width: Int) -> CoverageDifference {
    var d = CoverageDifference()
    for i in a.indices {
        let e = abs(a[i] - b[i])
        if e > d.maximum {
            d = CoverageDifference(maximum: e, x: i % width, y: i / width, engine: a[i], exact: b[i])
        }
    }
    return d
}

extension SpanKernel {
    /// Blends one span of one coverage into row `y` (0 leaves it as it is,
    /// 255 is the kernel's fill): a run of pixels as tests drive kernels.
    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        beginRow(y)
        if coverage == 255 {
            fill(x: x, count: count)
        } else if coverage != 0 {
            blend(x: x, count: count, coverage: UInt32(coverage))
        }
    }
}
