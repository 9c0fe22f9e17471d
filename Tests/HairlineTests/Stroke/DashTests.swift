// Dashes: on/off lengths along the path in user space, the phase, odd
// lists, zero-length dashes as dots, continuity across corners, the join of
// a closed subpath's last and first dashes, and invalid patterns.

import Testing
@testable import Hairline

@Suite struct DashTests {
    /// Row 5's alpha after stroking a horizontal line along y = 5.5 from
    /// x = 0 to 20, 1 pt wide, at scale 1.
    func dashedRow(_ pattern: [Double], phase: Double = 0, cap: LineCap = .butt) throws -> [UInt8] {
        var path = Path()
        path.move(to: Point(x: 0, y: 5.5))
        path.addLine(to: Point(x: 20, y: 5.5))
        let surface = try Surface(width: 20, height: 10)
        Canvas(surface: surface).stroke(
            path, with: .black,
            style: StrokeStyle(
                width: 1, lineCap: cap, dashPattern: pattern, dashPhase: phase))
        return (0..<20).map { surface.pixel(x: $0, y: 5)!.alpha }
    }

    func expectedRow(_ on: (Int) -> Bool) -> [UInt8] { (0..<20).map { on($0) ? 255 : 0 } }

    @Test func patternAlternatesOnAndOff() throws {
        #expect(try dashedRow([3, 2]) == expectedRow { $0 % 5 < 3 })
    }

    @Test func phaseShiftsThePatternBackwards() throws {
        #expect(try dashedRow([3, 2], phase: 1) == expectedRow { ($0 + 1) % 5 < 3 })
        #expect(try dashedRow([3, 2], phase: -1) == expectedRow { ($0 + 4) % 5 < 3 })
        #expect(try dashedRow([3, 2], phase: 11) == expectedRow { ($0 + 1) % 5 < 3 })
    }

    @Test func oddListsRepeat() throws {
        #expect(try dashedRow([2]) == expectedRow { $0 % 4 < 2 })
        #expect(try dashedRow([1, 2, 3]) == dashedRow([1, 2, 3, 1, 2, 3]))
    }

    @Test func invalidPatternsStrokeSolid() throws {
        let solid = expectedRow { _ in true }
        #expect(try dashedRow([]) == solid)
        #expect(try dashedRow([0, 0]) == solid)
        #expect(try dashedRow([3, -1]) == solid)
        #expect(try dashedRow([.nan, 2]) == solid)
    }

    @Test func zeroLengthDashesWithRoundCapsAreDots() throws {
        var path = Path()
        path.move(to: Point(x: 2, y: 5))
        path.addLine(to: Point(x: 19, y: 5))
        let surface = try Surface(width: 20, height: 10)
        Canvas(surface: surface).stroke(
            path, with: .black,
            style: StrokeStyle(
                width: 2, lineCap: .round, dashPattern: [0, 4]))
        // Discs of radius 1 at x = 2, 6, 10, 14, 18: each covers π/4 of the
        // four pixels around its centre.
        for cx in [2, 6, 10, 14, 18] {
            let a = Double(surface.pixel(x: cx, y: 5)!.alpha) / 255
            #expect(abs(a - Double.pi / 4) < 3.0 / 255, "dot at \(cx): \(a)")
            if cx + 2 < 20 { #expect(surface.pixel(x: cx + 2, y: 5)!.alpha == 0) }
        }
    }

    @Test func dashesRunOnAcrossCorners() throws {
        // An L of legs 10.5 and 10: the third dash starts 8 along the first
        // leg, turns the corner and covers 1.5 of the second leg.
        var path = Path()
        path.move(to: Point(x: 2, y: 2.5))
        path.addLine(to: Point(x: 12.5, y: 2.5))
        path.addLine(to: Point(x: 12.5, y: 12.5))
        let surface = try Surface(width: 16, height: 16)
        Canvas(surface: surface).stroke(
            path, with: .black,
            style: StrokeStyle(
                width: 1, dashPattern: [4, 6], dashPhase: 2))
        // Phase 2: on for 2 (x 2..4), off 6 (x 4..10), on 4 (x 10..12.5, y 2.5..4).
        #expect(surface.pixel(x: 3, y: 2)!.alpha == 255)
        #expect(surface.pixel(x: 6, y: 2)!.alpha == 0)
        #expect(surface.pixel(x: 11, y: 2)!.alpha == 255)
        #expect(surface.pixel(x: 12, y: 3)!.alpha == 255)
        #expect(surface.pixel(x: 12, y: 5)!.alpha == 0)
        // The corner is mitred: the dash includes the join.
        #expect(surface.pixel(x: 12, y: 2)!.alpha == 255)
    }

    @Test func closedSubpathJoinsItsLastAndFirstDashes() throws {
        // Perimeter 42 with period 10: the last dash (2 long) runs into the
        // first (7 long) through the top-left corner, which is then mitred.
        var path = Path()
        path.addRect(Rect(x: 2.5, y: 2.5, width: 11, height: 10))
        let surface = try Surface(width: 20, height: 20)
        Canvas(surface: surface).stroke(path, with: .black, style: StrokeStyle(width: 1, dashPattern: [7, 3]))
        #expect(surface.pixel(x: 2, y: 2)!.alpha == 255)
        // Without the join the two butt ends would leave a quarter of it empty.
        #expect(surface.pixel(x: 2, y: 3)!.alpha == 255)
    }

    @Test func hairlineDashesAreMeasuredInUserSpace() throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 5.5 / 3))
        path.addLine(to: Point(x: 10, y: 5.5 / 3))
        let surface = try Surface(width: 30, height: 10)
        Canvas(surface: surface, scale: 3).stroke(
            path, with: .black, style: StrokeStyle(width: 0, dashPattern: [2, 1]))
        let row = (0..<30).map { surface.pixel(x: $0, y: 5)!.alpha }
        #expect(row == (0..<30).map { $0 % 9 < 6 ? 255 : 0 })
    }
}
