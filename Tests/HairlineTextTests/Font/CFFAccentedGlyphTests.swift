// CFF accented characters (`seac`: endchar with adx ady bchar achar): a
// CFF table built by hand (charset format 0 naming 'A' and 'grave') whose
// third glyph is 'A' with 'grave' moved by (300, 50); the result is the
// two outlines, the accent's shifted; codes that name no glyph are a
// typed error, and the Standard Encoding map agrees with CFF Appendix B
// at its run boundaries.

import Hairline
@testable import HairlineText
import Testing

@Suite struct CFFAccentedGlyphTests {
    typealias C = CFFFontTests

    /// A CFF table: .notdef, 'A' (SID 34), 'grave' (SID 124) and an
    /// accented glyph with the given `endchar` operands.
    static func table(accented operands: [Int]) -> [UInt8] {
        func int32(_ v: Int) -> [UInt8] {
            [29, UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        let charsetAt = 43, charStringsAt = 50
        let top = int32(charsetAt) + [15] + int32(charStringsAt) + [17]
        var bytes: [UInt8] = [1, 0, 4, 4] + C.index([Array("T".utf8)]) + C.index([top]) + [0, 0] + [0, 0]
        #expect(bytes.count == charsetAt)
        bytes += [0, 0, 34, 0, 124, 0, 200]
        #expect(bytes.count == charStringsAt)
        let notdef: [UInt8] = [14]
        let a =
            C.operand(0) + C.operand(0) + [21] + C.operand(100) + C.operand(0) + C.operand(0) + C.operand(100) + [
                5, 14,
            ]
        let grave =
            C.operand(10) + C.operand(200) + [21] + C.operand(20) + C.operand(0) + C.operand(0) + C.operand(20) + [
                5, 14,
            ]
        var accented: [UInt8] = []
        for value in operands { accented += C.operand(value) }
        accented.append(14)
        return bytes + C.index([notdef, a, grave, accented])
    }

    static func outlines(_ bytes: [UInt8]) throws(FontError) -> CFFOutlines {
        try CFFOutlines(
            FontData(bytes: bytes), cff: FontTable(tag: "CFF ", offset: 0, length: bytes.count), glyphCount: 4)
    }

    @Test func accentedCharacterIsBasePlusMovedAccent() throws {
        let bytes = Self.table(accented: [300, 50, 65, 193])
        let cff = try Self.outlines(bytes)
        let data = FontData(bytes: bytes)
        let base = try cff.outline(data, glyph: 1), accent = try cff.outline(data, glyph: 2)
        var expected = base
        expected.addPath(accent.applying(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 300, ty: 50)))
        #expect(try cff.outline(data, glyph: 3) == expected)
        #expect(try cff.outline(data, glyph: 3).bounds == Rect(x: 0, y: 0, width: 330, height: 270))
        // A width before the four operands is dropped as usual.
        let withWidth = Self.table(accented: [555, 300, 50, 65, 193])
        #expect(try Self.outlines(withWidth).outline(FontData(bytes: withWidth), glyph: 3) == expected)
    }

    @Test func codesWithoutGlyphsAreErrors() throws {
        // 'B' (code 66, SID 35) is not in the charset; code 0 has no SID.
        for operands in [[0, 0, 66, 193], [0, 0, 65, 0]] {
            let bytes = Self.table(accented: operands)
            #expect(throws: FontError.self) { try Self.outlines(bytes).outline(FontData(bytes: bytes), glyph: 3) }
        }
        // An accented character naming itself as base is read one level deep.
        let bytes = Self.table(accented: [0, 0, 65, 193])
        #expect(try Self.outlines(bytes).outline(FontData(bytes: bytes), glyph: 3).isEmpty == false)
    }

    @Test func standardEncodingRunBoundaries() {
        let expected: [(Int, Int?)] = [
            (31, nil), (32, 1), (65, 34), (126, 95), (127, nil), (161, 96), (175, 110), (176, nil),
            (193, 124), (200, 131), (201, nil), (202, 132), (208, 137), (225, 138), (251, 149), (252, nil),
        ]
        for (code, sid) in expected { #expect(CFFStandardEncoding.stringID(ofCode: code) == sid, "code \(code)") }
    }
}
