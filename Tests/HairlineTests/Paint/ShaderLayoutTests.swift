// The shaders are copied into the kernels per draw (and a pattern's is
// held apart by PaintKernel): kept small, a copy is a few moves; a few
// bytes more and the compiler copies them by calling memcpy, which cost
// the gradient cells a quarter of their time once (a pattern shader grown
// by one Int, 124 -> 132 bytes). On x86-64 the line is 128 bytes; a change
// that crosses it must be measured (compare.sh) before the bound is moved.

import Testing
@testable import Hairline

@Suite struct ShaderLayoutTests {
    @Test func shadersStaySmall() {
        #expect(MemoryLayout<PatternShader>.size <= 128, "\(MemoryLayout<PatternShader>.size) bytes")
        #expect(MemoryLayout<Shader>.size <= 128, "\(MemoryLayout<Shader>.size) bytes")
    }
}
