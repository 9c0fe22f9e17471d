// Tests of the PNG encoder end to end: files are parsed by the test reader
// (signature, chunk order, IHDR fields, every CRC), the IDAT stream is
// inflated by the test inflater and unfiltered, and the pixels must equal
// the straight-alpha values computed here in Double.

import Hairline
import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct PNGEncoderTests {
    /// Straight RGBA bytes expected for a surface, computed in Double.
    static func expectedPixels(of surface: Surface) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let p = surface.pixel(x: x, y: y)!
                guard p.alpha > 0 else { bytes += [0, 0, 0, 0]; continue }
                let a = Double(p.alpha)
                for channel in [p.red, p.green, p.blue] {
                    bytes.append(UInt8(min(255, (Double(channel) * 255 / a).rounded())))
                }
                bytes.append(p.alpha)
            }
        }
        return bytes
    }

    static func knownSurface() throws -> Surface {
        let surface = try Surface(width: 5, height: 4)
        let colors: [PremultipliedColor] = [
            PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255),
            PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0),
            PremultipliedColor(red: 64, green: 32, blue: 0, alpha: 128),
            PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1),
            PremultipliedColor(red: 100, green: 150, blue: 200, alpha: 200),
            PremultipliedColor(red: 0, green: 0, blue: 3, alpha: 3),
            Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5).premultiplied,
        ]
        for y in 0..<4 {
            for x in 0..<5 { surface.setPixel(x: x, y: y, to: colors[(x + 2 * y) % colors.count]) }
        }
        return surface
    }

    @Test func knownPixelsDecodeToStraightAlpha() throws {
        let surface = try Self.knownSurface()
        let png = PNGEncoder.encode(surface)
        let (info, pixels) = try TestPNGReader.decodePixels(png)
        #expect(info.width == 5 && info.height == 4)
        #expect(firstDifference(pixels, Self.expectedPixels(of: surface)) == nil)
        // Spot checks by hand: (64, 32, 0, 128) -> (128, 64, 0, 128).
        #expect(Array(pixels[8..<12]) == [128, 64, 0, 128])
        #expect(Array(pixels[4..<8]) == [0, 0, 0, 0])
        #expect(Array(pixels[12..<16]) == [255, 255, 255, 1])
    }

    @Test func chunksAndHeaderFollowTheSpecification() throws {
        let png = PNGEncoder.encode(try Self.knownSurface())
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let info = try TestPNGReader.parse(png)  // checks every CRC
        #expect(info.chunks.map(\.type) == ["IHDR", "sRGB", "IDAT", "IEND"])
        #expect(info.chunks[0].data.count == 13)
        #expect(info.bitDepth == 8)
        #expect(info.colorType == 6)
        #expect(info.compressionMethod == 0 && info.filterMethod == 0 && info.interlaceMethod == 0)
        #expect(info.chunks[1].data == [0])
        #expect(info.chunks[3].data.isEmpty)
    }

    @Test func pendingClearIsEncoded() throws {
        // A clear is recorded until something reads the pixels; encoding
        // reads them.
        let pending = try Surface(width: 7, height: 5), eager = try Surface(width: 7, height: 5)
        let color = Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.7).premultiplied
        pending.clear(to: color)
        eager.clear(to: color)
        eager.flush()
        #expect(PNGEncoder.encode(pending) == PNGEncoder.encode(eager))
        let (_, pixels) = try TestPNGReader.decodePixels(PNGEncoder.encode(pending))
        #expect(firstDifference(pixels, Self.expectedPixels(of: eager)) == nil)
    }

    @Test func solidImageIsSmall() throws {
        let surface = try Surface(width: 1029, height: 132)
        surface.clear(to: Color(red: 0.9, green: 0.95, blue: 1).premultiplied)
        // At best; the other levels' bound is in PNGCompressionLevelTests.
        let png = PNGEncoder.encode(surface, level: .best)
        #expect(png.count < 1_500)
        let (_, pixels) = try TestPNGReader.decodePixels(png)
        #expect(firstDifference(pixels, Self.expectedPixels(of: surface)) == nil)
    }

    @Test func largeImageSplitsIDATAndRoundTrips() throws {
        let seed: UInt64 = 17
        var generator = SplitMix64(seed: seed)
        let surface = try Surface(width: 200, height: 100)
        for y in 0..<100 {
            for x in 0..<200 {
                let alpha = UInt8.random(in: 0...255, using: &generator)
                let channel = { UInt8.random(in: 0...alpha, using: &generator) }
                surface.setPixel(
                    x: x, y: y, to: PremultipliedColor(red: channel(), green: channel(), blue: channel(), alpha: alpha))
            }
        }
        let png = PNGEncoder.encode(surface)
        let (info, pixels) = try TestPNGReader.decodePixels(png)
        let idat = info.chunks.filter { $0.type == "IDAT" }
        #expect(idat.count >= 2, "seed \(seed)")
        #expect(idat.allSatisfy { $0.data.count <= 1 << 16 })
        #expect(firstDifference(pixels, Self.expectedPixels(of: surface)) == nil, "seed \(seed)")
    }

    @Test(arguments: [(1, 1), (1, 7), (9, 1), (3, 3)])
    func smallSizesRoundTrip(width: Int, height: Int) throws {
        let surface = try Surface(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt8((x * 37 + y * 91) % 256)
                surface.setPixel(
                    x: x, y: y, to: PremultipliedColor(red: alpha / 2, green: alpha, blue: 0, alpha: alpha))
            }
        }
        let (info, pixels) = try TestPNGReader.decodePixels(PNGEncoder.encode(surface))
        #expect(info.width == width && info.height == height)
        #expect(firstDifference(pixels, Self.expectedPixels(of: surface)) == nil)
    }

    @Test func drawingUsesMoreThanOneFilter() throws {
        // A vertical gradient over a horizontal one: rows differ in what
        // predicts them best; each row's type byte must be a valid filter.
        let surface = try Surface(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let value = y < 32 ? UInt8(x * 4) : UInt8(y * 4)
                surface.setPixel(x: x, y: y, to: PremultipliedColor(red: value, green: value, blue: value, alpha: 255))
            }
        }
        let filtered = PNGEncoder.filteredScanlines(of: surface)
        let types = Set((0..<64).map { filtered[$0 * (64 * 4 + 1)] })
        #expect(types.count >= 2)
        #expect(types.isSubset(of: Set(PNGFilter.allCases.map(\.rawValue))))
    }
}
