// Tests for the transform attribute: each function's matrix, list order
// (rightmost applies first), separators, exact quarter turns, rotation
// about a centre, errors with positions, and nesting through groups.

import Testing
import Hairline
@testable import HairlineSVG

/// One transform list and the matrix it must give.
struct TransformCase: Sendable, CustomTestStringConvertible {
    let text: String
    let expected: AffineTransform
    var testDescription: String { text }
}

private func m(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) -> AffineTransform {
    AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
}

private let root2 = 0.5.squareRoot()

private let transformCases: [TransformCase] = [
    TransformCase(text: "", expected: .identity),
    TransformCase(text: "  ", expected: .identity),
    TransformCase(text: "matrix(1 2 3 4 5 6)", expected: m(1, 2, 3, 4, 5, 6)),
    TransformCase(text: "matrix(1,2,3,4,5,6)", expected: m(1, 2, 3, 4, 5, 6)),
    TransformCase(text: "translate(10)", expected: m(1, 0, 0, 1, 10, 0)),
    TransformCase(text: "translate(10, -20)", expected: m(1, 0, 0, 1, 10, -20)),
    TransformCase(text: "translate(10-20)", expected: m(1, 0, 0, 1, 10, -20)),
    TransformCase(text: "scale(2)", expected: m(2, 0, 0, 2, 0, 0)),
    TransformCase(text: "scale(2 3)", expected: m(2, 0, 0, 3, 0, 0)),
    TransformCase(text: "rotate(90)", expected: m(0, 1, -1, 0, 0, 0)),
    TransformCase(text: "rotate(-90)", expected: m(0, -1, 1, 0, 0, 0)),
    TransformCase(text: "rotate(180)", expected: m(-1, 0, 0, -1, 0, 0)),
    TransformCase(text: "rotate(450)", expected: m(0, 1, -1, 0, 0, 0)),
    TransformCase(text: "rotate(45)", expected: m(root2, root2, -root2, root2, 0, 0)),
    TransformCase(text: "rotate(90 10 10)", expected: m(0, 1, -1, 0, 20, 0)),
    TransformCase(text: "skewX(45)", expected: m(1, 0, 1, 1, 0, 0)),
    TransformCase(text: "skewY(45)", expected: m(1, 1, 0, 1, 0, 0)),
    // "A B" applies B first: translate(10,20) scale(2) maps (1,1) to (12,22).
    TransformCase(text: "translate(10,20) scale(2)", expected: m(2, 0, 0, 2, 10, 20)),
    TransformCase(text: "scale(2) translate(10,20)", expected: m(2, 0, 0, 2, 20, 40)),
    TransformCase(text: "translate(10,20),scale(2)", expected: m(2, 0, 0, 2, 10, 20)),
    TransformCase(text: "translate(10,20)scale(2)", expected: m(2, 0, 0, 2, 10, 20)),
    TransformCase(text: " rotate ( 90 ) translate( 5 ) ", expected: m(0, 1, -1, 0, 0, 5)),
    TransformCase(text: "scale(1e1) translate(.5.5)", expected: m(10, 0, 0, 10, 5, 5)),
]

/// A malformed list and the byte of the value where the error is reported.
private let malformedTransforms: [(String, Int)] = [
    ("translate(1,2,3)", 0), ("foo(1)", 0), ("scale()", 0), ("matrix(1 2 3 4 5)", 0),
    ("translate(1 2", 13), ("translate(1,)", 12), ("translate(,1)", 10), ("translate 1 2", 10),
    ("translate(1),", 13), ("scale(2) x", 10), ("(1)", 0), ("rotate(1 2)", 0),
]

@Suite("transforms")
struct SVGTransformTests {
    @Test("transform lists give the expected matrix", arguments: transformCases)
    func lists(_ row: TransformCase) throws {
        let t = try SVGTransformParser.parse(row.text)
        #expect(isClose(t, row.expected), "got \(t)")
    }

    @Test("quarter turns are exact")
    func exactQuarterTurns() throws {
        #expect(try SVGTransformParser.parse("rotate(90)") == m(0, 1, -1, 0, 0, 0))
        #expect(try SVGTransformParser.parse("rotate(-270)") == m(0, 1, -1, 0, 0, 0))
    }

    @Test("a list maps points right to left, and rotate(a cx cy) fixes its centre")
    func pointMapping() throws {
        let t = try SVGTransformParser.parse("translate(10,20) scale(2)")
        #expect(Point(x: 1, y: 1).applying(t) == Point(x: 12, y: 22))
        let r = try SVGTransformParser.parse("rotate(37 10 -4)")
        let c = Point(x: 10, y: -4).applying(r)
        #expect(abs(c.x - 10) < 1e-12 && abs(c.y + 4) < 1e-12)
    }

    @Test("malformed transform lists report the byte where they fail")
    func malformed() {
        for (text, position) in malformedTransforms {
            #expect(throws: SVGTransformParser.SyntaxError(position: position), "\(text)") {
                try SVGTransformParser.parse(text)
            }
        }
    }

    @Test("a bad transform in a document is ignored with a warning at the document offset")
    func documentError() {
        let text = svg(#"<rect width="1" height="1" transform="translate(1 2"/>"#)
        let error = ignoredValue(text)
        #expect(error?.message == message(.invalidTransform("translate(1 2")))
        #expect(error?.offset == offset(of: "translate", in: text) + 13)
    }

    @Test("nested transforms concatenate from the element outward")
    func nesting() throws {
        let text = svg(
            #"""
            <g transform="translate(10 0)"><g transform="scale(2)"><rect transform="rotate(90)" width="1" height="1"/></g></g>
            """#)
        let command = try #require(try commands(text).first)
        // rect space -> rotate -> scale -> translate.
        #expect(Point(x: 1, y: 0).applying(command.transform) == Point(x: 10, y: 2))
        #expect(isClose(command.transform, m(0, 2, -2, 0, 10, 0)))
        let moved = path { $0.addRect(Rect(x: 10, y: 0, width: -2, height: 2)) }
        #expect(command.transformedPath.bounds == moved.bounds)
    }
}
