// Font stage: a font collection's header ('ttcf': TTC and OTC files) ->
// the file offset of one face's table directory. A lone font is a
// collection of one face at offset 0. Every face shares the file's bytes;
// table offsets in a face's directory count from the file's start.
// Layout: OpenType 1.9, "Font Collections" (TTC header versions 1 and 2).

extension Font {
    /// The tag that opens a font collection ('ttcf').
    static let collectionTag: UInt32 = 0x7474_6366
    /// The most faces a collection may list (real ones have a few dozen):
    /// a forged count cannot make a reader walk millions of offsets.
    public static let maximumFaceCount = 4096

    /// The number of faces in a font file: the collection's numFonts for a
    /// 'ttcf' file, else 1.
    /// - Parameter data: the whole file.
    /// - Throws: `.truncated` if the collection header is cut short,
    ///   `.invalid` if it lists no faces or more than `maximumFaceCount`.
    public static func faceCount(in data: [UInt8]) throws(FontError) -> Int {
        try faceCount(FontData(bytes: data))
    }

    static func faceCount(_ font: FontData) throws(FontError) -> Int {
        guard try font.u32(font.file, 0) == collectionTag else { return 1 }
        let count = Int(try font.u32(font.file, 8))
        guard count >= 1, count <= maximumFaceCount else {
            throw .invalid(
                table: "", offset: 8, reason: "the collection lists \(count) faces (1 ... \(maximumFaceCount) allowed)")
        }
        try font.check(font.file, 12, 4 * count)
        return count
    }

    /// The file offset of face `faceIndex`'s table directory.
    /// - Throws: `.faceOutOfRange` for a face the file does not have.
    static func directoryOffset(_ font: FontData, faceIndex: Int) throws(FontError) -> Int {
        let count = try faceCount(font)
        guard faceIndex >= 0, faceIndex < count else { throw .faceOutOfRange(face: faceIndex, faceCount: count) }
        let isCollection = try font.u32(font.file, 0) == collectionTag
        guard isCollection else { return 0 }
        let offset = Int(try font.u32(font.file, 12 + 4 * faceIndex))
        guard offset < font.bytes.count else {
            throw .invalid(
                table: "", offset: 12 + 4 * faceIndex,
                reason: "face \(faceIndex)'s directory offset \(offset) is past the file's \(font.bytes.count) bytes")
        }
        return offset
    }
}
