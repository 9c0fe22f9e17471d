// Shaping: GPOS subtables applied at one glyph, in font units: single
// adjustment (1), pair adjustment (2, formats 1 and 2, both value
// records), cursive attachment (3), mark-to-base (4), mark-to-ligature (5),
// mark-to-mark (6), contextual (7), chaining contextual (8), extension (9,
// unwrapped by LayoutHeader). Attachments record the parent and the
// anchor difference; ShapingBuffer.resolveAttachments turns them into
// offsets once the visual order is known. Device tables and contour-point
// anchors are not read (anchors use their x, y). Layout: OpenType 1.9 GPOS.

/// A value record's adjustments, font units.
struct ValueRecord {
    var xPlacement = 0, yPlacement = 0, xAdvance = 0, yAdvance = 0

    /// The record's size in bytes for ValueFormat `format`.
    static func size(_ format: Int) -> Int { 2 * (format & 0xFF).nonzeroBitCount }
}

extension LookupApplier {
    /// Applies GPOS `subtable` of `lookup` at glyph `i`: the index to go on
    /// from, nil if it did not apply.
    mutating func position(_ lookup: Lookup, _ subtable: FontTable, at i: Int) -> Int? {
        let glyph = buffer.glyphs[i].glyph
        switch lookup.type {
        case 1:
            guard let coverage = offsetTable(subtable, 2), let index = coverageIndex(coverage, glyph),
                let format = u16(subtable, 4)
            else { return nil }
            switch u16(subtable, 0) {
            case 1:
                guard let value = valueRecord(subtable, 6, format) else { return nil }
                adjust(i, by: value)
            case 2:
                guard let count = u16(subtable, 6), index < count,
                    let value = valueRecord(subtable, 8 + index * ValueRecord.size(format), format)
                else { return nil }
                adjust(i, by: value)
            default: return nil
            }
            return i + 1
        case 2:
            return pair(lookup, subtable, at: i)
        case 3:
            return cursive(lookup, subtable, at: i)
        case 4, 5, 6:
            return attachMark(lookup, subtable, at: i)
        case 7, 8:
            return applyContext(lookup, subtable, at: i, chained: lookup.type == 8)
        default:
            return nil
        }
    }

    /// The value record at `at` of ValueFormat `format` (device table
    /// offsets skipped).
    func valueRecord(_ table: FontTable, _ at: Int, _ format: Int) -> ValueRecord? {
        guard (try? data.check(table, at, ValueRecord.size(format))) != nil else { return nil }
        var record = ValueRecord(), offset = at
        func take() -> Int {
            defer { offset += 2 }
            return Int((try? data.i16(table, offset)) ?? 0)
        }
        if format & 0x1 != 0 { record.xPlacement = take() }
        if format & 0x2 != 0 { record.yPlacement = take() }
        if format & 0x4 != 0 { record.xAdvance = take() }
        if format & 0x8 != 0 { record.yAdvance = take() }
        return record
    }

    mutating func adjust(_ i: Int, by value: ValueRecord) {
        buffer.glyphs[i].xOffset &+= value.xPlacement
        buffer.glyphs[i].yOffset &+= value.yPlacement
        buffer.glyphs[i].xAdvance &+= value.xAdvance
        buffer.glyphs[i].yAdvance &+= value.yAdvance
    }

    /// Pair adjustment with the next glyph the flags do not skip.
    private mutating func pair(_ lookup: Lookup, _ subtable: FontTable, at i: Int) -> Int? {
        guard let coverage = offsetTable(subtable, 2), let index = coverageIndex(coverage, buffer.glyphs[i].glyph),
            let format1 = u16(subtable, 4), let format2 = u16(subtable, 6), let j = next(after: i, lookup)
        else { return nil }
        let size1 = ValueRecord.size(format1), size2 = ValueRecord.size(format2)
        let second = buffer.glyphs[j].glyph
        var recordAt: (FontTable, Int)?
        switch u16(subtable, 0) {
        case 1:
            guard let count = u16(subtable, 8), index < count, let set = offsetTable(subtable, 10 + 2 * index),
                let pairs = u16(set, 0)
            else { return nil }
            let stride = 2 + size1 + size2
            var low = 0, high = pairs
            while low < high {
                let mid = (low + high) / 2
                guard let found = u16(set, 2 + stride * mid) else { return nil }
                if found == Int(second) {
                    recordAt = (set, 2 + stride * mid + 2)
                    break
                }
                if found < Int(second) { low = mid + 1 } else { high = mid }
            }
        case 2:
            let class1 = classOf(offsetTable(subtable, 8), buffer.glyphs[i].glyph)
            let class2 = classOf(offsetTable(subtable, 10), second)
            guard let count1 = u16(subtable, 12), let count2 = u16(subtable, 14), class1 < count1, class2 < count2
            else { return nil }
            recordAt = (subtable, 16 + (class1 * count2 + class2) * (size1 + size2))
        default:
            return nil
        }
        guard let (table, at) = recordAt, let first = valueRecord(table, at, format1),
            let last = valueRecord(table, at + size1, format2)
        else { return nil }
        adjust(i, by: first)
        adjust(j, by: last)
        return format2 != 0 ? j + 1 : j
    }

    /// An anchor's x and y (formats 1-3; format 2's point and format 3's
    /// device tables are not used).
    func anchor(_ table: FontTable, _ at: Int) -> (x: Int, y: Int)? {
        guard let anchor = offsetTable(table, at), let format = u16(anchor, 0), (1...3).contains(format),
            let x = try? data.i16(anchor, 2), let y = try? data.i16(anchor, 4)
        else { return nil }
        return (Int(x), Int(y))
    }

    /// Cursive attachment: glyph `i`'s exit anchor joined to the next
    /// glyph's entry anchor (the next glyph's y follows `i`'s).
    private mutating func cursive(_ lookup: Lookup, _ subtable: FontTable, at i: Int) -> Int? {
        guard u16(subtable, 0) == 1, let coverage = offsetTable(subtable, 2),
            let index = coverageIndex(coverage, buffer.glyphs[i].glyph), let count = u16(subtable, 4), index < count,
            let exit = anchor(subtable, 6 + 4 * index + 2), let j = next(after: i, lookup),
            let nextIndex = coverageIndex(coverage, buffer.glyphs[j].glyph), nextIndex < count,
            let entry = anchor(subtable, 6 + 4 * nextIndex)
        else { return nil }
        // Logical order: in a right-to-left run `j` is drawn left of `i`.
        let rightToLeft = lookup.flag & Lookup.rightToLeft != 0 || isRightToLeftRun
        if rightToLeft {
            buffer.glyphs[j].xAdvance = entry.x &+ buffer.glyphs[j].xOffset
            let d = exit.x &+ buffer.glyphs[i].xOffset
            buffer.glyphs[i].xAdvance &-= d
            buffer.glyphs[i].xOffset &-= d
        } else {
            buffer.glyphs[i].xAdvance = exit.x &+ buffer.glyphs[i].xOffset
            let d = entry.x &+ buffer.glyphs[j].xOffset
            buffer.glyphs[j].xAdvance &-= d
            buffer.glyphs[j].xOffset &-= d
        }
        buffer.glyphs[j].parent = i
        buffer.glyphs[j].isMarkAttachment = false
        buffer.glyphs[j].attachY = exit.y &- entry.y
        return j
    }

    /// Mark-to-base (4), mark-to-ligature (5) and mark-to-mark (6): the
    /// mark at `i` is placed so its anchor meets its parent's anchor for
    /// the mark's class.
    private mutating func attachMark(_ lookup: Lookup, _ subtable: FontTable, at i: Int) -> Int? {
        guard u16(subtable, 0) == 1, let markCoverage = offsetTable(subtable, 2),
            let markIndex = coverageIndex(markCoverage, buffer.glyphs[i].glyph),
            let parentCoverage = offsetTable(subtable, 4), let classCount = u16(subtable, 6),
            let markArray = offsetTable(subtable, 8), let parentArray = offsetTable(subtable, 10),
            let markCount = u16(markArray, 0), markIndex < markCount,
            let markClass = u16(markArray, 2 + 4 * markIndex), markClass < classCount,
            let markAnchor = anchor(markArray, 2 + 4 * markIndex + 2),
            let p = attachmentParent(lookup, i),
            let parentIndex = coverageIndex(parentCoverage, buffer.glyphs[p].glyph),
            let parentCount = u16(parentArray, 0), parentIndex < parentCount
        else { return nil }
        let parentAnchor: (x: Int, y: Int)?
        if lookup.type == 5 {
            guard let attach = offsetTable(parentArray, 2 + 2 * parentIndex), let components = u16(attach, 0),
                components > 0
            else { return nil }
            let mark = buffer.glyphs[i], ligature = buffer.glyphs[p]
            var component = components - 1
            if ligature.ligatureID != 0, mark.ligatureID == ligature.ligatureID, mark.ligatureComponent > 0 {
                component = min(components, Int(mark.ligatureComponent)) - 1
            }
            parentAnchor = anchor(attach, 2 + 2 * (component * classCount + markClass))
        } else {
            parentAnchor = anchor(parentArray, 2 + 2 * (parentIndex * classCount + markClass))
        }
        guard let parentAnchor else { return nil }
        buffer.glyphs[i].parent = p
        buffer.glyphs[i].isMarkAttachment = true
        buffer.glyphs[i].attachX = parentAnchor.x &- markAnchor.x
        buffer.glyphs[i].attachY = parentAnchor.y &- markAnchor.y
        return i + 1
    }

    /// The glyph a mark at `i` attaches to: for mark-to-mark the previous
    /// glyph the flags do not skip, which must be a mark; otherwise the
    /// previous glyph that is not a mark.
    private mutating func attachmentParent(_ lookup: Lookup, _ i: Int) -> Int? {
        if lookup.type == 6 {
            guard let j = previous(before: i, lookup), buffer.glyphs[j].isMark else { return nil }
            return j
        }
        var j = i - 1
        while j >= 0, buffer.spend() {
            if !buffer.glyphs[j].isMark { return j }
            j -= 1
        }
        return nil
    }
}
