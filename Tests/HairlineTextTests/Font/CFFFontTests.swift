// CFF outlines: a real OpenType CFF font (resvg's CFF-and-SBIX.otf)
// checked against what the font says of itself elsewhere (hmtx left side
// bearings, head's bounding box of all glyphs), and the Type 2 decoder on
// charstrings built here: random rlineto / rrcurveto programs decode to
// the cumulative sums of their operands, subroutines with their bias,
// hint masks' byte counts, flex, and the limits (stack, nesting, budget).

import Hairline
@testable import HairlineText
import HairlineTestSupport
import Testing

@Suite struct CFFFontTests {
    static let fileName = "CFF-and-SBIX.otf"

    @Test func parsesTheCFFFont() throws {
        let font = try FixtureFonts.font(Self.fileName)
        #expect(font.hasCFFOutlines)
        #expect(font.glyphCount > 1)
        #expect(!font.familyName.isEmpty)
    }

    /// hmtx's left side bearing of a CFF glyph is its outline's xMin, and
    /// head's box is the union of the glyphs' boxes: both written by the
    /// font's compiler from the outlines, so an independent reference.
    @Test func outlinesMatchTheFontsOwnMetrics() throws {
        let bytes = FixtureFonts.bytes(Self.fileName)
        let font = try Font(data: bytes)
        let data = FontData(bytes: bytes)
        let head = try #require(try Font.readDirectory(data)["head"])
        let headBox = (
            xMin: Int(try data.i16(head, 36)), yMin: Int(try data.i16(head, 38)),
            xMax: Int(try data.i16(head, 40)), yMax: Int(try data.i16(head, 42))
        )
        var union: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)?
        var drawn = 0
        for g in 0..<font.glyphCount {
            let glyph = GlyphID(UInt16(g))
            let outline = try font.outline(of: glyph)
            guard !outline.isEmpty else { continue }
            drawn += 1
            let box = outline.bounds
            #expect(abs(box.minX - Double(font.leftSideBearing(of: glyph))) <= 1, "glyph \(g): xMin \(box.minX)")
            let b = try #require(font.bounds(of: glyph))
            union =
                union.map { (min($0.xMin, b.xMin), min($0.yMin, b.yMin), max($0.xMax, b.xMax), max($0.yMax, b.yMax)) }
                ?? (b.xMin, b.yMin, b.xMax, b.yMax)
        }
        #expect(drawn > 0)
        let u = try #require(union)
        #expect(abs(u.xMin - headBox.xMin) <= 1 && abs(u.yMin - headBox.yMin) <= 1)
        #expect(abs(u.xMax - headBox.xMax) <= 1 && abs(u.yMax - headBox.yMax) <= 1, "\(u) vs \(headBox)")
    }

    @Test func glyphsRenderThroughTheCache() throws {
        let font = try FixtureFonts.font(Self.fileName)
        let cache = GlyphCache()
        var inked = 0
        for g in 0..<font.glyphCount {
            guard let mask = cache.mask(GlyphID(UInt16(g)), of: font, size: 40, subpixel: 0) else { continue }
            if mask.surface != nil { inked += 1 }
        }
        #expect(inked > 0)
    }

    // MARK: The decoder on built charstrings

    /// Type 2 operand bytes for an integer in -1131 ... 1131 (one, two
    /// bytes), else a 16-bit `28` form.
    static func operand(_ v: Int) -> [UInt8] {
        switch v {
        case -107...107: return [UInt8(v + 139)]
        case 108...1131:
            let w = v - 108
            return [UInt8(247 + w / 256), UInt8(w % 256)]
        case -1131 ... -108:
            let w = -v - 108
            return [UInt8(251 + w / 256), UInt8(w % 256)]
        default:
            let u = UInt16(bitPattern: Int16(v))
            return [28, UInt8(u >> 8), UInt8(u & 0xFF)]
        }
    }

    /// An INDEX of `items` (offset size 4).
    static func index(_ items: [[UInt8]]) -> [UInt8] {
        guard !items.isEmpty else { return [0, 0] }
        var out: [UInt8] = [UInt8(items.count >> 8), UInt8(items.count & 0xFF), 4]
        var offset = 1
        func put(_ v: Int) {
            out += [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        put(offset)
        for item in items { offset += item.count; put(offset) }
        for item in items { out += item }
        return out
    }

    /// Decodes `code` with the given subroutine INDEXes.
    static func decode(_ code: [UInt8], local: [[UInt8]] = [], global: [[UInt8]] = []) throws(FontError) -> Path {
        let localBytes = index(local), globalBytes = index(global)
        let bytes = code + localBytes + globalBytes
        let data = FontData(bytes: bytes)
        let table = FontTable(tag: "CFF ", offset: 0, length: bytes.count)
        let localIndex = local.isEmpty ? nil : try CFFIndex(data, table, at: code.count)
        let globalIndex = try CFFIndex(data, table, at: code.count + localBytes.count)
        var decoder = CFFCharstringDecoder(font: data, globalSubrs: globalIndex, localSubrs: localIndex, glyph: 1)
        try decoder.run(FontTable(tag: "CFF ", offset: 0, length: code.count), depth: 0)
        return decoder.finish()
    }

    @Test(arguments: 0..<40)
    func randomLineAndCurveProgramsDecodeToCumulativeSums(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var code: [UInt8] = []
        var x = Int(rng.next() % 2001) - 1000, y = Int(rng.next() % 2001) - 1000
        code += Self.operand(x) + Self.operand(y) + [21]  // rmoveto
        var want = Path()
        want.move(to: Point(x: Double(x), y: Double(y)))
        for _ in 0..<Int(rng.next() % 20 + 1) {
            if rng.next() % 2 == 0 {
                let count = Int(rng.next() % 5 + 1)
                for _ in 0..<count {
                    let dx = Int(rng.next() % 3001) - 1500, dy = Int(rng.next() % 3001) - 1500
                    code += Self.operand(dx) + Self.operand(dy)
                    x += dx; y += dy
                    want.addLine(to: Point(x: Double(x), y: Double(y)))
                }
                code.append(5)  // rlineto
            } else {
                let count = Int(rng.next() % 3 + 1)
                for _ in 0..<count {
                    var points: [Point] = []
                    for _ in 0..<3 {
                        let dx = Int(rng.next() % 2001) - 1000, dy = Int(rng.next() % 2001) - 1000
                        code += Self.operand(dx) + Self.operand(dy)
                        x += dx; y += dy
                        points.append(Point(x: Double(x), y: Double(y)))
                    }
                    want.addCurve(to: points[2], control1: points[0], control2: points[1])
                }
                code.append(8)  // rrcurveto
            }
        }
        code.append(14)
        want.closeSubpath()
        #expect(try Self.decode(code) == want, "seed \(seed)")
    }

    @Test func widthHintsAndMasksAreSkipped() throws {
        // width 500, two hstems, a vstem with hintmask (3 stems: 1 mask byte), then a move and a line.
        let code =
            Self.operand(500) + Self.operand(10) + Self.operand(20) + Self.operand(30) + Self.operand(40) + [1]
            + Self.operand(5) + Self.operand(6) + [19, 0xFF]
            + Self.operand(100) + Self.operand(200) + [21] + Self.operand(50) + [6, 14]
        var want = Path()
        want.move(to: Point(x: 100, y: 200))
        want.addLine(to: Point(x: 150, y: 200))
        want.closeSubpath()
        #expect(try Self.decode(code) == want)
    }

    @Test func subroutinesUseTheirBias() throws {
        // Local subr 0 is called as -107; global subr 1 as -106.
        let local: [[UInt8]] = [Self.operand(10) + Self.operand(0) + [5, 11]]
        let global: [[UInt8]] = [[11], Self.operand(0) + Self.operand(10) + [5, 11]]
        let code = Self.operand(0) + Self.operand(0) + [21] + Self.operand(-107) + [10] + Self.operand(-106) + [29, 14]
        var want = Path()
        want.move(to: .zero)
        want.addLine(to: Point(x: 10, y: 0))
        want.addLine(to: Point(x: 10, y: 10))
        want.closeSubpath()
        #expect(try Self.decode(code, local: local, global: global) == want)
    }

    @Test func flexDrawsItsTwoCurves() throws {
        let args = [10, 0, 10, 5, 10, 5, 10, 0, 10, -5, 10, -5, 50]
        let code = Self.operand(0) + Self.operand(0) + [21] + args.flatMap(Self.operand) + [12, 35, 14]
        let path = try Self.decode(code)
        #expect(path.elements.count == 4)
        if case .curve(let end, _, _) = path.elements[2] { #expect(end == Point(x: 60, y: 0)) }
    }

    @Test func hostileCharstringsEndInErrors() throws {
        // A subroutine that calls itself: the nesting limit.
        let recursive: [[UInt8]] = [Self.operand(-107) + [10]]
        #expect(throws: FontError.self) { try Self.decode(Self.operand(-107) + [10], local: recursive) }
        // 49 operands: the stack limit.
        #expect(throws: FontError.invalidCharstring(glyph: 1, reason: "more than 48 operands")) {
            try Self.decode(Array(repeating: 139, count: 49) + [5])
        }
        // A missing subroutine, a reserved operator, too few operands.
        #expect(throws: FontError.self) { try Self.decode(Self.operand(5) + [10]) }
        #expect(throws: FontError.self) { try Self.decode([2]) }
        #expect(throws: FontError.self) { try Self.decode(Self.operand(1) + [21]) }
        // A charstring cut in the middle of a number.
        #expect(throws: FontError.self) { try Self.decode([28, 1]) }
        // Many subroutine calls fanning out: the operation budget.
        let fan: [[UInt8]] = (0..<10).map { level in
            level == 9
                ? Self.operand(1) + Self.operand(1) + [5, 11]
                : Array(repeating: Self.operand(level + 1 - 107) + [10], count: 8).flatMap { $0 } + [11]
        }
        #expect(throws: FontError.self) {
            try Self.decode(Self.operand(0) + Self.operand(0) + [21] + Self.operand(-107) + [10], local: fan)
        }
    }
}
