// Font stage (CFF): the two containers of a Compact Font Format table.
// An INDEX (count, offset size, count + 1 offsets, data) -> each item's
// byte range, checked inside the table; a DICT (operands, then an
// operator) -> the operands of the operators the parser asks for.
// Layout: Adobe Technical Note #5176 (CFF), §5 INDEX, §4 DICT data;
// CFF2 (OpenType 1.9 "CFF2"): 32-bit INDEX counts, and the DICT operators
// vsindex, blend and vstore (blends keep their default values).

/// A CFF INDEX: `count` items whose ranges come from an offset array.
struct CFFIndex: Sendable {
    /// The table the INDEX lies in (its errors name it).
    let table: FontTable
    let count: Int
    /// Bytes per offset (1...4).
    let offsetSize: Int
    /// Where the offsets start, relative to `table`.
    let offsetsStart: Int
    /// The byte before the data (offsets are 1-based from here), relative.
    let dataBase: Int
    /// Where the INDEX ends, relative to `table`.
    let end: Int

    /// The INDEX at `start` (relative to `table`); `isCFF2` reads CFF2's
    /// 32-bit count.
    /// - Throws: `.truncated` if its header or offsets run past the table,
    ///   `.invalid` for an offset size outside 1...4 or a last offset past
    ///   the table.
    init(_ font: FontData, _ table: FontTable, at start: Int, isCFF2: Bool = false) throws(FontError) {
        self.table = table
        let countSize = isCFF2 ? 4 : 2
        count = isCFF2 ? Int(try font.u32(table, start)) : Int(try font.u16(table, start))
        guard count > 0 else {
            (offsetSize, offsetsStart, dataBase, end) = (1, start + countSize, start + countSize, start + countSize)
            return
        }
        offsetSize = Int(try font.u8(table, start + countSize))
        guard (1...4).contains(offsetSize) else {
            throw .invalid(
                table: table.tag, offset: table.offset + start + countSize,
                reason: "INDEX offset size \(offsetSize) is not 1 ... 4")
        }
        offsetsStart = start + countSize + 1
        try font.check(table, offsetsStart, (count + 1) * offsetSize)
        dataBase = offsetsStart + (count + 1) * offsetSize - 1
        let last = try Self.offset(font, table, offsetsStart + count * offsetSize, size: offsetSize)
        guard last >= 1, last <= table.length - dataBase else {
            throw .invalid(
                table: table.tag, offset: table.offset + offsetsStart + count * offsetSize,
                reason: "the INDEX's data end \(last) lies outside the table")
        }
        end = dataBase + last
    }

    private static func offset(_ font: FontData, _ table: FontTable, _ at: Int, size: Int) throws(FontError) -> Int {
        var value = 0
        for i in 0..<size { value = value << 8 | Int(try font.u8(table, at + i)) }
        return value
    }

    /// Item `i`'s bytes.
    /// - Throws: `.truncated` / `.invalid` if its offsets are out of order
    ///   or outside the table; `.invalid` for `i` outside 0..<count.
    func item(_ font: FontData, _ i: Int) throws(FontError) -> FontTable {
        guard i >= 0, i < count else {
            throw .invalid(
                table: table.tag, offset: table.offset + offsetsStart, reason: "INDEX item \(i) of \(count) asked for")
        }
        let start = try Self.offset(font, table, offsetsStart + i * offsetSize, size: offsetSize)
        let stop = try Self.offset(font, table, offsetsStart + (i + 1) * offsetSize, size: offsetSize)
        guard start >= 1, stop >= start else {
            throw .invalid(
                table: table.tag, offset: table.offset + offsetsStart + i * offsetSize,
                reason: "INDEX item \(i)'s offsets \(start) ... \(stop) are out of order")
        }
        return try table.slice(from: dataBase + start, length: stop - start)
    }
}

/// A CFF DICT's entries: operator -> operands (numbers as Double).
struct CFFDict {
    /// Operators 0...21 as themselves, escaped ones (12 x) as 1200 + x.
    private(set) var entries: [Int: [Double]] = [:]
    /// CFF2: for an operator whose operands were blended, each operand's
    /// deltas (one per region of the DICT's vsindex; empty for an operand
    /// that was not blended).
    private(set) var deltas: [Int: [[Double]]] = [:]

    /// Top and Private DICT operators the parser uses.
    static let charset = 15, charStrings = 17, privateDict = 18, subrs = 19
    /// CFF2's DICT operators: the Private DICT's variation data index, a
    /// blend of operands, and the Top DICT's VariationStore offset.
    static let variationIndex = 22, blend = 23, variationStore = 24
    static let charstringType = 1206, registryOrderingSupplement = 1230, fdArray = 1236, fdSelect = 1237
    /// DICTs hold at most this many operands before an operator.
    static let maximumOperands = 48

    /// Reads the DICT in `range`. `regionCounts` (CFF2 only: the region
    /// count of each ItemVariationData, by vsindex) admits the CFF2
    /// operators; a blend keeps its default values in `entries` and its
    /// deltas in `deltas` (`values(_:scalars:)` gives them at an instance;
    /// the Private DICT's hinting values are the only ones blended, and
    /// outlines do not use them).
    /// - Throws: `.invalid` for a reserved byte, too many operands, a blend
    ///   with too few operands or an unknown vsindex, or a number cut
    ///   short; `.truncated` past the range.
    init(_ font: FontData, _ range: FontTable, regionCounts: [Int]? = nil) throws(FontError) {
        var operands: [Double] = []
        // Each operand's blend deltas (CFF2), kept beside `operands`.
        var operandDeltas: [[Double]] = []
        var at = 0
        let maximumOperands = regionCounts == nil ? Self.maximumOperands : CFFCharstringDecoder.maximumCFF2Stack
        /// Gives the operands to operator `op`.
        func take(_ op: Int) {
            entries[op] = operands
            operandDeltas.append(contentsOf: repeatElement([], count: max(0, operands.count - operandDeltas.count)))
            if operandDeltas.contains(where: { !$0.isEmpty }) { deltas[op] = operandDeltas }
            operands.removeAll(keepingCapacity: true)
            operandDeltas.removeAll(keepingCapacity: true)
        }
        while at < range.length {
            let b0 = Int(try font.u8(range, at))
            switch b0 {
            case Self.blend where regionCounts != nil:
                let vsindex = try Self.variationIndex(entries[Self.variationIndex], range, at)
                try Self.blend(&operands, &operandDeltas, regionCounts ?? [], vsindex: vsindex, range, at)
                at += 1
            case let op where regionCounts != nil && (op == Self.variationIndex || op == Self.variationStore):
                if op == Self.variationIndex, operands.count != 1 {
                    throw .invalid(table: range.tag, offset: range.offset + at, reason: "vsindex takes one operand")
                }
                take(b0)
                if op == Self.variationIndex { _ = try Self.variationIndex(entries[op], range, at) }
                at += 1
            case 0...21:
                var op = b0
                if b0 == 12 { op = 1200 + Int(try font.u8(range, at + 1)); at += 1 }
                take(op)
                at += 1
                continue
            case 28:
                operands.append(Double(try font.i16(range, at + 1))); at += 3
            case 29:
                operands.append(Double(Int32(bitPattern: try font.u32(range, at + 1)))); at += 5
            case 30:
                at += 1
                operands.append(try Self.real(font, range, &at))
            case 32...246:
                operands.append(Double(b0 - 139)); at += 1
            case 247...250:
                operands.append(Double((b0 - 247) * 256 + Int(try font.u8(range, at + 1)) + 108)); at += 2
            case 251...254:
                operands.append(Double(-(b0 - 251) * 256 - Int(try font.u8(range, at + 1)) - 108)); at += 2
            default:
                throw .invalid(table: range.tag, offset: range.offset + at, reason: "reserved DICT byte \(b0)")
            }
            guard operands.count <= maximumOperands else {
                throw .invalid(
                    table: range.tag, offset: range.offset + at,
                    reason: "more than \(maximumOperands) DICT operands")
            }
        }
    }

    /// The vsindex `operands` give (0 without any): a whole number from 0.
    private static func variationIndex(_ operands: [Double]?, _ range: FontTable, _ at: Int) throws(FontError) -> Int {
        guard let value = operands?.first else { return 0 }
        guard value.isFinite, value >= 0, value <= Double(UInt16.max), value == value.rounded() else {
            throw .invalid(table: range.tag, offset: range.offset + at, reason: "vsindex \(value) does not exist")
        }
        return Int(value)
    }

    /// A DICT blend: `n` defaults, `n` x regions deltas and `n` on the
    /// stack become the `n` defaults, each keeping its deltas in
    /// `operandDeltas` (one entry per operand).
    private static func blend(
        _ operands: inout [Double], _ operandDeltas: inout [[Double]], _ regionCounts: [Int], vsindex: Int,
        _ range: FontTable, _ at: Int
    ) throws(FontError) {
        guard vsindex < regionCounts.count else {
            throw .invalid(table: range.tag, offset: range.offset + at, reason: "vsindex \(vsindex) does not exist")
        }
        let regions = regionCounts[vsindex]
        guard let last = operands.popLast(), last.isFinite, last >= 0, last <= Double(maximumOperands) else {
            throw .invalid(table: range.tag, offset: range.offset + at, reason: "a blend without a count")
        }
        // One deltas entry per operand (none yet for operands read since
        // the last blend).
        operandDeltas.append(contentsOf: repeatElement([], count: max(0, operands.count - operandDeltas.count)))
        let n = Int(last), total = n * (regions + 1)
        guard total <= operands.count else {
            throw .invalid(
                table: range.tag, offset: range.offset + at, reason: "a blend of \(n) needs \(total) operands")
        }
        let first = operands.count - total
        for i in 0..<n {
            let start = first + n + i * regions
            operandDeltas[first + i] = Array(operands[start..<start + regions])
        }
        operands.removeLast(n * regions)
        operandDeltas.removeLast(n * regions)
    }

    /// CFF2: the operands of `op` at an instance whose region scalars (of
    /// the DICT's vsindex, in its data's order) are `scalars`: each
    /// blended operand's default plus its deltas times the scalars; nil if
    /// the DICT has no such operator. Scalars past an operand's deltas
    /// count as 0.
    func values(_ op: Int, scalars: [Double]) -> [Double]? {
        guard var values = entries[op] else { return nil }
        guard let blended = deltas[op] else { return values }
        for (i, operandDeltas) in blended.enumerated() where i < values.count {
            for (k, delta) in operandDeltas.enumerated() where k < scalars.count { values[i] += delta * scalars[k] }
        }
        return values
    }

    /// A real number's nibbles (digits, point, exponents, minus) from `at`
    /// up to and including the end nibble 0xF; 0 if it does not parse.
    private static func real(_ font: FontData, _ range: FontTable, _ at: inout Int) throws(FontError) -> Double {
        var text = ""
        while true {
            let byte = try font.u8(range, at)
            at += 1
            for nibble in [byte >> 4, byte & 0xF] {
                switch nibble {
                case 0...9: text.append(Character(Unicode.Scalar(48 + nibble)))
                case 0xA: text.append(".")
                case 0xB: text.append("E")
                case 0xC: text.append("E-")
                case 0xE: text.append("-")
                case 0xF: return Double(text) ?? 0
                default: break
                }
            }
            guard text.count < 64 else { return 0 }
        }
    }

    /// The operands of `op`, nil if the DICT does not have it.
    subscript(op: Int) -> [Double]? { entries[op] }

    /// `op`'s operand `i` as a whole number in 0 ... Int32.max, nil if
    /// absent or not such a number.
    func integer(_ op: Int, _ i: Int = 0) -> Int? {
        guard let values = entries[op], i < values.count else { return nil }
        let value = values[i]
        guard value.isFinite, value >= 0, value <= Double(Int32.max), value == value.rounded() else { return nil }
        return Int(value)
    }
}
