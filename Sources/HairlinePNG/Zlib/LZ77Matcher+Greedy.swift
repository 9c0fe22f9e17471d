// Zlib stage: the fast LZ77 search of the `fast` and `default` PNG levels.
// Input bytes -> tokens, as `LZ77Matcher.fill`, with the same guarantee
// (replayed, they give the input back). Algorithm: greedy parsing with one
// candidate per 4-byte hash (zlib's deflate_fast and LZ4 without chains):
// a position is looked up and replaces its bucket's entry; a match of 4 or
// more bytes is taken whole, its inner positions are not inserted. With a
// finite `skipShift`, long literal stretches are crossed in growing steps
// (LZ4's acceleration), which makes noise cheap to store.

extension LZ77Matcher {
    /// The shortest match the greedy search takes: its hash covers 4 bytes.
    static let greedyMinimumMatchLength = 4

    /// Appends tokens to `block` until it holds `block.capacity` tokens or
    /// the input is used up (or, with more input to come, is
    /// `lookahead` bytes from its end). Complexity: O(n), one hash lookup
    /// per searched position.
    func fillGreedily(_ block: TokenBlock) {
        assert(parameters.strategy == .greedy && !hasPendingByte)
        guard let bytes = input.baseAddress else { return }
        let raw = UnsafeRawPointer(bytes)
        let count = input.count
        let window = Deflate.windowSize
        let minimum = LZ77Matcher.greedyMinimumMatchLength
        let hashShift = UInt32(32 - LZ77Matcher.hashBits)
        let head = self.head, skipShift = parameters.skipShift
        let tokens = block.tokens, capacity = block.capacity
        let literalLengthCounts = block.literalLengthCounts, distanceCounts = block.distanceCounts
        var tokenCount = block.count, byteCount = block.inputByteCount
        var position = self.position
        // With more data to come, matching stops short of the end.
        let stop = inputIsFinal ? count : count - LZ77Matcher.lookahead
        // Positions with a whole 4-byte key ahead of them.
        let searchEnd = count - (minimum - 1)
        var literalsInARow = 0
        let lengthSymbols = Deflate.lengthSymbolTable

        Deflate.distanceSymbolTable.withUnsafeBufferPointer { distanceTable in
            lengthSymbols.withUnsafeBufferPointer { lengthSymbols in
                while position < stop && tokenCount < capacity {
                    if position < searchEnd {
                        let key = raw.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                        let bucket = Int((key &* LZ77Matcher.hashMultiplier) >> hashShift)
                        let candidate = head[bucket]
                        head[bucket] = position
                        if candidate != LZ77Matcher.noPosition, position - candidate <= window,
                            raw.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == key
                        {
                            let limit = min(Deflate.maximumMatchLength, count - position)
                            let length =
                                minimum
                                + LZ77Matcher.commonPrefixLength(
                                    bytes, candidate + minimum, position + minimum, limit: limit - minimum)
                            let distance = position - candidate
                            tokens[tokenCount] = UInt32(distance) << TokenBlock.distanceShift | UInt32(length)
                            literalLengthCounts[Int(lengthSymbols[length])] += 1
                            distanceCounts[Deflate.distanceSymbol(for: distance, table: distanceTable)] += 1
                            tokenCount += 1
                            byteCount += length
                            position += length
                            literalsInARow = 0
                            continue
                        }
                    }
                    // No match: one literal, or a few once literals have
                    // run long (never past `stop` or the block's capacity).
                    let step = min(1 + literalsInARow >> skipShift, stop - position, capacity - tokenCount)
                    for p in position..<(position + step) {
                        let byte = bytes[p]
                        tokens[tokenCount] = UInt32(byte)
                        literalLengthCounts[Int(byte)] += 1
                        tokenCount += 1
                    }
                    byteCount += step
                    position += step
                    literalsInARow += 1
                }
            }
        }
        block.count = tokenCount
        block.inputByteCount = byteCount
        self.position = position
    }
}
