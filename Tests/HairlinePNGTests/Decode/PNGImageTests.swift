// Tests of the decoder's 8-bit arithmetic, exhaustively against Double:
// premultiplication (c a + 127) / 255 for all 65,536 pairs, 16-to-8-bit
// narrowing (v 255 + 32767) / 65535 for all 65,536 samples; and the
// `PNGImage` accessors and `image()` conversion.

import Hairline
import Testing
@testable import HairlinePNG

@Suite struct PNGImageTests {
    @Test func premultiplicationRoundsToNearestForEveryPair() {
        for alpha in 0...255 {
            for channel in 0...255 {
                let expected = UInt8((Double(channel) * Double(alpha) / 255).rounded())
                let actual = PNGImage.premultiplied(UInt8(channel), alpha: UInt8(alpha))
                if actual != expected {
                    Issue.record("c \(channel), a \(alpha): \(actual), expected \(expected)")
                    return
                }
            }
        }
    }

    @Test func narrowingRoundsToNearestForEverySample() {
        let samples = (0...65_535).map { UInt16($0) }
        var narrow = [UInt8](repeating: 0, count: samples.count)
        samples.withUnsafeBufferPointer { wide in
            narrow.withUnsafeMutableBufferPointer { PNGRowExpander.narrow(wide, into: $0.baseAddress!) }
        }
        for (value, byte) in zip(samples, narrow) where byte != UInt8((Double(value) * 255 / 65_535).rounded()) {
            Issue.record("sample \(value) narrowed to \(byte)")
            return
        }
    }

    @Test func imageIsPremultipliedAndPixelsAreAddressable() throws {
        // 2 x 2 gray+alpha: (0, 0) opaque white, (1, 0) half-transparent
        // gray 200, (0, 1) transparent, (1, 1) alpha 1.
        let source = TestPNGImage(
            width: 2, height: 2, bitDepth: 8, colorType: 4, samples: [255, 255, 200, 128, 90, 0, 77, 1])
        let decoded = try PNGDecoder.decode(source.png(interlaced: false))
        #expect(decoded.pixel(x: 1, y: 0)! == PNGImage.Pixel(red: 200, green: 200, blue: 200, alpha: 128))
        #expect(decoded.pixel(x: 0, y: 1)! == PNGImage.Pixel(red: 90, green: 90, blue: 90, alpha: 0))
        #expect(decoded.pixel(x: 2, y: 0) == nil && decoded.pixel(x: 0, y: -1) == nil)
        let image = decoded.image()
        #expect(image.pixel(x: 0, y: 0) == PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(image.pixel(x: 1, y: 0) == PremultipliedColor(red: 100, green: 100, blue: 100, alpha: 128))
        #expect(image.pixel(x: 0, y: 1) == PremultipliedColor.clear)
        #expect(image.pixel(x: 1, y: 1) == PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1))
    }
}
