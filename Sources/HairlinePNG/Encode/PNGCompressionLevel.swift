// Encode stage: how hard the PNG encoder works. A level in -> the filter
// choice and the LZ77 matcher the encoder runs. Every level writes a valid,
// lossless PNG of the same pixels; they differ only in time and file size.
// `fast` and `default` use a greedy single-candidate matcher (as zlib's
// level 1 and LZ4 do); `best` uses zlib's level-6 lazy hash chains.

/// How much time the PNG encoder spends to make the file smaller.
///
/// Every level encodes the same pixels exactly (PNG is lossless); only the
/// encoding time and the file size differ. Measured in instructions
/// (valgrind) on the Ghostscript tiger rendered at 800 px: `default` 47 M
/// for 242 KB, `best` 215 M for 246 KB. On an iOS-7 table at 3x `best`
/// is smaller (98 KB against 121 KB, 4.6 × the instructions); on
/// photographic content the three are within 1%, and `fast` is cheapest
/// on noise (0.6 × `default`).
public enum PNGCompressionLevel: String, CaseIterable, Sendable, Hashable {
    /// The fastest: each row's filter chosen cheaply (None for drawn
    /// content, Up for photographic rows), and greedy LZ77 matching that
    /// skips ahead through incompressible data.
    case fast
    /// The balance used when none is given: the same cheap filter choice,
    /// greedy LZ77 matching of every position, per-block Huffman codes.
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
