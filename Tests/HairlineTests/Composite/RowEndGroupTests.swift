// The last group of a row whose width is not a multiple of four is
// blended pixel by pixel (a whole group in vector lanes). Drawn on surfaces
// 1, 2 and 3 pixels narrower than a multiple of four, over random
// backgrounds, with random shapes and paints, every pixel must equal the
// same draw on the wider surface, where that group is whole (the clip only
// drops what lies right of it).

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct RowEndGroupTests {
    @Test(arguments: [341, 342, 343])
    func lastPartialGroupEqualsAWholeOne(width: Int) throws {
        var random = SplitMix64(seed: UInt64(width))
        let height = 12, wide = 344
        let tile = try Image(
            width: 3, height: 2,
            colors: (0..<6).map {
                Color(red: Double($0) / 5, green: 0.5, blue: 1 - Double($0) / 5, alpha: $0 % 2 == 0 ? 1 : 0.5)
            })
        for round in 0..<40 {
            let narrow = try Surface(width: width, height: height), reference = try Surface(width: wide, height: height)
            for y in 0..<height {
                for x in 0..<wide {
                    let c = Color(
                        red: random.double(in: 0...1), green: random.double(in: 0...1),
                        blue: random.double(in: 0...1), alpha: random.double(in: 0...1)
                    ).premultiplied
                    reference.setPixel(x: x, y: y, to: c)
                    if x < width { narrow.setPixel(x: x, y: y, to: c) }
                }
            }
            var path = Path()
            path.addEllipse(
                in: Rect(
                    x: Double(width) - random.double(in: 2...40), y: random.double(in: -4...6),
                    width: random.double(in: 3...60), height: random.double(in: 2...14)))
            let paint: Paint
            switch round % 4 {
            case 0: paint = .solid(Color(red: 0.9, green: 0.3, blue: 0.1))
            case 1: paint = .solid(Color(red: 0.1, green: 0.6, blue: 0.9, alpha: random.double(in: 0.1...0.9)))
            case 2:
                paint = .pattern(
                    ImagePattern(tile, transform: AffineTransform(translationX: Double(random.int(in: 0...5)), y: 0)))
            default:
                paint = .linearGradient(
                    LinearGradient(
                        Gradient(from: .white, to: Color(red: 0, green: 0, blue: 1, alpha: 0.5)),
                        start: Point(x: Double(width) - 30, y: 0), end: Point(x: Double(wide), y: 12)))
            }
            for surface in [narrow, reference] { Canvas(surface: surface).fill(path, with: paint) }
            var mismatches = 0
            for y in 0..<height {
                for x in 0..<width where narrow.pixel(x: x, y: y) != reference.pixel(x: x, y: y) { mismatches += 1 }
            }
            #expect(mismatches == 0, "round \(round)")
        }
    }
}
