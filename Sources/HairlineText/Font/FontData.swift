// Font stage: bounds-checked big-endian reads. A font's bytes and a table's
// range in -> integers, or `FontError.truncated` naming the table and the
// file offset. Every read is checked against the table it belongs to (not
// only the file), so a damaged offset cannot read another table's bytes.

/// A byte range of the font file that one table (or one part of a table,
/// such as a glyph's data or a cmap subtable) occupies.
struct FontTable: Sendable, Equatable {
    /// The table's tag, used in error messages ("glyf", "cmap").
    let tag: String
    /// The file offset of the range's first byte.
    let offset: Int
    /// The range's length in bytes.
    let length: Int

    /// The part of this range from `start` (relative) to its end, or of
    /// `length` bytes when given.
    /// - Throws: `.truncated` if the part does not lie inside this range.
    func slice(from start: Int, length count: Int? = nil) throws(FontError) -> FontTable {
        let count = count ?? (length - start)
        guard start >= 0, count >= 0, start <= length - count else {
            throw .truncated(table: tag, offset: offset + max(0, min(start, length)), needed: max(count, 0))
        }
        return FontTable(tag: tag, offset: offset + start, length: count)
    }
}

/// The font file's bytes with checked big-endian readers. Offsets passed to
/// the readers are relative to the table given; errors report file offsets.
struct FontData: Sendable {
    /// The whole file.
    let bytes: [UInt8]

    /// The whole file as a range (tag "" for the table directory).
    var file: FontTable { FontTable(tag: "", offset: 0, length: bytes.count) }

    /// Throws unless `count` bytes at `at` lie inside `table`.
    @inline(__always)
    func check(_ table: FontTable, _ at: Int, _ count: Int) throws(FontError) {
        guard at >= 0, count >= 0, at <= table.length - count else {
            throw .truncated(
                table: table.tag, offset: table.offset + max(0, min(at, table.length)), needed: max(count, 0))
        }
    }

    /// The byte at `at`.
    func u8(_ table: FontTable, _ at: Int) throws(FontError) -> UInt8 {
        try check(table, at, 1)
        return bytes[table.offset + at]
    }

    /// The signed byte at `at`.
    func i8(_ table: FontTable, _ at: Int) throws(FontError) -> Int8 {
        Int8(bitPattern: try u8(table, at))
    }

    /// The big-endian 16-bit unsigned integer at `at`.
    func u16(_ table: FontTable, _ at: Int) throws(FontError) -> UInt16 {
        try check(table, at, 2)
        let i = table.offset + at
        return UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
    }

    /// The big-endian 16-bit signed integer at `at`.
    func i16(_ table: FontTable, _ at: Int) throws(FontError) -> Int16 {
        Int16(bitPattern: try u16(table, at))
    }

    /// The big-endian 32-bit unsigned integer at `at`.
    func u32(_ table: FontTable, _ at: Int) throws(FontError) -> UInt32 {
        try check(table, at, 4)
        let i = table.offset + at
        return UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
    }

    /// The four-byte tag at `at`, as a string (bytes outside ASCII replaced).
    func tag(_ table: FontTable, _ at: Int) throws(FontError) -> String {
        try check(table, at, 4)
        let i = table.offset + at
        return String(decoding: bytes[i..<(i + 4)], as: Unicode.ASCII.self)
    }

    /// The F2Dot14 fixed-point number at `at` (16 bits: 2 integer, 14 fraction).
    func f2Dot14(_ table: FontTable, _ at: Int) throws(FontError) -> Double {
        Double(try i16(table, at)) / 16384
    }
}
