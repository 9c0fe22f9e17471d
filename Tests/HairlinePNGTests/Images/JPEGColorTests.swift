// JPEG color: which transform a frame gets (libjpeg's rules), and the
// conversions the fixtures cannot reach (YCCK: no free encoder writes it)
// checked against plain Double formulas.

import Foundation
@testable import HairlinePNG
import Testing

@Suite struct JPEGColorTests {
    @Test func transformChoice() {
        typealias T = JPEGColorTransform
        #expect(T.choose(componentIDs: [1], adobeTransform: nil, sawJFIF: false) == .gray)
        #expect(T.choose(componentIDs: [1, 2, 3], adobeTransform: nil, sawJFIF: false) == .yCbCr)
        #expect(T.choose(componentIDs: [82, 71, 66], adobeTransform: nil, sawJFIF: false) == .rgb)
        #expect(T.choose(componentIDs: [82, 71, 66], adobeTransform: nil, sawJFIF: true) == .yCbCr)
        #expect(T.choose(componentIDs: [1, 2, 3], adobeTransform: 0, sawJFIF: false) == .rgb)
        #expect(T.choose(componentIDs: [1, 2, 3], adobeTransform: 1, sawJFIF: false) == .yCbCr)
        #expect(T.choose(componentIDs: [1, 2, 3, 4], adobeTransform: nil, sawJFIF: false) == .cmyk(inverted: false))
        #expect(T.choose(componentIDs: [1, 2, 3, 4], adobeTransform: 0, sawJFIF: false) == .cmyk(inverted: true))
        #expect(T.choose(componentIDs: [1, 2, 3, 4], adobeTransform: 2, sawJFIF: false) == .yCCK)
    }

    /// Converts one pixel of samples through `convert`.
    static func convert(_ samples: [UInt8], _ transform: JPEGColorTransform) -> (Int, Int, Int, Int) {
        var tables = [Int](repeating: 0, count: 1024)
        let c = JPEGColorConverter.self
        for i in 0..<256 {
            let x = i - 128
            tables[i] = (c.fix(1.40200) * x + c.half) >> c.scaleBits
            tables[256 + i] = (c.fix(1.77200) * x + c.half) >> c.scaleBits
            tables[512 + i] = -c.fix(0.71414) * x
            tables[768 + i] = -c.fix(0.34414) * x + c.half
        }
        var out: UInt32 = 0
        let pointers: [UnsafeMutablePointer<UInt8>] = samples.map { sample in
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
            p.initialize(to: sample)
            return p
        }
        defer { for p in pointers { p.deallocate() } }
        tables.withUnsafeBufferPointer { t in
            JPEGColorConverter.convert(
                pointers.map { UnsafePointer($0) }, transform: transform, tables: t.baseAddress!, into: &out, width: 1)
        }
        let v = UInt32(littleEndian: out)
        return (Int(v & 255), Int(v >> 8 & 255), Int(v >> 16 & 255), Int(v >> 24))
    }

    /// YCbCr -> RGB within 1 of the exact JFIF formula, over a grid.
    @Test func yCbCrAgainstFormula() {
        for y in stride(from: 0, through: 255, by: 15) {
            for cb in stride(from: 0, through: 255, by: 17) {
                for cr in stride(from: 0, through: 255, by: 17) {
                    let (r, g, b, a) = Self.convert([UInt8(y), UInt8(cb), UInt8(cr)], .yCbCr)
                    let fy = Double(y), fb = Double(cb) - 128, fr = Double(cr) - 128
                    func clamp(_ v: Double) -> Double { min(255, max(0, v)) }
                    #expect(abs(Double(r) - clamp(fy + 1.402 * fr)) <= 1)
                    #expect(abs(Double(g) - clamp(fy - 0.344136 * fb - 0.714136 * fr)) <= 1)
                    #expect(abs(Double(b) - clamp(fy + 1.772 * fb)) <= 1)
                    #expect(a == 255)
                }
            }
        }
    }

    /// YCCK: YCbCr -> R'G'B' (inverted C, M, Y), then with K' (inverted
    /// K): R = K' · R'' / 255 where R'' = 255 - R', within 1.
    @Test func yCCKAgainstFormula() {
        for y in stride(from: 0, through: 255, by: 51) {
            for cb in stride(from: 0, through: 255, by: 51) {
                for cr in stride(from: 0, through: 255, by: 51) {
                    for k in stride(from: 0, through: 255, by: 85) {
                        let (r, g, b, _) = Self.convert([UInt8(y), UInt8(cb), UInt8(cr), UInt8(k)], .yCCK)
                        let fy = Double(y), fb = Double(cb) - 128, fr = Double(cr) - 128
                        func clamp(_ v: Double) -> Double { min(255, max(0, v)) }
                        let rr = clamp(fy + 1.402 * fr), gg = clamp(fy - 0.344136 * fb - 0.714136 * fr),
                            bb = clamp(fy + 1.772 * fb)
                        let kk = Double(k)
                        #expect(abs(Double(r) - kk * (255 - rr) / 255) <= 1.5)
                        #expect(abs(Double(g) - kk * (255 - gg) / 255) <= 1.5)
                        #expect(abs(Double(b) - kk * (255 - bb) / 255) <= 1.5)
                    }
                }
            }
        }
    }

    /// CMYK, plain and inverted: R = (255 - C)(255 - K) / 255, within 1.
    @Test func cmykAgainstFormula() {
        for c in stride(from: 0, through: 255, by: 15) {
            for k in stride(from: 0, through: 255, by: 15) {
                let plain = Self.convert([UInt8(c), 0, 255, UInt8(k)], .cmyk(inverted: false))
                let inverted = Self.convert([UInt8(255 - c), 255, 0, UInt8(255 - k)], .cmyk(inverted: true))
                let exact = Double(255 - c) * Double(255 - k) / 255
                #expect(abs(Double(plain.0) - exact) <= 1)
                #expect(plain == inverted)
                #expect(plain.1 == 255 - k)
                #expect(plain.2 == 0)
            }
        }
    }
}
