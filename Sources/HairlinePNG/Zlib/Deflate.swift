// Zlib stage: the DEFLATE compressor (RFC 1951). Bytes in -> a raw DEFLATE
// bit stream out, ending with a final block. Guarantees: inflating the
// output gives back exactly the input, for every input including the empty
// one; each block is coded stored, fixed or dynamic, whichever is smallest.
// Algorithm: zlib's deflate_slow (hash-chain LZ77 with lazy matching).

/// The DEFLATE compressor: LZ77 tokens (`LZ77Matcher`) grouped into blocks
/// of at most `tokensPerBlock`, each written by `writeBlock` with its own
/// Huffman codes.
enum Deflate {
    /// The LZ77 window: the largest back-reference distance, in bytes.
    static let windowSize = 1 << 15
    /// The shortest match DEFLATE can code, in bytes.
    static let minimumMatchLength = 3
    /// The longest match DEFLATE can code, in bytes.
    static let maximumMatchLength = 258
    /// The literal/length symbol that ends a block.
    static let endOfBlock = 256
    /// The literal/length symbol of the shortest match length.
    static let firstLengthSymbol = 257
    /// Literal/length symbols a block may use (0 ... 285).
    static let literalLengthAlphabetSize = 286
    /// The fixed code also assigns codes to the unused symbols 286 and 287.
    static let fixedLiteralLengthAlphabetSize = 288
    /// Distance symbols a block may use (0 ... 29).
    static let distanceAlphabetSize = 30
    /// Symbols of the code-length alphabet: lengths 0 ... 15 and the
    /// repeat codes 16, 17, 18.
    static let codeLengthAlphabetSize = 19
    /// The longest literal/length or distance code, in bits.
    static let maximumCodeLength = 15
    /// The longest code-length code, in bits (a 3-bit field holds it).
    static let maximumCodeLengthCodeLength = 7
    /// The most bytes one stored block holds (its LEN field is 16 bits).
    static let maximumStoredLength = 0xFFFF
    /// Tokens per block, as zlib's default memory level uses: enough to pay
    /// for a dynamic header, few enough for the codes to follow the data.
    static let tokensPerBlock = 1 << 14

    /// The block types of the 2-bit BTYPE header field.
    enum BlockType: UInt32 {
        case stored = 0
        case fixed = 1
        case dynamic = 2
    }

    /// Appends the raw DEFLATE encoding of `input` to `writer`, ending with
    /// a final block (the writer is left mid-byte; call `finish()` or
    /// `alignToByte()` next). Complexity: O(n · chain length) time; about
    /// 800 KiB of hash tables and token buffers besides the output.
    static func compress(
        _ input: UnsafeRawBufferPointer,
        into writer: inout BitWriter,
        parameters: LZ77Matcher.Parameters = .default
    ) {
        let matcher = LZ77Matcher(input: input, parameters: parameters)
        let block = TokenBlock(capacity: tokensPerBlock)
        var blockStart = 0
        repeat {
            block.removeAll()
            matcher.fill(block)
            let blockEnd = blockStart + block.inputByteCount
            let blockBytes = UnsafeRawBufferPointer(rebasing: input[blockStart..<blockEnd])
            writeBlock(block, bytes: blockBytes, isFinal: matcher.isFinished, to: &writer)
            blockStart = blockEnd
        } while !matcher.isFinished
        assert(blockStart == input.count)
    }

    /// The raw DEFLATE encoding of `input`, padded to a whole byte.
    static func compress(_ input: [UInt8], parameters: LZ77Matcher.Parameters = .default) -> [UInt8] {
        var writer = BitWriter(reservingCapacity: input.count / 2 + 64)
        input.withUnsafeBytes { compress($0, into: &writer, parameters: parameters) }
        return writer.finish()
    }
}

/// The tokens of one DEFLATE block and their symbol frequencies.
///
/// A token is a `UInt32`: a literal byte is its value (distance 0), a match
/// is `distance << 9 | length`. The buffers are allocated once per
/// compression and reused block after block.
final class TokenBlock {
    /// Bits below the distance in a token: enough for lengths up to 258.
    static let distanceShift: UInt32 = 9
    /// Masks the length (or literal) of a token.
    static let lengthMask: UInt32 = (1 << distanceShift) - 1

    /// The most tokens the matcher puts in one block; the buffer has one
    /// more slot for the byte still pending when the input ends.
    let capacity: Int
    /// Token storage, `capacity + 1` slots.
    let tokens: UnsafeMutablePointer<UInt32>
    /// Occurrences of each literal/length symbol (`literalLengthAlphabetSize`).
    let literalLengthCounts: UnsafeMutablePointer<UInt32>
    /// Occurrences of each distance symbol (`distanceAlphabetSize`).
    let distanceCounts: UnsafeMutablePointer<UInt32>
    /// Tokens stored.
    var count = 0
    /// Input bytes the stored tokens stand for.
    var inputByteCount = 0

    /// An empty block for up to `capacity` tokens (plus one).
    init(capacity: Int) {
        self.capacity = capacity
        tokens = .allocate(capacity: capacity + 1)
        literalLengthCounts = .allocate(capacity: Deflate.literalLengthAlphabetSize)
        distanceCounts = .allocate(capacity: Deflate.distanceAlphabetSize)
        removeAll()
    }

    deinit {
        tokens.deallocate()
        literalLengthCounts.deallocate()
        distanceCounts.deallocate()
    }

    /// Empties the block and zeroes the counts.
    func removeAll() {
        count = 0
        inputByteCount = 0
        literalLengthCounts.initialize(repeating: 0, count: Deflate.literalLengthAlphabetSize)
        distanceCounts.initialize(repeating: 0, count: Deflate.distanceAlphabetSize)
    }

    /// The literal/length counts, with the end-of-block symbol counted once.
    var literalLengthFrequencies: [Int] {
        var frequencies = (0..<Deflate.literalLengthAlphabetSize).map { Int(literalLengthCounts[$0]) }
        frequencies[Deflate.endOfBlock] = 1
        return frequencies
    }

    /// The distance counts.
    var distanceFrequencies: [Int] {
        (0..<Deflate.distanceAlphabetSize).map { Int(distanceCounts[$0]) }
    }
}
