// Tests for Path(svgPathData:): a table of well-formed inputs with the exact
// elements they must produce, arcs compared against the builder, a table of
// malformed inputs with the error and byte offset, and the number lexer
// checked against the standard library's parser on seeded random decimals.

import Testing
@testable import Hairline
import HairlineTestSupport

/// Shorthand for a point in the tables.
private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// One row of the well-formed table.
struct PathDataCase: Sendable, CustomTestStringConvertible {
    let data: String
    let elements: [PathElement]
    init(_ data: String, _ elements: [PathElement]) {
        self.data = data
        self.elements = elements
    }
    var testDescription: String { "\"\(data)\"" }
}

/// One row of the malformed table.
struct PathDataErrorCase: Sendable, CustomTestStringConvertible {
    let data: String
    let error: SVGPathError
    init(_ data: String, _ error: SVGPathError) {
        self.data = data
        self.error = error
    }
    var testDescription: String { "\"\(data)\"" }
}

private let wellFormed: [PathDataCase] = [
    // Empty input.
    PathDataCase("", []),
    PathDataCase("  \n\t ", []),
    // Move and line, absolute and relative, implicit repeats.
    PathDataCase("M10 20", [.move(to: p(10, 20))]),
    PathDataCase("M 10 20 L 30 40", [.move(to: p(10, 20)), .line(to: p(30, 40))]),
    PathDataCase("m10 20 l5 5", [.move(to: p(10, 20)), .line(to: p(15, 25))]),
    PathDataCase("M10 20 30 40 50 60", [.move(to: p(10, 20)), .line(to: p(30, 40)), .line(to: p(50, 60))]),
    PathDataCase("m10 20 30 40 5 5", [.move(to: p(10, 20)), .line(to: p(40, 60)), .line(to: p(45, 65))]),
    PathDataCase("M0 0 M10 10 L20 20", [.move(to: p(0, 0)), .move(to: p(10, 10)), .line(to: p(20, 20))]),
    PathDataCase("M1 1 m2 2", [.move(to: p(1, 1)), .move(to: p(3, 3))]),
    // Horizontal and vertical lines.
    PathDataCase(
        "M0 0H10V10H0Z",
        [.move(to: p(0, 0)), .line(to: p(10, 0)), .line(to: p(10, 10)), .line(to: p(0, 10)), .closeSubpath]),
    PathDataCase(
        "M5 5h10v10h-10z",
        [.move(to: p(5, 5)), .line(to: p(15, 5)), .line(to: p(15, 15)), .line(to: p(5, 15)), .closeSubpath]),
    PathDataCase("M0 0h10 20", [.move(to: p(0, 0)), .line(to: p(10, 0)), .line(to: p(30, 0))]),
    PathDataCase("M0 0v10-5", [.move(to: p(0, 0)), .line(to: p(0, 10)), .line(to: p(0, 5))]),
    // Separators.
    PathDataCase("M0,0 L10,10", [.move(to: p(0, 0)), .line(to: p(10, 10))]),
    PathDataCase("M0 , 0 L 10 ,10", [.move(to: p(0, 0)), .line(to: p(10, 10))]),
    PathDataCase(
        "M0 0L1 1 L2 2,3 3", [.move(to: p(0, 0)), .line(to: p(1, 1)), .line(to: p(2, 2)), .line(to: p(3, 3))]),
    PathDataCase("M\t0\n0\rL\u{0C}1 1", [.move(to: p(0, 0)), .line(to: p(1, 1))]),
    PathDataCase("M0 0L10 10   ", [.move(to: p(0, 0)), .line(to: p(10, 10))]),
    // Number forms.
    PathDataCase("M-1-2L.5.5", [.move(to: p(-1, -2)), .line(to: p(0.5, 0.5))]),
    PathDataCase("M1.5.5 2.5.5", [.move(to: p(1.5, 0.5)), .line(to: p(2.5, 0.5))]),
    PathDataCase("M0.0.0", [.move(to: p(0, 0))]),
    PathDataCase("M1. 2.", [.move(to: p(1, 2))]),
    PathDataCase("M1e2 1E+2 L1e-1 -1.5e1", [.move(to: p(100, 100)), .line(to: p(0.1, -15))]),
    PathDataCase("M+1 +2", [.move(to: p(1, 2))]),
    PathDataCase("M 00.500 -000.25", [.move(to: p(0.5, -0.25))]),
    PathDataCase("M0 0l1e-3 1e3", [.move(to: p(0, 0)), .line(to: p(0.001, 1000))]),
    PathDataCase("M0.1 0.7", [.move(to: p(0.1, 0.7))]),
    PathDataCase("M0.30000000000000004 1", [.move(to: p(0.30000000000000004, 1))]),
    PathDataCase("M123456789012345678901234567890 0", [.move(to: p(1.2345678901234568e29, 0))]),
    PathDataCase("M1e-400 0", [.move(to: p(0, 0))]),
    // Cubic curves and their smooth form.
    PathDataCase("M0 0C1 2 3 4 5 6", [.move(to: p(0, 0)), .curve(to: p(5, 6), control1: p(1, 2), control2: p(3, 4))]),
    PathDataCase("M0 0C1,2,3,4,5,6", [.move(to: p(0, 0)), .curve(to: p(5, 6), control1: p(1, 2), control2: p(3, 4))]),
    PathDataCase("M1 1c1 1 2 2 3 3", [.move(to: p(1, 1)), .curve(to: p(4, 4), control1: p(2, 2), control2: p(3, 3))]),
    PathDataCase(
        "M0 0C1 1 2 2 3 3 4 4 5 5 6 6",
        [
            .move(to: p(0, 0)), .curve(to: p(3, 3), control1: p(1, 1), control2: p(2, 2)),
            .curve(to: p(6, 6), control1: p(4, 4), control2: p(5, 5)),
        ]),
    PathDataCase(
        "M0 0C0 10 10 10 10 0S20 -10 20 0",
        [
            .move(to: p(0, 0)), .curve(to: p(10, 0), control1: p(0, 10), control2: p(10, 10)),
            .curve(to: p(20, 0), control1: p(10, -10), control2: p(20, -10)),
        ]),
    PathDataCase(
        "M0 0S10 10 20 0", [.move(to: p(0, 0)), .curve(to: p(20, 0), control1: p(0, 0), control2: p(10, 10))]),
    PathDataCase(
        "M0 0L5 5S10 10 20 0",
        [
            .move(to: p(0, 0)), .line(to: p(5, 5)), .curve(to: p(20, 0), control1: p(5, 5), control2: p(10, 10)),
        ]),
    PathDataCase("m1 1s1 1 2 0", [.move(to: p(1, 1)), .curve(to: p(3, 1), control1: p(1, 1), control2: p(2, 2))]),
    PathDataCase(
        "M0 0Q5 5 10 0S20 10 30 0",
        [
            .move(to: p(0, 0)), .quadCurve(to: p(10, 0), control: p(5, 5)),
            .curve(to: p(30, 0), control1: p(10, 0), control2: p(20, 10)),
        ]),
    // Quadratic curves and their smooth form.
    PathDataCase(
        "M0 0Q10 10 20 0T40 0",
        [
            .move(to: p(0, 0)), .quadCurve(to: p(20, 0), control: p(10, 10)),
            .quadCurve(to: p(40, 0), control: p(30, -10)),
        ]),
    PathDataCase("M0 0T10 0", [.move(to: p(0, 0)), .quadCurve(to: p(10, 0), control: p(0, 0))]),
    PathDataCase(
        "M0 0Q5 5 10 0T20 0T30 0",
        [
            .move(to: p(0, 0)), .quadCurve(to: p(10, 0), control: p(5, 5)),
            .quadCurve(to: p(20, 0), control: p(15, -5)), .quadCurve(to: p(30, 0), control: p(25, 5)),
        ]),
    PathDataCase(
        "M0 0C0 10 10 10 10 0T20 0",
        [
            .move(to: p(0, 0)), .curve(to: p(10, 0), control1: p(0, 10), control2: p(10, 10)),
            .quadCurve(to: p(20, 0), control: p(10, 0)),
        ]),
    PathDataCase(
        "m1 1q1 1 2 0t2 0",
        [
            .move(to: p(1, 1)), .quadCurve(to: p(3, 1), control: p(2, 2)), .quadCurve(to: p(5, 1), control: p(4, 0)),
        ]),
    PathDataCase(
        "M0 0q1 1 2 2 3 3 4 4",
        [
            .move(to: p(0, 0)), .quadCurve(to: p(2, 2), control: p(1, 1)), .quadCurve(to: p(6, 6), control: p(5, 5)),
        ]),
    // Close path and what follows it.
    PathDataCase(
        "M10 10L20 10L20 20ZL0 0",
        [
            .move(to: p(10, 10)), .line(to: p(20, 10)), .line(to: p(20, 20)), .closeSubpath,
            .move(to: p(10, 10)), .line(to: p(0, 0)),
        ]),
    PathDataCase(
        "M10 10L20 20Zl5 5",
        [
            .move(to: p(10, 10)), .line(to: p(20, 20)), .closeSubpath, .move(to: p(10, 10)), .line(to: p(15, 15)),
        ]),
    PathDataCase(
        "M10 10L20 20Zm5 5l1 1",
        [
            .move(to: p(10, 10)), .line(to: p(20, 20)), .closeSubpath, .move(to: p(15, 15)), .line(to: p(16, 16)),
        ]),
    PathDataCase(
        "M10 10 20 20 z m 1 1", [.move(to: p(10, 10)), .line(to: p(20, 20)), .closeSubpath, .move(to: p(11, 11))]),
    PathDataCase("M0 0L10 0Z Z", [.move(to: p(0, 0)), .line(to: p(10, 0)), .closeSubpath]),
    PathDataCase(
        "M0 0H10Zh5", [.move(to: p(0, 0)), .line(to: p(10, 0)), .closeSubpath, .move(to: p(0, 0)), .line(to: p(5, 0))]),
    PathDataCase(
        "M0 0Q5 5 10 0ZT20 0",
        [
            .move(to: p(0, 0)), .quadCurve(to: p(10, 0), control: p(5, 5)), .closeSubpath,
            .move(to: p(0, 0)), .quadCurve(to: p(20, 0), control: p(0, 0)),
        ]),
    PathDataCase("M1 2z", [.move(to: p(1, 2)), .closeSubpath]),
]

private let malformed: [PathDataErrorCase] = [
    PathDataErrorCase("L10 10", .missingMoveTo(at: 0)),
    PathDataErrorCase("  l1 1", .missingMoveTo(at: 2)),
    PathDataErrorCase("10 10", .missingMoveTo(at: 0)),
    PathDataErrorCase("#", .unexpectedCharacter("#", at: 0)),
    PathDataErrorCase("M", .missingNumber(command: "M", at: 1)),
    PathDataErrorCase("M10", .missingNumber(command: "M", at: 3)),
    PathDataErrorCase("M10,", .missingNumber(command: "M", at: 4)),
    PathDataErrorCase("M10 20,", .missingNumber(command: "M", at: 7)),
    PathDataErrorCase("M,10 20", .missingNumber(command: "M", at: 1)),
    PathDataErrorCase("M10,,20", .missingNumber(command: "M", at: 4)),
    PathDataErrorCase("M 1 2 3", .missingNumber(command: "M", at: 7)),
    PathDataErrorCase("M10 20 L", .missingNumber(command: "L", at: 8)),
    PathDataErrorCase("M0 0 H", .missingNumber(command: "H", at: 6)),
    PathDataErrorCase("M0 0 L1 1 C1", .missingNumber(command: "C", at: 12)),
    PathDataErrorCase("M0 0 L 1 1 ,L 2 2", .missingNumber(command: "L", at: 12)),
    PathDataErrorCase("M0 0 L1 1 -", .missingNumber(command: "L", at: 10)),
    PathDataErrorCase("M0 0 L.e1 1", .missingNumber(command: "L", at: 6)),
    PathDataErrorCase("M0 0 L+-1 1", .missingNumber(command: "L", at: 6)),
    PathDataErrorCase("M10 20 X", .unexpectedCharacter("X", at: 7)),
    PathDataErrorCase("M10 20 L30 40 Z 5", .unexpectedCharacter("5", at: 16)),
    PathDataErrorCase("M1 2e", .unexpectedCharacter("e", at: 4)),
    PathDataErrorCase("M1 2 L3 4 é", .unexpectedCharacter("é", at: 10)),
    PathDataErrorCase("M1 2 L3 4 🙂", .unexpectedCharacter("🙂", at: 10)),
    PathDataErrorCase("M0 0 A10 10 0 2 1 5 5", .invalidFlag(at: 14)),
    PathDataErrorCase("M0 0 a1 1 0 .5 1 1 1", .invalidFlag(at: 12)),
    PathDataErrorCase("M0 0 a1 1 0 0", .missingNumber(command: "a", at: 13)),
    PathDataErrorCase("M0 0 a1 1 0 0 1", .missingNumber(command: "a", at: 15)),
    PathDataErrorCase("M0 0 a1 1 0 0 1 1", .missingNumber(command: "a", at: 17)),
    PathDataErrorCase("M1e400 0", .numberOutOfRange(at: 1)),
    PathDataErrorCase("M0 -1e309", .numberOutOfRange(at: 3)),
    PathDataErrorCase("M0 0 L 1 1e99999999999999999999", .numberOutOfRange(at: 9)),
]

@Suite("SVG path data")
struct SVGPathDataTests {
    @Test("well-formed path data gives the expected elements", arguments: wellFormed)
    func wellFormedData(_ row: PathDataCase) throws {
        let path = try Path(svgPathData: row.data)
        #expect(path.elements == row.elements)
    }

    @Test("malformed path data throws the expected error and offset", arguments: malformed)
    func malformedData(_ row: PathDataErrorCase) {
        #expect(throws: row.error) { try Path(svgPathData: row.data) }
    }

    @Test("error descriptions name the offset")
    func descriptions() {
        let error = SVGPathError.invalidFlag(at: 14)
        #expect(error.byteOffset == 14)
        #expect(error.description.contains("14"))
        #expect(SVGPathError.missingNumber(command: "C", at: 3).description.contains("\"C\""))
    }

    /// The reference for an arc command: the builder's endpoint-form arc.
    private func built(
        _ start: Point, _ end: Point, _ rx: Double, _ ry: Double, rotationDegrees: Double = 0,
        large: Bool, sweep: Bool
    ) -> Path {
        var path = Path()
        path.move(to: start)
        path.addArc(
            to: end, radii: Size(width: rx, height: ry), rotation: rotationDegrees * Double.pi / 180,
            largeArc: large, sweep: sweep)
        return path
    }

    @Test("arcs match the builder's endpoint-form arc")
    func arcs() throws {
        #expect(
            try Path(svgPathData: "M0 0 A10 10 0 0 1 20 0").elements
                == built(p(0, 0), p(20, 0), 10, 10, large: false, sweep: true).elements)
        #expect(
            try Path(svgPathData: "M0 0a10 10 0 1 0 20 0").elements
                == built(p(0, 0), p(20, 0), 10, 10, large: true, sweep: false).elements)
        #expect(
            try Path(svgPathData: "M0 0 A5 8 30 1 0 10 3").elements
                == built(p(0, 0), p(10, 3), 5, 8, rotationDegrees: 30, large: true, sweep: false).elements)
        #expect(
            try Path(svgPathData: "M0 0 A-5-5 0 0 1 10 0").elements
                == built(p(0, 0), p(10, 0), 5, 5, large: false, sweep: true).elements)
    }

    @Test("arc flags may be packed without separators")
    func packedFlags() throws {
        let packed = try Path(svgPathData: "M0 0a1 1 0 00 1 1")
        #expect(packed.elements == built(p(0, 0), p(1, 1), 1, 1, large: false, sweep: false).elements)
        let tight = try Path(svgPathData: "M0 0a10 10 0 0120 0")
        #expect(tight.elements == built(p(0, 0), p(20, 0), 10, 10, large: false, sweep: true).elements)
        #expect(tight.elements.count == 2)
        if case .arc(let arc) = tight.elements[1] {
            #expect(arc.endPoint.distance(to: p(20, 0)) < 1e-9)
            #expect(abs(abs(arc.sweepAngle) - Double.pi) < 1e-9)
        } else {
            Issue.record("expected an arc element")
        }
    }

    @Test("degenerate arcs: zero radius is a line, same end point adds nothing")
    func degenerateArcs() throws {
        #expect(
            try Path(svgPathData: "M10 10 A0 5 0 0 1 20 20").elements == [.move(to: p(10, 10)), .line(to: p(20, 20))])
        #expect(try Path(svgPathData: "M10 10 A5 5 0 0 1 10 10").elements == [.move(to: p(10, 10))])
    }

    @Test("an arc after Z starts at the closed subpath's start, and S after A uses the current point")
    func arcAfterClose() throws {
        let path = try Path(svgPathData: "M0 0L10 0Z A5 5 0 0 1 0 10 S5 15 10 10")
        #expect(path.elements.count == 6)
        #expect(path.elements[3] == .move(to: p(0, 0)))
        guard case .arc(let arc) = path.elements[4] else {
            Issue.record("expected an arc element")
            return
        }
        #expect(arc.startPoint.distance(to: p(0, 0)) < 1e-9)
        #expect(arc.endPoint.distance(to: p(0, 10)) < 1e-9)
        #expect(path.elements[5] == .curve(to: p(10, 10), control1: p(0, 10), control2: p(5, 15)))
        #expect(path.currentPoint == p(10, 10))
    }

    @Test("relative commands after an arc start from the arc's exact end point")
    func relativeAfterArc() throws {
        let path = try Path(svgPathData: "M0 0a7 3 20 0 1 13 5l1 1")
        #expect(path.elements.last == .line(to: p(14, 6)))
    }

    @Test("the number lexer rounds like the standard library on random decimals")
    func lexerMatchesStandardLibrary() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        for _ in 0..<3000 {
            var text = rng.next() % 4 == 0 ? "-" : ""
            for _ in 0..<Int(rng.next() % 22) { text.append(Character(Unicode.Scalar(UInt8(48 + rng.next() % 10)))) }
            if rng.next() % 2 == 0 {
                text.append(".")
                for _ in 0..<Int(1 + rng.next() % 20) {
                    text.append(Character(Unicode.Scalar(UInt8(48 + rng.next() % 10))))
                }
            }
            if text.isEmpty || text == "-" { text += "7" }
            if rng.next() % 3 == 0 { text += "e\(Int(rng.next() % 80) - 40)" }
            let expected = Double(text)!
            var copy = text
            let token = copy.withUTF8 { SVGNumberLexer.scan($0, from: 0) }
            #expect(token == .number(expected, end: text.utf8.count), "seed 0x5EED_0001, text \(text)")
        }
    }

    @Test("garbage never traps: it parses or throws with an offset inside the string")
    func garbageNeverTraps() {
        let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789.,-+eE \n#")
        var rng = SplitMix64(seed: 0x5EED_0002)
        for _ in 0..<2000 {
            let text = String(
                (0..<Int(rng.next() % 24)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            do {
                _ = try Path(svgPathData: text)
            } catch {
                #expect(error.byteOffset >= 0 && error.byteOffset <= text.utf8.count, "text \(text)")
            }
        }
    }
}
