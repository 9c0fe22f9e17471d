// Test support: drive a compositing kernel through the sweep's contract
// (Raster/SpanKernel.swift) one run at a time, as the kernel tests do.

@testable import Hairline

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
