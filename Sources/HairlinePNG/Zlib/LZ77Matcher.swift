// Zlib stage: LZ77 matching for DEFLATE. Input bytes -> tokens (literals
// and <length, distance> matches with lengths 3 ... 258 and distances
// 1 ... 32768) plus symbol counts, one block at a time. Guarantees: the
// tokens, replayed, reproduce the input exactly. Algorithm: zlib's
// deflate_slow: hash chains over 3-byte prefixes, bounded chain walks, and
// one step of lazy evaluation (a match is kept only if the next byte does
// not start a longer one).

/// Finds LZ77 matches in one input with hash chains.
///
/// Every position with three bytes ahead of it is inserted in the chain of
/// its 3-byte hash; `head` holds each chain's newest position, `previous`
/// the link from a position to the older one. The whole input stays in
/// memory, so the window is simply the 32 KiB before the current position.
final class LZ77Matcher {
    /// How hard the matcher looks; the defaults are zlib's level 6.
    struct Parameters: Sendable {
        /// The most chain links followed per search.
        var maximumChainLength: Int
        /// With a pending match at least this long, searches follow a
        /// quarter of the chain.
        var goodLength: Int
        /// With a pending match at least this long, the next position is not
        /// searched at all.
        var lazyLength: Int
        /// A match at least this long ends the search at once.
        var niceLength: Int
        /// A 3-byte match farther than this (bytes) costs more bits than
        /// three literals and is dropped.
        var tooFarDistance: Int

        /// zlib's level 6 (its default): good 8, lazy 16, nice 128, chain 128.
        static let `default` = Parameters(
            maximumChainLength: 128, goodLength: 8, lazyLength: 16, niceLength: 128, tooFarDistance: 4096)
        /// A fast setting for tests of the block logic: greedy-ish, short chains.
        static let fast = Parameters(
            maximumChainLength: 4, goodLength: 4, lazyLength: 4, niceLength: 16, tooFarDistance: 4096)
    }

    /// Hash buckets: 2^15, as zlib's default memory level.
    static let hashBits = 15
    /// Multiplier of the 3-byte hash (2^32 / golden ratio), spreading
    /// nearby prefixes over all buckets.
    static let hashMultiplier: UInt32 = 0x9E37_79B1
    /// Chain links are indexed by position modulo twice the window, so a
    /// link is overwritten only after its position has left the window.
    static let linkCount = 2 * Deflate.windowSize
    /// Marks an empty chain.
    static let noPosition = -1

    var input: UnsafeBufferPointer<UInt8>
    /// Whether `input` ends the data (else more follows: matching stops
    /// `lookahead` bytes before its end and nothing pending is flushed).
    var inputIsFinal = true
    /// Bytes kept unmatched at the end of an input more data follows: a
    /// longest match, and the lazy step's byte after it, are found in full.
    static let lookahead = Deflate.maximumMatchLength + Deflate.minimumMatchLength + 1
    let parameters: Parameters
    let head: UnsafeMutablePointer<Int>
    private let previous: UnsafeMutablePointer<Int>
    /// The next position to search.
    var position = 0
    /// Whether the byte at `position - 1` still waits to be coded, as a
    /// literal or as the start of a match of `pendingLength` bytes.
    var hasPendingByte = false
    private var pendingLength = 0
    private var pendingDistance = 0

    /// A matcher over `input`, which must outlive it.
    init(input: UnsafeRawBufferPointer, parameters: Parameters) {
        self.input = input.bindMemory(to: UInt8.self)
        self.parameters = parameters
        head = .allocate(capacity: 1 << LZ77Matcher.hashBits)
        head.initialize(repeating: LZ77Matcher.noPosition, count: 1 << LZ77Matcher.hashBits)
        previous = .allocate(capacity: LZ77Matcher.linkCount)
        previous.initialize(repeating: LZ77Matcher.noPosition, count: LZ77Matcher.linkCount)
    }

    deinit {
        head.deallocate()
        previous.deallocate()
    }

    /// Whether every input byte has been turned into tokens (and the input
    /// is the end of the data).
    var isFinished: Bool { inputIsFinal && position >= input.count && !hasPendingByte }

    /// The next position to search, in the current input.
    var nextPosition: Int { position }

    /// Continues over `newInput`: the same data as the current input from
    /// byte `offset` on (a multiple of `linkCount`), with more after it.
    /// Positions move down by `offset`; chain links to positions before it
    /// (outside any window from now on) are dropped.
    /// - Parameter isFinal: whether `newInput` ends the data.
    func continueWith(_ newInput: UnsafeRawBufferPointer, droppingFirst offset: Int, isFinal: Bool) {
        precondition(offset % LZ77Matcher.linkCount == 0 && offset <= max(0, position - 1))
        input = newInput.bindMemory(to: UInt8.self)
        inputIsFinal = isFinal
        guard offset > 0 else { return }
        position -= offset
        for i in 0..<(1 << LZ77Matcher.hashBits) {
            head[i] = head[i] >= offset ? head[i] - offset : LZ77Matcher.noPosition
        }
        for i in 0..<LZ77Matcher.linkCount {
            previous[i] = previous[i] >= offset ? previous[i] - offset : LZ77Matcher.noPosition
        }
    }

    /// Appends tokens to `block` until it holds `block.capacity` tokens or
    /// the input is used up (then the last pending byte is flushed too).
    func fill(_ block: TokenBlock) {
        guard let bytes = input.baseAddress else { return }
        let count = input.count
        let minimum = Deflate.minimumMatchLength
        let window = Deflate.windowSize
        let linkMask = LZ77Matcher.linkCount - 1
        let hashShift = UInt32(32 - LZ77Matcher.hashBits)
        let head = self.head, previous = self.previous, parameters = self.parameters
        let tokens = block.tokens
        let literalLengthCounts = block.literalLengthCounts, distanceCounts = block.distanceCounts
        var tokenCount = block.count, byteCount = block.inputByteCount
        var position = self.position, hasPendingByte = self.hasPendingByte
        var pendingLength = self.pendingLength, pendingDistance = self.pendingDistance
        let lengthSymbols = Deflate.lengthSymbolTable
        // With more data to come, matching stops short of the end.
        let stop = inputIsFinal ? count : count - LZ77Matcher.lookahead

        /// Links `p` into its chain and returns the chain's previous head.
        @inline(__always) func insert(_ p: Int) -> Int {
            let key = UInt32(bytes[p]) | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2]) << 16
            let bucket = Int((key &* LZ77Matcher.hashMultiplier) >> hashShift)
            let older = head[bucket]
            head[bucket] = p
            previous[p & linkMask] = older
            return older
        }
        @inline(__always) func emitLiteral(_ byte: UInt8) {
            tokens[tokenCount] = UInt32(byte)
            literalLengthCounts[Int(byte)] += 1
            tokenCount += 1
            byteCount += 1
        }

        Deflate.distanceSymbolTable.withUnsafeBufferPointer { distanceTable in
            while position < stop && tokenCount < block.capacity {
                var length = 0, distance = 0
                if position + minimum <= count {
                    let candidate = insert(position)
                    if pendingLength < parameters.lazyLength, candidate != LZ77Matcher.noPosition,
                        position - candidate <= window
                    {
                        let chain =
                            pendingLength >= parameters.goodLength
                            ? parameters.maximumChainLength >> 2 : parameters.maximumChainLength
                        (length, distance) = longestMatch(
                            at: position, from: candidate, longerThan: pendingLength, chainLength: chain)
                        if length == minimum && distance > parameters.tooFarDistance { length = 0 }
                    }
                }
                if hasPendingByte && pendingLength >= minimum && length <= pendingLength {
                    // The match starting at position - 1 wins: code it and
                    // link the positions it covers.
                    tokens[tokenCount] = UInt32(pendingDistance) << TokenBlock.distanceShift | UInt32(pendingLength)
                    literalLengthCounts[Int(lengthSymbols[pendingLength])] += 1
                    distanceCounts[Deflate.distanceSymbol(for: pendingDistance, table: distanceTable)] += 1
                    tokenCount += 1
                    byteCount += pendingLength
                    let end = position - 1 + pendingLength
                    let lastLinked = min(end, count - minimum + 1)
                    if position + 1 < lastLinked {
                        for p in (position + 1)..<lastLinked { _ = insert(p) }
                    }
                    position = end
                    hasPendingByte = false
                    pendingLength = 0
                } else {
                    if hasPendingByte { emitLiteral(bytes[position - 1]) }
                    hasPendingByte = true
                    pendingLength = length
                    pendingDistance = distance
                    position += 1
                }
            }
        }
        if inputIsFinal && position >= count && hasPendingByte {
            // Fewer than three bytes follow the pending one: it is a literal.
            assert(pendingLength < minimum)
            emitLiteral(bytes[position - 1])
            hasPendingByte = false
        }
        block.count = tokenCount
        block.inputByteCount = byteCount
        self.position = position
        self.hasPendingByte = hasPendingByte
        self.pendingLength = pendingLength
        self.pendingDistance = pendingDistance
    }

    /// The longest match for the bytes at `position` among the chain that
    /// starts at `first`, if longer than `longerThan` (and at least 3);
    /// otherwise length 0. Follows at most `chainLength` links and only
    /// positions within the window.
    @inline(__always)
    private func longestMatch(
        at position: Int, from first: Int, longerThan: Int, chainLength: Int
    ) -> (length: Int, distance: Int) {
        let bytes = input.baseAddress!
        let limit = min(Deflate.maximumMatchLength, input.count - position)
        var best = max(longerThan, Deflate.minimumMatchLength - 1)
        guard best < limit else { return (0, 0) }
        let nice = min(parameters.niceLength, limit)
        let linkMask = LZ77Matcher.linkCount - 1
        var bestDistance = 0
        var candidate = first
        var chain = chainLength
        while candidate != LZ77Matcher.noPosition && position - candidate <= Deflate.windowSize && chain > 0 {
            if bytes[candidate + best] == bytes[position + best] && bytes[candidate] == bytes[position] {
                let length = LZ77Matcher.commonPrefixLength(bytes, candidate, position, limit: limit)
                if length > best {
                    best = length
                    bestDistance = position - candidate
                    if length >= nice { break }
                }
            }
            candidate = previous[candidate & linkMask]
            chain -= 1
        }
        return bestDistance == 0 ? (0, 0) : (best, bestDistance)
    }

    /// How many bytes from offsets `a` and `b` agree, at most `limit`; needs
    /// `b + limit` within the input and `a < b`. Compares 8 bytes at a time.
    @inline(__always)
    static func commonPrefixLength(_ bytes: UnsafePointer<UInt8>, _ a: Int, _ b: Int, limit: Int) -> Int {
        let raw = UnsafeRawPointer(bytes)
        let wordSize = MemoryLayout<UInt64>.size
        var length = 0
        while length + wordSize <= limit {
            let difference =
                raw.loadUnaligned(fromByteOffset: a + length, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: b + length, as: UInt64.self)
            if difference != 0 {
                // The first differing byte is the lowest in memory order.
                return length + difference.littleEndian.trailingZeroBitCount / UInt8.bitWidth
            }
            length += wordSize
        }
        while length < limit && bytes[a + length] == bytes[b + length] { length += 1 }
        return length
    }
}
