// PNGDecoder.decodeImage decodes into about the image's own memory (8-bit
// RGBA inflated and unfiltered where the image keeps its pixels; others
// expanded there row by row) and gives exactly the pixels of
// decode(_:).image(): every PngSuite file (all depths, color types,
// Adam7, palettes, tRNS), every corrupt one (the same error), random
// RGBA8 images of every filter, and every prefix of one (the same error
// or the same image).

import Hairline
@testable import HairlinePNG
import HairlineTestSupport
import Testing

@Suite struct LeanImageDecodeTests {
    static func same(_ bytes: [UInt8]) -> Bool {
        let reference: Result<Image, PNGError>
        do { reference = .success(try PNGDecoder.decode(bytes).image()) } catch { reference = .failure(error) }
        let lean: Result<Image, PNGError>
        do { lean = .success(try PNGDecoder.decodeImage(bytes)) } catch { lean = .failure(error) }
        switch (reference, lean) {
        case (.success(let a), .success(let b)): return a == b
        case (.failure(let a), .failure(let b)): return a == b
        default: return false
        }
    }

    @Test func everyPngSuiteFileDecodesAlike() throws {
        for name in PngSuiteFixtures.allNames {
            #expect(Self.same(try PngSuiteFixtures.bytes(name)), "\(name)")
        }
    }

    @Test func randomRGBA8ImagesAndTheirPrefixesDecodeAlike() throws {
        var rng = SplitMix64(seed: 77)
        for (width, height) in [(1, 1), (5, 3), (64, 17), (257, 40)] {
            let surface = try Surface(width: width, height: height)
            let canvas = Canvas(surface: surface)
            for _ in 0..<12 {
                var path = Path()
                path.addEllipse(
                    in: Rect(
                        x: Double(rng.next() % UInt64(width)) - 4, y: Double(rng.next() % UInt64(height)) - 4,
                        width: Double(width) / 2, height: Double(height) / 2))
                canvas.fill(
                    path,
                    with: Color(
                        red: Double(rng.next() % 256) / 255, green: Double(rng.next() % 256) / 255,
                        blue: 0.3, alpha: Double(rng.next() % 256) / 255))
            }
            surface.flush()
            let png = PNGEncoder.encode(surface)
            #expect(Self.same(png))
            #expect(try PNGDecoder.decodeImage(png) == PNGDecoder.decode(png).image())
            for cut in stride(from: 0, to: png.count, by: max(1, png.count / 40)) {
                #expect(Self.same(Array(png[0..<cut])), "\(width) x \(height) cut at \(cut)")
            }
        }
    }
}
