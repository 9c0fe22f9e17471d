// Nearest sampling picks, for each device pixel, the image pixel whose
// cell [k, k + 1) holds the pixel centre's image coordinate, as exact
// arithmetic gives it, also when the centre lies exactly on a cell
// boundary (an image scaled by 3.75 has one every 15 device pixels) and
// the inverse transform is not a binary fraction. The reference here is
// integer arithmetic on the rational scale and offset.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct NearestTieTests {
    /// A shader over an image whose pixel (i, j) holds the value
    /// `j * width + i + 1`, drawn at `num / den` device pixels per image
    /// pixel from device offset (`offsetX`, `offsetY`) / 4.
    private static func shader(
        width: Int, height: Int, num: Int, den: Int, offsetX: Int, offsetY: Int
    ) -> PatternShader {
        let s = Double(num) / Double(den)
        let toDevice = AffineTransform(scaleX: s, y: s)
            .concatenating(AffineTransform(translationX: Double(offsetX) / 4, y: Double(offsetY) / 4))
        return PatternShader(
            pixels: (0..<(width * height)).map { UInt32($0 + 1) }, width: width, height: height,
            rowLength: width, toPattern: toDevice.inverted()!, tileX: .pad, tileY: .pad,
            sampling: .nearest, alpha: 255, imageIsOpaque: false)
    }

    /// floor(((4·v + 2 − offset) · den) / (4 · num)): the image cell of
    /// device column or row v's centre, exactly.
    private static func cell(_ v: Int, num: Int, den: Int, offset: Int) -> Int {
        let n = (4 * v + 2 - offset) * den, d = 4 * num
        return n >= 0 ? n / d : -((-n + d - 1) / d)
    }

    @Test func samplesOnCellBoundariesTakeTheCellStartingThere() {
        var rng = SplitMix64(seed: 0x71E5)
        var ties = 0
        for round in 0..<250 {
            let width = rng.int(in: 1...20), height = rng.int(in: 1...12)
            let num = rng.int(in: 1...24), den = rng.int(in: 1...12)
            let offsetX = rng.int(in: -40...40), offsetY = rng.int(in: -40...40)
            let shader = Self.shader(
                width: width, height: height, num: num, den: den, offsetX: offsetX, offsetY: offsetY)
            let x0 = rng.int(in: -12...4), count = rng.int(in: 1...90)
            var out = [UInt32](repeating: 0, count: count)
            for y in -3..<(height * num / den + 4) {
                shader.shade(x: x0, y: y, count: count, into: &out)
                let j = min(max(Self.cell(y, num: num, den: den, offset: offsetY), 0), height - 1)
                for k in 0..<count {
                    let x = x0 + k
                    let i = min(max(Self.cell(x, num: num, den: den, offset: offsetX), 0), width - 1)
                    if ((4 * x + 2 - offsetX) * den) % (4 * num) == 0 { ties += 1 }
                    #expect(
                        out[k] == UInt32(j * width + i + 1),
                        "round \(round): \(num)/\(den) at (\(x), \(y)) took \(out[k]), cell (\(i), \(j))")
                }
            }
        }
        #expect(ties > 1_000, "\(ties) samples on a cell boundary")
    }

    @Test func theImageOfTheConformanceTestIsSampledOnItsBoundaries() {
        // resvg's painting/image-rendering/optimizeSpeed: a 64 px image over
        // 64 user units at 3.75 device pixels per unit. Device column 37's
        // centre, 37.5 = 10 · 3.75, is the left edge of image column 10.
        let shader = Self.shader(width: 64, height: 1, num: 15, den: 4, offsetX: 0, offsetY: 0)
        var out = [UInt32](repeating: 0, count: 8)
        shader.shade(x: 34, y: 0, count: 8, into: &out)
        // Columns 34...41: centres 34.5 ... 41.5 over 3.75.
        #expect(out == [10, 10, 10, 11, 11, 11, 11, 12])
        #expect(PatternShader.pixelIndex(10 - 0x1p-30) == 10)
        #expect(PatternShader.pixelIndex(10 - 0x1p-20) == 9)
        #expect(PatternShader.pixelIndex(-3 - 0x1p-40) == -3)
        #expect(PatternShader.pixelIndex(-2.5) == -3)
        #expect(PatternShader.pixelIndex(.nan) == -Int(PatternShader.coordinateLimit))
    }
}
