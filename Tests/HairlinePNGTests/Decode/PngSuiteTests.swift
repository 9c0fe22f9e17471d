// Tests against PngSuite: every valid image (all bit depths and color
// types, Adam7, odd sizes, filters, palettes, tRNS, ancillary chunks,
// compression levels) must decode to exactly its expected pixels, and
// every corrupt x* image must throw the specific `PNGError` its name says.

import Testing
import Hairline
@testable import HairlinePNG

@Suite struct PngSuiteTests {
    @Test func fixturesArePresent() {
        #expect(PngSuiteFixtures.expectations.count == 161)
        #expect(PngSuiteFixtures.allNames.count == 175)
    }

    @Test(arguments: PngSuiteFixtures.expectations)
    func validImageDecodesExactly(_ expected: PngSuiteExpectation) throws {
        let image = try PNGDecoder.decode(PngSuiteFixtures.bytes(expected.name))
        #expect(image.width == expected.width && image.height == expected.height)
        #expect(image.bitDepth == expected.bitDepth)
        #expect(image.rgba8.count == expected.width * expected.height * 4)
        #expect(TestPNGReader.bitwiseCRC32(image.rgba8) == expected.crc8)
        if let crc16 = expected.crc16 {
            let wide = try #require(image.rgba16)
            #expect(TestPNGReader.bitwiseCRC32(wide.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) == crc16)
        } else {
            #expect(image.rgba16 == nil)
        }
        // The premultiplied image agrees with the straight pixels.
        let premultiplied = image.image()
        let last = premultiplied.pixel(x: image.width - 1, y: image.height - 1)!
        let straight = image.pixel(x: image.width - 1, y: image.height - 1)!
        #expect(last.alpha == straight.alpha)
    }

    /// What each corrupt image must throw (PngSuite.README's x* list).
    static let corruptCases: [(name: String, check: @Sendable (PNGError) -> Bool)] = [
        ("xs1n0g01", { $0 == .notPNG }),  // signature byte 1 MSB cleared
        ("xs2n0g01", { $0 == .notPNG }),  // signature byte 2 is 'Q'
        ("xs4n0g01", { $0 == .notPNG }),  // signature byte 4 lowercase
        ("xs7n0g01", { $0 == .notPNG }),  // 7th byte a space, not ^Z
        ("xcrn0g04", { $0 == .notPNG }),  // LF converted to CR-LF
        ("xlfn0g04", { $0 == .notPNG }),  // CR-LF converted to LF
        ("xhdn0g08", { $0 == .badCRC(chunk: "IHDR", at: 8) }),
        ("xcsn0g01", { if case .badCRC(chunk: "IDAT", _) = $0 { return true } else { return false } }),
        ("xc1n0g08", { $0 == .invalidHeader("color type 1 is not defined", at: 25) }),
        ("xc9n2c08", { $0 == .invalidHeader("color type 9 is not defined", at: 25) }),
        ("xd0n2c08", { $0 == .invalidHeader("bit depth 0 is not allowed for color type 2", at: 24) }),
        ("xd3n2c08", { $0 == .invalidHeader("bit depth 3 is not allowed for color type 2", at: 24) }),
        ("xd9n2c08", { $0 == .invalidHeader("bit depth 99 is not allowed for color type 2", at: 24) }),
        ("xdtn0g01", { $0 == .missingChunk("IDAT") }),
    ]

    @Test func everyCorruptImageIsCovered() {
        let corrupt = PngSuiteFixtures.allNames.filter { $0.hasPrefix("x") }
        #expect(corrupt.sorted() == Self.corruptCases.map(\.name).sorted())
    }

    @Test(arguments: corruptCases.map(\.name))
    func corruptImageThrowsItsError(_ name: String) throws {
        let check = Self.corruptCases.first { $0.name == name }!.check
        let bytes = try PngSuiteFixtures.bytes(name)
        do {
            let image = try PNGDecoder.decode(bytes)
            Issue.record("\(name) decoded to \(image.width) x \(image.height)")
        } catch {
            #expect(check(error), "\(name): \(error)")
        }
    }
}
