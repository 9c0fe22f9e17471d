// Tests of every bit depth and color type pairing the PNG specification
// allows, plain and Adam7, at sizes from 1 x 1 (six empty passes) up,
// with every filter and with IDAT split into pieces: the decoded samples
// must equal those computed by the plain test writer, bit for bit.

import Testing
@testable import HairlinePNG

/// One format: a bit depth and color type.
struct PNGFormat: CustomTestStringConvertible, Sendable {
    let bitDepth: Int
    let colorType: Int
    var testDescription: String { "depth \(bitDepth), color type \(colorType)" }

    static let all: [PNGFormat] =
        [1, 2, 4, 8, 16].map { PNGFormat(bitDepth: $0, colorType: 0) }
        + [8, 16].map { PNGFormat(bitDepth: $0, colorType: 2) }
        + [1, 2, 4, 8].map { PNGFormat(bitDepth: $0, colorType: 3) }
        + [8, 16].map { PNGFormat(bitDepth: $0, colorType: 4) }
        + [8, 16].map { PNGFormat(bitDepth: $0, colorType: 6) }
}

@Suite struct PNGFormatTests {
    static let sizes = [(1, 1), (2, 3), (7, 1), (1, 9), (8, 8), (13, 11), (33, 5)]

    @Test(arguments: PNGFormat.all)
    func everyFormatDecodesPlainAndInterlaced(_ format: PNGFormat) throws {
        for (index, (width, height)) in Self.sizes.enumerated() {
            for interlaced in [false, true] {
                let seed =
                    UInt64(index * 100 + format.bitDepth * 10 + format.colorType)
                    + (interlaced ? 10_000 : 0)
                var source = TestPNGImage.random(
                    width: width, height: height, bitDepth: format.bitDepth, colorType: format.colorType, seed: seed)
                if format.colorType == 2 && index % 2 == 1 {
                    source.palette = [[1, 2, 3], [4, 5, 6]]  // a suggested palette, ignored
                }
                let filters = PNGFilter.allCases
                let png = source.png(
                    interlaced: interlaced, filter: { filters[($0 + index) % filters.count] }, idatSize: 7 + index)
                let decoded = try PNGDecoder.decode(png)
                let context = "\(format.testDescription), \(width) x \(height), interlaced \(interlaced), seed \(seed)"
                #expect(decoded.width == width && decoded.height == height, "\(context)")
                #expect(decoded.bitDepth == (format.bitDepth == 16 ? 16 : 8), "\(context)")
                #expect(firstDifference(decoded.rgba8, source.expectedRGBA8()) == nil, "\(context)")
                if format.bitDepth == 16 {
                    #expect(decoded.rgba16 == source.expectedSamples(), "\(context)")
                }
            }
        }
    }

    /// A wider image so that every filter runs over many pixels of every
    /// pixel size (the SIMD Paeth path for RGB8 and RGBA8 included).
    @Test(arguments: PNGFormat.all)
    func everyFilterRoundTripsOnWideRows(_ format: PNGFormat) throws {
        let source = TestPNGImage.random(
            width: 61, height: 10, bitDepth: format.bitDepth, colorType: format.colorType, seed: 7)
        for filter in PNGFilter.allCases {
            let decoded = try PNGDecoder.decode(source.png(interlaced: false, filter: { _ in filter }))
            #expect(
                firstDifference(decoded.rgba8, source.expectedRGBA8()) == nil, "\(format.testDescription), \(filter)")
        }
    }
}
