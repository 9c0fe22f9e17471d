// Round trips through the encoder: PNGEncoder.encode(surface) decoded must
// give the surface's pixels un-premultiplied exactly as the encoder
// defines it (checked in Double), and `image()` must premultiply them
// back with rounding to nearest, for random images with partial alpha.

import Hairline
import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct PNGRoundTripTests {
    /// A surface of random premultiplied pixels: a quarter opaque, a few
    /// transparent, the rest partial alpha.
    static func randomSurface(width: Int, height: Int, seed: UInt64) throws -> Surface {
        var generator = SplitMix64(seed: seed)
        let surface = try Surface(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let kind = Int.random(in: 0..<8, using: &generator)
                let alpha: UInt8 = kind < 2 ? 255 : kind == 2 ? 0 : UInt8.random(in: 1...254, using: &generator)
                let channel = { UInt8.random(in: 0...alpha, using: &generator) }
                surface.setPixel(
                    x: x, y: y, to: PremultipliedColor(red: channel(), green: channel(), blue: channel(), alpha: alpha))
            }
        }
        return surface
    }

    /// Straight RGBA8 premultiplied with (c a + 127) / 255, in Double:
    /// round(c a / 255).
    static func premultiplied(_ straight: [UInt8]) -> [UInt32] {
        stride(from: 0, to: straight.count, by: 4).map { offset in
            let a = Double(straight[offset + 3])
            let channel = { (index: Int) in UInt8((Double(straight[offset + index]) * a / 255).rounded()) }
            return PremultipliedColor(red: channel(0), green: channel(1), blue: channel(2), alpha: straight[offset + 3])
                .packed
        }
    }

    @Test(arguments: [(1, 1), (1, 2), (2, 1), (3, 7), (17, 5), (64, 64), (300, 200), (257, 3)])
    func encodedSurfacesDecodeToTheirStraightPixels(width: Int, height: Int) throws {
        let seed = UInt64(width * 1000 + height)
        let surface = try Self.randomSurface(width: width, height: height, seed: seed)
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(surface))
        #expect(decoded.width == width && decoded.height == height && decoded.bitDepth == 8)
        #expect(decoded.rgba16 == nil)
        let expected = PNGEncoderTests.expectedPixels(of: surface)
        #expect(firstDifference(decoded.rgba8, expected) == nil, "seed \(seed)")
        let image = decoded.image()
        #expect(image.width == width && image.height == height)
        #expect(image.pixels == Self.premultiplied(expected), "seed \(seed)")
    }

    /// Opaque and fully transparent surfaces survive exactly, both ways.
    @Test func opaqueSurfacesRoundTripExactly() throws {
        var generator = SplitMix64(seed: 3)
        let surface = try Surface(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let bytes = generator.bytes(3)
                surface.setPixel(
                    x: x, y: y, to: PremultipliedColor(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: 255))
            }
        }
        let image = try PNGDecoder.decodeImage(PNGEncoder.encode(surface))
        #expect(image == Image(surface))
        let clear = try Surface(width: 5, height: 5)
        #expect(try PNGDecoder.decodeImage(PNGEncoder.encode(clear)) == Image(clear))
    }
}
