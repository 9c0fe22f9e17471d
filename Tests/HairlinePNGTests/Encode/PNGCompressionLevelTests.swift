// Tests of the PNG compression levels: every level's file decodes (by the
// package's decoder and by the independent test reader, which checks every
// CRC, the zlib header and the Adler-32) to the straight-alpha pixels
// computed in Double, on images of many shapes; the SIMD filter kernel
// against the scalar filters (the scanline compressor's own tests are in
// Zlib/ScanlineDeflaterTests.swift).

import Hairline
import Testing
@testable import HairlinePNG
import HairlineTestSupport

/// A named surface for parameterized tests. Unchecked: the surfaces are
/// built once and only read (encoded) by the tests.
struct NamedSurface: CustomTestStringConvertible, @unchecked Sendable {
    let name: String
    let surface: Surface
    var testDescription: String { "\(name) (\(surface.width) x \(surface.height))" }
}

@Suite struct PNGCompressionLevelTests {
    /// Surfaces of many shapes: 1 x 1, odd widths, all transparent, noise
    /// (every alpha), long runs, gradients, a drawing.
    static let surfaces: [NamedSurface] = {
        var rng = SplitMix64(seed: 35)
        func make(
            _ name: String, _ width: Int, _ height: Int,
            _ pixel: (Int, Int, inout SplitMix64) -> PremultipliedColor
        ) -> NamedSurface {
            let surface = try! Surface(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width { surface.setPixel(x: x, y: y, to: pixel(x, y, &rng)) }
            }
            return NamedSurface(name: name, surface: surface)
        }
        func noise(_ r: inout SplitMix64) -> PremultipliedColor {
            let alpha = UInt8(truncatingIfNeeded: r.next())
            func channel() -> UInt8 { UInt8(truncatingIfNeeded: r.next() % (UInt64(alpha) + 1)) }
            return PremultipliedColor(red: channel(), green: channel(), blue: channel(), alpha: alpha)
        }
        let opaque = PremultipliedColor(red: 10, green: 200, blue: 30, alpha: 255)
        var list = [
            make("one pixel", 1, 1) { _, _, r in noise(&r) },
            make("one column", 1, 37) { _, _, r in noise(&r) },
            make("one row", 61, 1) { _, _, r in noise(&r) },
            make("all transparent", 33, 9) { _, _, _ in PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0) },
            make("opaque flat", 300, 40) { _, _, _ in opaque },
            make("noise, odd width", 77, 31) { _, _, r in noise(&r) },
            make("noise 300 x 200", 300, 200) { _, _, r in noise(&r) },
            make("long runs with stripes", 517, 60) { x, y, _ in
                (x / 50 + y / 7) % 3 == 0 ? opaque : PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
            },
            make("gradients", 129, 65) { x, y, _ in
                PremultipliedColor(
                    red: UInt8(x * 2 % 256), green: UInt8(y * 3 % 256), blue: UInt8((x + y) % 256),
                    alpha: 255)
            },
            make("half transparent gradient", 45, 45) { x, y, _ in
                let alpha = UInt8(x * 5 + 1)
                return PremultipliedColor(red: UInt8(y % Int(alpha)), green: 0, blue: alpha / 2, alpha: alpha)
            },
        ]
        let drawing = try! Surface(width: 403, height: 211)
        let canvas = Canvas(surface: drawing)
        for index in 0..<25 {
            var path = Path()
            path.addEllipse(in: Rect(x: Double(index * 37 % 380), y: Double(index * 53 % 190), width: 60, height: 35))
            canvas.fill(
                path, with: Color(red: Double(index) / 25, green: 0.5, blue: 0.8, alpha: index % 3 == 0 ? 1 : 0.6))
        }
        drawing.flush()
        list.append(NamedSurface(name: "drawing", surface: drawing))
        return list
    }()

    @Test(arguments: surfaces)
    func everyLevelDecodesToTheSamePixels(named: NamedSurface) throws {
        let expected = PNGEncoderTests.expectedPixels(of: named.surface)
        for level in PNGCompressionLevel.allCases {
            let png = PNGEncoder.encode(named.surface, level: level)
            // The independent reader checks the CRCs, the zlib framing and
            // the Adler-32 on the way.
            let (info, pixels) = try TestPNGReader.decodePixels(png)
            #expect(info.width == named.surface.width && info.height == named.surface.height)
            #expect(firstDifference(pixels, expected) == nil, "\(level)")
            let decoded = try PNGDecoder.decode(png)
            #expect(decoded.rgba8 == expected, "\(level)")
        }
    }

    @Test func solidImageIsSmallAtEveryLevel() throws {
        // 1029 x 132 of one color (543 KB of pixels): under 1.5 KB at
        // best (rows of zeros after Up), under 4 KB at the scanline levels
        // (raw pixels, runs of 258 bytes).
        let surface = try Surface(width: 1029, height: 132)
        surface.clear(to: Color(red: 0.9, green: 0.95, blue: 1).premultiplied)
        #expect(PNGEncoder.encode(surface, level: .best).count < 1_500)
        #expect(PNGEncoder.encode(surface, level: .default).count < 4_000)
        #expect(PNGEncoder.encode(surface, level: .fast).count < 4_000)
    }

    @Test func defaultIsTheLevelWhenNoneIsGiven() throws {
        let surface = Self.surfaces.last!.surface
        #expect(PNGEncoder.encode(surface) == PNGEncoder.encode(surface, level: .default))
        #expect(PNGEncoder.encode(surface, level: .best) == PNGEncoder.encode(surface, level: .best))
    }

    @Test func bestIsTheWholeFilteredImageAtZlibLevelSix() throws {
        let surface = Self.surfaces.last!.surface
        let whole = PNGEncoder.filteredScanlines(of: surface).withUnsafeBytes { ZlibStream.compress($0) }
        #expect(PNGEncoder.compressedScanlines(of: surface, level: .best) == whole)
    }

    @Test func levelsTradeSizeAsDocumented() throws {
        let drawing = Self.surfaces.last!.surface
        let sizes = PNGCompressionLevel.allCases.map { PNGEncoder.encode(drawing, level: $0).count }
        // Every level far below raw, the quick ones within 1.5 x best.
        #expect(sizes.allSatisfy { $0 < drawing.width * drawing.height * 4 / 4 })
        #expect(sizes[0] * 2 <= sizes[2] * 3 && sizes[1] * 2 <= sizes[2] * 3)
        // Noise cannot be compressed much: no level expands it past the
        // stored size plus the framing.
        let noise = Self.surfaces.first { $0.name == "noise 300 x 200" }!.surface
        for level in PNGCompressionLevel.allCases {
            #expect(PNGEncoder.encode(noise, level: level).count < 300 * 200 * 4 + 300 * 200 / 50)
        }
    }

    @Test func zlibHeaderAnnouncesTheLevel() throws {
        let surface = Self.surfaces[4].surface
        for (level, flags) in [(PNGCompressionLevel.fast, 0), (.default, 1), (.best, 2)] {
            let stream = PNGEncoder.compressedScanlines(of: surface, level: level)
            #expect(stream[0] == 0x78)
            #expect(Int(stream[1]) >> 6 == flags)
            #expect((Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
            let inflated = try TestInflater.zlibDecompress(stream)
            #expect(inflated.bytes.count == surface.height * (surface.width * 4 + 1))
        }
    }

    @Test func levelNames() {
        #expect(PNGCompressionLevel.allCases.map(\.name) == ["fast", "default", "best"])
        #expect(PNGCompressionLevel(name: "best") == .best)
        #expect(PNGCompressionLevel(name: "Best") == nil)
        #expect(PNGCompressionLevel(name: "9") == nil)
    }
}

@Suite struct PNGFilterCandidatesTests {
    /// Rows of random bytes, runs and extremes, at widths around the
    /// 16-byte step, with several pixel sizes: each candidate equals the
    /// scalar `apply`, and the choice equals `bestFilter`.
    @Test func candidatesEqualTheScalarFilters() {
        var rng = SplitMix64(seed: 1951)
        for count in [0, 1, 3, 4, 15, 16, 17, 20, 31, 33, 64, 100, 257, 1029] {
            for bytesPerPixel in [1, 3, 4, 8] {
                for pattern in 0..<4 {
                    func byte(_ index: Int) -> UInt8 {
                        switch pattern {
                        case 0: return UInt8(truncatingIfNeeded: rng.next())
                        case 1: return [0, 255, 128, 127, 1][Int(rng.next() % 5)]
                        case 2: return UInt8(index / 7 % 256)
                        default: return rng.next() % 8 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : 0
                        }
                    }
                    let row = (0..<count).map(byte), previous = (0..<count).map(byte)
                    let candidates = PNGFilterCandidates(count: count)
                    let chosen = candidates.filter(row, previous: previous, bytesPerPixel: bytesPerPixel)
                    #expect(
                        chosen
                            == PNGFilter.bestFilter(
                                for: row, previous: previous, count: count,
                                bytesPerPixel: bytesPerPixel))
                    for filter in PNGFilter.allCases {
                        var expected = [UInt8](repeating: 0, count: count)
                        filter.apply(
                            to: row, previous: previous, count: count, bytesPerPixel: bytesPerPixel,
                            into: &expected)
                        let candidate = candidates.row(filter)
                        #expect(candidate[0] == filter.rawValue)
                        #expect(Array(candidate[1...]) == expected, "\(filter) \(count) \(bytesPerPixel)")
                    }
                }
            }
        }
    }

    /// The byte-wise Paeth predictor against the specification's formula,
    /// on every (a, b, c) with a and b on a grid and c exhaustive, 16 at a time.
    @Test func vectorPaethMatchesTheFormula() {
        var mismatches = 0
        for a in stride(from: 0, through: 255, by: 3) {
            for b in stride(from: 0, through: 255, by: 5) {
                for cStart in stride(from: 0, to: 256, by: 16) {
                    let c = SIMD16<UInt8>((0..<16).map { UInt8(cStart + $0) })
                    let predicted = PNGFilterCandidates.paethPredictor(
                        a: SIMD16(repeating: UInt8(a)), b: SIMD16(repeating: UInt8(b)), c: c)
                    for lane in 0..<16 {
                        let p = a + b - Int(c[lane])
                        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - Int(c[lane]))
                        let expected = pa <= pb && pa <= pc ? a : pb <= pc ? b : Int(c[lane])
                        if Int(predicted[lane]) != expected { mismatches += 1 }
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }
}

@Suite struct FastKernelTests {
    @Test func adler32EqualsTheDefinition() {
        var rng = SplitMix64(seed: 1950)
        for count in [0, 1, 15, 16, 17, 5551, 5552, 5553, 11_104, 20_000, 70_001] {
            let random = rng.bytes(count)
            let ones = [UInt8](repeating: 255, count: count)
            for bytes in [random, ones] {
                #expect(Adler32.checksum(bytes) == TestInflater.naiveAdler32(bytes), "\(count)")
                // Any split gives the same value.
                var split = Adler32()
                let cut = count / 3
                split.update(bytes[..<cut])
                split.update(bytes[cut...])
                #expect(split.value == TestInflater.naiveAdler32(bytes))
            }
        }
    }

    @Test func unpremultiplyRowEqualsThePixelFormula() {
        var rng = SplitMix64(seed: 6)
        for pixelCount in [0, 1, 3, 4, 5, 8, 13, 64] {
            // Opaque, transparent and partial pixels in runs and mixed.
            var source: [UInt8] = []
            for index in 0..<pixelCount {
                let kind = (index / 4 + Int(rng.next() % 2)) % 3
                let alpha: UInt8 = kind == 0 ? 255 : kind == 1 ? 0 : UInt8(1 + rng.next() % 254)
                for _ in 0..<3 {
                    source.append(alpha == 0 ? 0 : UInt8(truncatingIfNeeded: rng.next() % (UInt64(alpha) + 1)))
                }
                source.append(alpha)
            }
            var output = [UInt8](repeating: 7, count: source.count)
            Unpremultiply.row(source, into: &output, pixelCount: pixelCount)
            var expected: [UInt8] = []
            for pixel in 0..<pixelCount {
                let alpha = source[pixel * 4 + 3]
                for channel in 0..<3 {
                    expected.append(
                        alpha == 0
                            ? 0 : UInt8(min(255, (Double(source[pixel * 4 + channel]) * 255 / Double(alpha)).rounded()))
                    )
                }
                expected.append(alpha)
            }
            #expect(output == expected, "\(pixelCount)")
        }
    }
}
