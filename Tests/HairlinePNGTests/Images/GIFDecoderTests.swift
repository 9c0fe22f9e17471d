// GIF decoder tests: every fixture exactly equal to its intended pixels
// (which Pillow's decode agrees with, checked when they were made), and
// the errors and edge cases of the format: no table, bad LZW codes, early
// ends, limits before allocation.

import Hairline
@testable import HairlinePNG
import Testing

@Suite struct GIFDecoderTests {
    static let fixtures = ImageFixtures.names("gif")

    @Test func fixturesExist() {
        #expect(Self.fixtures.count >= 10)
    }

    @Test(arguments: fixtures) func matchesReferenceExactly(_ name: String) throws {
        let image = try GIFDecoder.decode(ImageFixtures.bytes(name))
        let reference = try ImageFixtures.reference(name)
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(ImageFixtures.maximumDifference(image, reference) == 0, "\(name)")
    }

    /// A GIF of `width` × `height` with a 2-color global table, then `body`.
    static func gif(width: Int = 2, height: Int = 2, globalTable: Bool = true, _ body: [UInt8]) -> [UInt8] {
        var bytes =
            Array("GIF89a".utf8) + [UInt8(width & 255), UInt8(width >> 8), UInt8(height & 255), UInt8(height >> 8)]
        bytes += [globalTable ? 0x80 : 0, 0, 0]
        if globalTable { bytes += [255, 0, 0, 0, 0, 255] }
        return bytes + body
    }

    /// An image descriptor at (0, 0) of w × h, no local table.
    static func descriptor(width: Int = 2, height: Int = 2, flags: UInt8 = 0) -> [UInt8] {
        [0x2C, 0, 0, 0, 0, UInt8(width), 0, UInt8(height), 0, flags]
    }

    @Test func notGIF() {
        #expect(throws: GIFError.notGIF) { try GIFDecoder.decode(Array("GIF88a".utf8)) }
        #expect(throws: GIFError.truncated(at: 6)) { try GIFDecoder.decode(Array("GIF89a".utf8) + [1, 0]) }
    }

    @Test func noImage() {
        #expect(throws: GIFError.missingImage) { try GIFDecoder.decode(Self.gif([0x3B])) }
        #expect(throws: GIFError.missingImage) { try GIFDecoder.decode(Self.gif([])) }
    }

    @Test func noColorTable() {
        let bytes = Self.gif(globalTable: false, Self.descriptor() + [2, 2, 0x4C, 0x01, 0, 0x3B])
        #expect(throws: GIFError.missingColorTable(at: 13)) { try GIFDecoder.decode(bytes) }
    }

    @Test func badBlockIntroducer() {
        #expect(throws: GIFError.invalidBlock("block", reason: "introducer 7 is not 0x21, 0x2C or 0x3B", at: 19)) {
            try GIFDecoder.decode(Self.gif([7]))
        }
    }

    @Test func codeNotInTable() {
        // Min code size 2: clear (4) then code 7 (next is 6): 3-bit codes
        // 100, 111 packed LSB first = 0b00_111_100.
        let bytes = Self.gif(Self.descriptor() + [2, 1, 0b0011_1100, 0, 0x3B])
        #expect(throws: GIFError.invalidImageData("code 7 follows a clear code (a root below 4 must)", at: 29)) {
            try GIFDecoder.decode(bytes)
        }
    }

    @Test func earlyEndLeavesTransparentPixels() throws {
        // Clear (4), index 1, end (5) in 3-bit codes: one pixel of four.
        let bytes = Self.gif(Self.descriptor() + [2, 2, 0x4C, 0x01, 0, 0x3B])
        let image = try GIFDecoder.decode(bytes)
        #expect(image.pixels[0] == PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255).packed)
        #expect(image.pixels[1...].allSatisfy { $0 == 0 })
    }

    @Test func truncatedImageData() {
        let bytes = Self.gif(Self.descriptor() + [2, 5, 0b0000_1100])
        #expect(throws: GIFError.truncated(at: 29)) { try GIFDecoder.decode(bytes) }
    }

    @Test func limitsBeforeAllocation() {
        let bytes = Self.gif(width: 65535, height: 65535, Self.descriptor() + [2, 2, 0x4C, 0x01, 0, 0x3B])
        #expect(throws: GIFError.tooLarge(width: 65535, height: 65535)) { try GIFDecoder.decode(bytes) }
        // The frame reaching far past a small screen counts too.
        let far: [UInt8] = [0x2C, 0xFF, 0xFF, 0xFF, 0xFF, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        #expect(throws: GIFError.tooLarge(width: 65536, height: 65536)) { try GIFDecoder.decode(Self.gif(far)) }
    }

    @Test func minimumCodeSizeChecked() {
        let bytes = Self.gif(Self.descriptor() + [12, 2, 0x4C, 0x01, 0, 0x3B])
        #expect(throws: GIFError.invalidImageData("minimum code size 12", at: 29)) { try GIFDecoder.decode(bytes) }
    }

    @Test func interlacedRowOrder() {
        #expect(GIFDecoder.interlacedRows(10) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
        #expect(GIFDecoder.interlacedRows(1) == [0])
    }
}
