// Encode stage: how hard the PNG encoder works. A level in -> the filter
// choice and the compressor the encoder runs. Every level writes a valid,
// lossless PNG of the same pixels; they differ only in time and file size.
// `fast` and `default` use the scanline compressor (`ScanlineDeflater`:
// runs and the row above only, after fdeflate); `best` uses zlib's
// level-6 lazy hash chains.

/// How much time the PNG encoder spends to make the file smaller.
///
/// Every level encodes the same pixels exactly (PNG is lossless); only the
/// encoding time and the file size differ. Measured in instructions
/// (valgrind, the encoder's inclusive cost) on the Ghostscript tiger
/// rendered at 800 px: `fast` and `default` 39 M for 265 KB (the greedy
/// hash matcher they replaced: 47 M for 242 KB; resvg's fdeflate: 34 M
/// for 313 KB), `best` 215 M for 246 KB. An iOS-7 table at 3x: 47 M for
/// 112 KB (greedy: 51 M for 121 KB; `best` 98 KB). At 1600 px, a line of
/// text: 80 M for 40 KB (greedy: 84 M for 92 KB); a radial gradient:
/// 192 M for 1.14 MB (greedy: 225 M for 1.12 MB).
public enum PNGCompressionLevel: String, CaseIterable, Sendable, Hashable {
    /// The fastest: each row's filter chosen cheaply (None for drawn
    /// content, Up for photographic rows), and LZ77 matches of runs and
    /// of the row above only, one pair of Huffman codes per image. Today
    /// the same encoder as `default` (only the zlib header's level field
    /// differs).
    case fast
    /// The level used when none is given: the same encoder as `fast`,
    /// fewer instructions than the greedy hash matcher it replaced on
    /// every image measured, files at most 10% larger (often smaller).
    case `default`
    /// The smallest files: each row takes the filter with the smallest sum
    /// of signed magnitudes (as libpng), and zlib's level-6 lazy matching
    /// over hash chains (several times slower).
    case best

    /// The level named `name` (`"fast"`, `"default"` or `"best"`, as the
    /// command line spells them), or nil for any other text.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// The level's name as the command line spells it.
    public var name: String { rawValue }
}
