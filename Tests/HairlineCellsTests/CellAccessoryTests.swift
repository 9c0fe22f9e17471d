// Accessories: each drawn where UIKit puts it (its right side 15 pt from
// the cell's trailing edge, centred vertically, inside its box), in its
// color, mirror-symmetric where the shape is, and nothing for `.none`; at
// 1x, 2x and 3x.

import Hairline
@testable import HairlineCells
import HairlineTestSupport
import Testing

@Suite struct CellAccessoryTests {
    /// A plain white 320 x 44 pt cell with `accessory`, at `scale`.
    static func cell(_ accessory: CellAccessory, scale: Double, color: Color? = nil) throws -> Surface {
        let surface = try Surface(width: Int(320 * scale), height: Int(44 * scale))
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.clear(.white)
        var style = CellStyle(layout: .plain)
        style.accessory = accessory
        style.accessoryColor = color
        style.draw(CellPlacement(position: .single), in: Rect(x: 0, y: 0, width: 320, height: 44), on: canvas)
        surface.flush()
        return surface
    }

    /// The device pixels where `a` and `b` differ.
    static func changed(_ a: Surface, _ b: Surface) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                minX = min(minX, x); maxX = max(maxX, x + 1); minY = min(minY, y); maxY = max(maxY, y + 1)
            }
        }
        return minX == Int.max ? nil : PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    @Test(arguments: [1.0, 2, 3])
    func accessoriesSitAtTheTrailingEdgeCentred(scale: Double) throws {
        let plain = try Self.cell(.none, scale: scale)
        for accessory in CellAccessory.allCases where accessory != .none {
            let surface = try Self.cell(accessory, scale: scale)
            let box = try #require(Self.changed(plain, surface), "\(accessory) draws")
            let right = (320 - CellAccessory.trailingInset) * scale
            #expect(Double(box.maxX) <= right + 1 && Double(box.maxX) >= right - 2, "\(accessory) @\(scale)x: \(box)")
            #expect(Double(box.minX) >= right - accessory.width * scale - 1, "\(accessory) @\(scale)x: \(box)")
            // Centred: as far from the top as from the bottom.
            #expect(abs(box.minY - (surface.height - box.maxY)) <= 1, "\(accessory) @\(scale)x: \(box)")
        }
    }

    /// The chevron is symmetric about the cell's middle row line (22 pt:
    /// a pixel boundary at every whole scale): exact-area coverage of
    /// mirrored shapes is mirrored. (The plain cell's bottom separator row
    /// is left out.)
    @Test(arguments: [1.0, 2, 3])
    func theChevronIsMirrored(scale: Double) throws {
        for accessory in [CellAccessory.disclosureIndicator] {
            let surface = try Self.cell(accessory, scale: scale)
            var worst = 0
            for y in 1..<(surface.height / 2) {
                for x in 0..<surface.width {
                    let a = surface.pixel(x: x, y: y)!, b = surface.pixel(x: x, y: surface.height - 1 - y)!
                    worst = max(
                        worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                        abs(Int(a.blue) - Int(b.blue)))
                }
            }
            #expect(worst <= 1, "\(accessory) @\(scale)x: \(worst)")
        }
    }

    @Test func accessoriesDrawInTheirColor() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        for accessory in [CellAccessory.checkmark, .detailButton, .disclosureIndicator] {
            for color in [nil, red] {
                let surface = try Self.cell(accessory, scale: 3, color: color)
                let want = (color ?? accessory.defaultColor).premultiplied
                var found = false
                for y in 0..<surface.height {
                    for x in 0..<surface.width where surface.pixel(x: x, y: y) == want { found = true }
                }
                #expect(found, "\(accessory) in \(String(describing: color)): fully covered pixels of its color")
            }
        }
    }

    @Test func noAccessoryDrawsNothing() throws {
        let surface = try Self.cell(.none, scale: 2)
        let other = try Surface(width: surface.width, height: surface.height)
        let canvas = Canvas(surface: other, scale: 2)
        canvas.clear(.white)
        CellStyle(layout: .plain).draw(
            CellPlacement(position: .single), in: Rect(x: 0, y: 0, width: 320, height: 44),
            on: canvas)
        other.flush()
        #expect(surface.bytes == other.bytes)
        #expect(CellAccessory.none.width == 0)
    }
}
