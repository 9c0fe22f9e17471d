// Editing a table (inserts, deletes, moves) gives the table built
// directly from the rows it ends with: heights, texts, selection, and so
// alternation (which follows the rows' indices, in either parity), for
// random sequences of edits checked against a plain model of rows.

import Hairline
import HairlineCells
import HairlineTestSupport
import Testing

@Suite struct TableEditingTests {
    struct Row: Equatable {
        var height: Double
        var text: CellText?
        var isSelected: Bool
    }

    /// The table of `model`, built directly.
    static func built(_ model: [[Row]], style: CellStyle) -> TableDescription {
        var table = TableDescription(
            cellStyle: style, sections: model.map { TableSection(rowHeights: $0.map(\.height)) },
            width: 320, scale: 2)
        for (s, rows) in model.enumerated() {
            var texts = rows.map(\.text)
            while let last = texts.last, last == nil { texts.removeLast() }
            table.sections[s].texts = texts
            for (r, row) in rows.enumerated() where row.isSelected {
                table.selectedRows.insert(CellIndexPath(row: r, section: s))
            }
        }
        return table
    }

    @Test func randomEditsGiveTheTableBuiltDirectly() throws {
        var rng = SplitMix64(seed: 371)
        for trial in 0..<200 {
            var style = CellStyle(layout: .grouped)
            style.alternateFill = .color(.black)
            style.alternation = trial % 2 == 0 ? .odd : .even
            var label = 0
            func newRow(height: Double) -> Row {
                label += 1
                return Row(
                    height: height, text: rng.next() % 3 == 0 ? nil : CellText("row \(label)"),
                    isSelected: rng.next() % 4 == 0)
            }
            var model = (0..<Int(1 + rng.next() % 3)).map { _ in
                (0..<Int(rng.next() % 5)).map { _ in newRow(height: 44) }
            }
            var table = Self.built(model, style: style)
            for _ in 0..<12 {
                let s = Int(rng.next() % UInt64(model.count))
                switch rng.next() % 3 {
                case 0:
                    let at = Int(rng.next() % UInt64(model[s].count + 1)), count = Int(rng.next() % 3)
                    let height = Double(20 + rng.next() % 40)
                    try table.insertRows(count, at: at, inSection: s, rowHeight: height)
                    model[s].insert(
                        contentsOf: repeatElement(Row(height: height, text: nil, isSelected: false), count: count),
                        at: at)
                case 1 where !model[s].isEmpty:
                    let start = Int(rng.next() % UInt64(model[s].count))
                    let end = start + Int(rng.next() % UInt64(model[s].count - start + 1))
                    try table.deleteRows(start..<end, inSection: s)
                    model[s].removeSubrange(start..<end)
                case 2 where !model[s].isEmpty:
                    let from = Int(rng.next() % UInt64(model[s].count))
                    let row = model[s].remove(at: from)
                    let t = Int(rng.next() % UInt64(model.count))
                    let to = Int(rng.next() % UInt64(model[t].count + 1))
                    model[t].insert(row, at: to)
                    try table.moveRow(
                        from: CellIndexPath(row: from, section: s), to: CellIndexPath(row: to, section: t))
                default:
                    break
                }
                #expect(table == Self.built(model, style: style), "trial \(trial)")
            }
            // Alternation follows the rows' current indices.
            let layout = try table.layout()
            for cell in layout.cells {
                #expect(cell.placement.isAlternateRow(in: style) == style.isAlternate(cell.indexPath.row))
            }
        }
    }
}
